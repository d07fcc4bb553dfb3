// Contract: the signed-in user, re-authentication with the token, a taken address (answered like a new one), a
// new code; download tokens; the names of related users (spec §7: find with $in on ids, limit 100).
import { describe, expect, test } from 'vitest';
import { call } from '../testing/server';
import type { Contract } from './context';
import { shareVia } from './shares';

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
      // Sign-up does not tell which addresses are registered: a taken one gets the answer a new one gets.
      const signUp = (email: string) =>
        call(c.b.base, 'POST', '/users', {
          body: { email, password: 'correct horse battery', termsAccepted: true },
        });
      const taken = await signUp(c.owner.email);
      const fresh = await signUp(`fresh-${Date.now()}@example.com`);
      expect(taken.status).toBe(201);
      expect(fresh.status).toBe(201);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(taken.body).toMatchObject({ email: c.owner.email, verified: false });
      expect(taken.body._id).not.toBe(c.owner.user._id);
      const resend = await call(c.b.base, 'POST', '/users/verify', {
        body: { email: c.owner.email, resend: true },
      });
      expect(resend).toMatchObject({ status: 201, body: { sent: true } });
    });

    test('an unverified account reads itself but creates nothing until verified', async () => {
      const email = `unverified-${Date.now()}@example.com`;
      const password = 'correct horse battery';
      await call(c.b.base, 'POST', '/users', { body: { email, password, termsAccepted: true } });
      const auth = await call(c.b.base, 'POST', '/authentication', {
        body: { strategy: 'local', email, password },
      });
      expect(auth.status).toBe(201);
      const token = auth.body.accessToken;
      expect((await call(c.b.base, 'GET', '/users', { token })).body).toMatchObject([
        { email, verified: false },
      ]);
      const made = await call(c.b.base, 'POST', '/weatherDevices', { token, body: { name: 'Nope' } });
      expect(made.status).toBe(403);
      expect(made.body).toMatchObject({
        message: 'Please verify your e-mail address first',
        data: { reason: 'unverified' },
      });
    });

    test('download tokens: for the export path, signed in only', async () => {
      const made = await call(c.b.base, 'POST', '/downloadTokens', {
        token: c.owner.token,
        body: { path: 'weatherMetrics/export' },
      });
      expect(made.status).toBe(201);
      expect(typeof made.body.token).toBe('string');
      expect(Date.parse(made.body.expiresAt)).toBeGreaterThan(Date.now());
      expect(Date.parse(made.body.expiresAt)).toBeLessThanOrEqual(Date.now() + 61_000);
      const other = await call(c.b.base, 'POST', '/downloadTokens', {
        token: c.owner.token,
        body: { path: 'users' },
      });
      expect(other.status).toBe(400);
      expect(other.body.data).toEqual({ field: 'path' });
      const anonymous = await call(c.b.base, 'POST', '/downloadTokens', {
        body: { path: 'weatherMetrics/export' },
      });
      expect(anonymous.status).toBe(401);
    });

    test('related names: $in on ids answers only users related through a station, others by name only', async () => {
      const sharer = await c.b.signUpAndLogIn();
      const friend = await c.b.signUpAndLogIn();
      const station = await c.b.createStation(sharer.token, { name: 'Names' });
      await shareVia(c.b.base, sharer, station._id, friend);
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
