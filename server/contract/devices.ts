// Contract: device lists ordered owned, shared, public (then `order`), the `$devices` scopes, who sees keys.
import { describe, expect, test } from 'vitest';
import { call } from '../testing/server';
import type { Contract } from './context';
import { shareVia } from './shares';

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
      await shareVia(c.b.base, sharer, shared._id, a);
      const share = await c.get(`/weatherDevices/${shared._id}`, sharer);
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

    test('the MAC and MAC identification reach the owner only; a MAC is claimed by one station only', async () => {
      const owner = await c.b.signUpAndLogIn();
      const friend = await c.b.signUpAndLogIn();
      const other = await c.b.signUpAndLogIn();
      const mac = 'AA:BB:CC:0A:0B:0C';
      const station = await c.b.createStation(owner.token, { name: 'Mac', mac: 'aa-bb-cc-0a-0b-0c' });
      const patch = (account: { token: string }, id: string, body: unknown) =>
        call(c.b.base, 'PATCH', `/weatherDevices/${id}`, { token: account.token, body });
      await shareVia(c.b.base, owner, station._id, friend);
      expect((await patch(owner, station._id, { shareMode: 'public' })).status).toBe(200);
      expect((await c.get(`/weatherDevices/${station._id}`, owner)).body).toMatchObject({
        mac,
        macAuth: false,
      });
      for (const viewer of [friend, undefined]) {
        const seen = await c.get(`/weatherDevices/${station._id}`, viewer);
        expect(seen.status).toBe(200);
        expect(seen.body).not.toHaveProperty('mac');
        expect(seen.body).not.toHaveProperty('macAuth');
        const listed = await c.get(`/weatherDevices?wsid=${station.wsid}`, viewer);
        expect(listed.body[0]).not.toHaveProperty('mac');
      }
      expect((await patch(friend, station._id, { macAuth: true })).status).toBe(403);
      const bad = await patch(owner, station._id, { macAuth: 'yes' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('macAuth must be true or false');
      const claimed = await patch(owner, station._id, { macAuth: true });
      expect(claimed.status).toBe(200);
      expect(claimed.body).toMatchObject({ mac, macAuth: true });
      // Another account registers the same MAC: allowed, but it cannot claim it for identification.
      const copy = await c.b.createStation(other.token, { name: 'Copy', mac });
      const second = await patch(other, copy._id, { macAuth: true });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({
        name: 'Conflict',
        message: 'This MAC address already identifies another station',
        data: { field: 'macAuth', code: 'macClaimed' },
      });
      const made = await call(c.b.base, 'POST', '/weatherDevices', {
        token: other.token,
        body: { name: 'Copy 2', mac, macAuth: true },
      });
      expect(made.status).toBe(409);
      // Without a MAC there is nothing to identify by.
      const bare = await c.b.createStation(other.token, { name: 'Bare' });
      const noMac = await patch(other, bare._id, { macAuth: true });
      expect(noMac.status).toBe(400);
      expect(noMac.body).toMatchObject({
        message: 'Enter the MAC address to identify the station by it',
        data: { code: 'macNeeded' },
      });
      expect((await patch(owner, station._id, { mac: null })).status).toBe(400);
      // Released by its owner, the MAC can be claimed by the other station.
      expect((await patch(owner, station._id, { macAuth: false })).status).toBe(200);
      expect((await patch(other, copy._id, { macAuth: true })).body).toMatchObject({ macAuth: true });
    });
  });
}
