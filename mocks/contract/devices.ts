// Contract: device lists ordered owned, shared, public (then `order`), the `$devices` scopes, who sees keys.
import { describe, expect, test } from 'vitest';
import { call } from '../../server/testing/server';
import type { Contract } from './context';

export function devicesContract(c: Contract): void {
  describe('device lists', () => {
    test('owned, then shared, then public, each by order; owners alone see keys and share addresses', async () => {
      const a = await c.b.signUpAndLogIn();
      const sharer = await c.b.signUpAndLogIn();
      const publisher = await c.b.signUpAndLogIn();
      const a1 = await c.b.createStation(a.token, { name: 'A1' });
      const a2 = await c.b.createStation(a.token, { name: 'A2' });
      expect(a1.wsid).toMatch(/^[a-z0-9]{6,32}$/);
      expect(a1.stationKey).toEqual(expect.any(String));
      const patched = await call(c.b.base, 'PATCH', `/weatherDevices/${a2._id}`, {
        token: a.token,
        body: { order: -1 },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ _id: a2._id, order: -1, stationKey: a2.stationKey });
      const shared = await c.b.createStation(sharer.token, { name: 'S1' });
      const share = await call(c.b.base, 'PATCH', `/weatherDevices/${shared._id}`, {
        token: sharer.token,
        body: { shareUsers: [a.email] },
      });
      expect(share.body).toMatchObject({ shareUsers: [a.user._id], shareEmails: [a.email] });
      const pub = await c.b.createStation(publisher.token, { name: 'P1' });
      await call(c.b.base, 'PATCH', `/weatherDevices/${pub._id}`, {
        token: publisher.token,
        body: { shareMode: 'public' },
      });

      const names = (res: { body: { name: string }[] }) => res.body.map((d) => d.name);
      const all = await c.get(
        `/weatherDevices?$devices[owned]=true&$devices[shared]=true&$devices[public][0]=${pub._id}`,
        a,
      );
      expect(names(all)).toEqual(['A2', 'A1', 'S1', 'P1']);
      const [, , s1, p1] = all.body;
      expect(s1).toMatchObject({ shareUsers: [a.user._id] });
      expect(s1.stationKey).toBeUndefined();
      expect(s1.shareEmails).toBeUndefined();
      expect(p1).toMatchObject({ shareUsers: [], shareMode: 'public' });
      expect(p1.stationKey).toBeUndefined();
      expect(names(await c.get('/weatherDevices?$devices[owned]=true', a))).toEqual(['A2', 'A1']);
      expect(names(await c.get('/weatherDevices?$devices[shared]=true', a))).toEqual(['S1']);
      expect(names(await c.get('/weatherDevices', a))).toEqual(['A2', 'A1', 'S1']);
      expect(names(await c.get('/weatherDevices?$limit=1', a))).toEqual(['A2']);
      expect(names(await c.get(`/weatherDevices?$devices[public][0]=${pub._id}`))).toEqual(['P1']);
      expect((await c.get('/weatherDevices')).body).toEqual([]);
      const one = await c.get(`/weatherDevices/${a1._id}`, a);
      expect(one.body).toMatchObject({ _id: a1._id, name: 'A1', user: a.user._id, shareMode: 'private' });
    });
  });
}
