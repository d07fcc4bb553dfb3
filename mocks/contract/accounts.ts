// Contract: the signed-in user, re-authentication with the token, a taken address, a new code.
import { describe, expect, test } from 'vitest';
import { call } from '../../server/testing/server';
import type { Contract } from './context';

export function accountsContract(c: Contract): void {
  describe('accounts', () => {
    test('me, re-authentication with the token, a taken address, a new code', async () => {
      const me = await c.get('/users', c.owner);
      expect(me.body).toEqual([c.owner.user]);
      expect(c.owner.user).toMatchObject({ email: c.owner.email, verified: true, temperatureUnit: 'C' });
      const again = await call(c.b.base, 'POST', '/authentication', {
        body: { strategy: 'jwt', accessToken: c.owner.token },
      });
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        accessToken: c.owner.token,
        authentication: { strategy: 'jwt', accessToken: c.owner.token },
        user: c.owner.user,
      });
      const taken = await call(c.b.base, 'POST', '/users', {
        body: { email: c.owner.email, password: 'correct horse battery', termsAccepted: true },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({
        message: 'This e-mail address is already registered',
        data: { field: 'email' },
      });
      const resend = await call(c.b.base, 'POST', '/users/verify', {
        body: { email: c.owner.email, resend: true },
      });
      expect(resend).toMatchObject({ status: 201, body: { sent: true } });
    });
  });
}
