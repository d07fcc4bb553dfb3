// Contract: the signed-in user, re-authentication with the token, a taken address, a new code; the names of
// related users (spec §7: find with $in on ids, limit 100).
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

    test('related names: $in on ids answers only users related through a station, others by name only', async () => {
      const sharer = await c.b.signUpAndLogIn();
      const friend = await c.b.signUpAndLogIn();
      const station = await c.b.createStation(sharer.token, { name: 'Names' });
      await call(c.b.base, 'PATCH', `/weatherDevices/${station._id}`, {
        token: sharer.token,
        body: { shareUsers: [friend.email] },
      });
      const ids = [sharer.user._id, friend.user._id, c.stranger.user._id, 'f'.repeat(24)];
      const query = `${ids.map((id) => `_id[$in][]=${id}`).join('&')}&$limit=100`;
      const byId = (list: { _id: string }[]) => [...list].sort((x, y) => x._id.localeCompare(y._id));
      const name = (a: typeof sharer) => ({ _id: a.user._id, email: a.email, firstName: '', lastName: '' });

      // The shared user sees the owner's name and their own record; the stranger and unknown ids are not there.
      const seen = await c.get(`/users?${query}&$paginate=false`, friend);
      expect(seen.status).toBe(200);
      expect(byId(seen.body)).toEqual(byId([name(sharer), friend.user]));
      // Paginated by default.
      const page = await c.get(`/users?${query}`, sharer);
      expect(page.body).toMatchObject({ total: 2, limit: 100, skip: 0 });
      expect(byId(page.body.data)).toEqual(byId([sharer.user, name(friend)]));
      expect((await c.get(`/users?${query}`, c.stranger)).body).toMatchObject({ total: 1 });
      expect((await c.get(`/users?${query}`)).status).toBe(401);
      expect((await c.get('/users?_id[$in][]=x&$limit=101', friend)).status).toBe(400);
    });
  });
}
