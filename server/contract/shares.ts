// Contract: sharing by invitation (issue #10). The owner invites an address (the same answer for known and
// unknown ones); nothing of the recipient is visible until they accept; accept shares the station, decline
// leaves nothing (the owner keeps seeing "pending"); the recipient leaves, the owner revokes.
import { describe, expect, test } from 'vitest';
import { call } from '../testing/server';
import type { Account } from './backends';
import type { Contract } from './context';

/** Shares a station as the app does: the owner invites the friend's address, the friend accepts. */
export async function shareVia(
  base: string,
  owner: Account,
  device: string,
  friend: Account,
): Promise<string> {
  const sent = await call(base, 'POST', '/shareInvitations', {
    token: owner.token,
    body: { device, email: friend.email },
  });
  if (sent.status !== 201) throw new Error(`invitation failed: ${JSON.stringify(sent.body)}`);
  const accepted = await call(base, 'PATCH', `/shareInvitations/${sent.body._id}`, {
    token: friend.token,
    body: { status: 'accepted' },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return sent.body._id;
}

export function sharesContract(c: Contract): void {
  describe('sharing by invitation', () => {
    const invite = (owner: Account, device: string, email: string) =>
      call(c.b.base, 'POST', '/shareInvitations', { token: owner.token, body: { device, email } });
    const answer = (who: Account, id: string, status: string) =>
      call(c.b.base, 'PATCH', `/shareInvitations/${id}`, { token: who.token, body: { status } });
    const remove = (who: Account, id: string) =>
      call(c.b.base, 'DELETE', `/shareInvitations/${id}`, { token: who.token });

    // The suite's two accounts play owner and invited friend (the server allows few sign-ups per IP); each test
    // removes its station again, so the later suites find them unrelated.
    const drop = (owner: Account, id: string) =>
      call(c.b.base, 'DELETE', `/weatherDevices/${id}`, { token: owner.token });

    test('known and unknown addresses get the same answer; the recipient sees who invites them', async () => {
      const owner = c.owner;
      const friend = c.stranger;
      const station = await c.b.createStation(owner.token, { name: 'Invited' });
      const known = await invite(owner, station._id, friend.email.toUpperCase());
      const unknown = await invite(owner, station._id, `nobody-${Date.now()}@example.com`);
      expect([known.status, unknown.status]).toEqual([201, 201]);
      const strip = ({ _id, email, createdAt, ...rest }: Record<string, unknown>) => rest;
      expect(strip(known.body)).toEqual(strip(unknown.body));
      expect(known.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        device: station._id,
        deviceName: 'Invited',
        email: friend.email,
        status: 'pending',
        role: 'sent',
        recipient: null,
        createdAt: expect.any(Number),
      });
      expect((await invite(owner, station._id, friend.email)).body._id).toBe(known.body._id);

      // Before acceptance: the owner sees the addresses and "pending" only; the friend the invitation only.
      const sent = await c.get('/shareInvitations', owner);
      expect(sent.body.map((i: { email: string }) => i.email).sort()).toEqual(
        [friend.email, unknown.body.email].sort(),
      );
      expect((await c.get(`/weatherDevices/${station._id}`, owner)).body.shareUsers).toEqual([]);
      expect((await c.get(`/weatherDevices/${station._id}`, friend)).status).toBe(404);
      const received = await c.get('/shareInvitations', friend);
      expect(received.body).toEqual([
        {
          ...known.body,
          role: 'received',
          from: { _id: owner.user._id, email: owner.email, firstName: '', lastName: '' },
        },
      ]);

      // Accepted: the station is shared, and the owner now sees who accepted.
      const accepted = await answer(friend, known.body._id, 'accepted');
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ status: 'accepted', recipient: friend.user._id });
      expect((await c.get(`/weatherDevices/${station._id}`, friend)).body).toMatchObject({
        name: 'Invited',
        shareUsers: [friend.user._id],
      });
      expect((await c.get(`/weatherDevices/${station._id}`, owner)).body).toMatchObject({
        shareUsers: [friend.user._id],
        shareEmails: [friend.email],
      });
      expect(
        (await c.get(`/shareInvitations?device=${station._id}&status=accepted`, owner)).body,
      ).toMatchObject([
        { _id: known.body._id, status: 'accepted', recipient: friend.user._id, role: 'sent' },
      ]);

      // The friend leaves: access goes, and so does the invitation.
      expect((await remove(friend, known.body._id)).status).toBe(200);
      expect((await c.get(`/weatherDevices/${station._id}`, friend)).status).toBe(404);
      expect((await c.get('/shareInvitations', friend)).body).toEqual([]);
      expect((await drop(owner, station._id)).status).toBe(200);
      expect((await c.get('/shareInvitations', owner)).body).toEqual([]);
    });

    test('decline leaves nothing; the owner revokes a share; only the right side may act', async () => {
      const owner = c.owner;
      const friend = c.stranger;
      const station = await c.b.createStation(owner.token, { name: 'Declined' });
      const first = await invite(owner, station._id, friend.email);
      const before = await c.get('/shareInvitations', owner);
      expect((await answer(owner, first.body._id, 'accepted')).status).toBe(403);
      expect((await call(c.b.base, 'DELETE', `/shareInvitations/${first.body._id}`)).status).toBe(401);
      const declined = await answer(friend, first.body._id, 'declined');
      expect(declined).toMatchObject({ status: 200, body: { status: 'declined', role: 'received' } });
      expect((await c.get('/shareInvitations', friend)).body).toEqual([]);
      expect((await c.get('/shareInvitations', owner)).body).toEqual(before.body);
      expect((await c.get(`/weatherDevices/${station._id}`, friend)).status).toBe(404);
      expect((await answer(friend, first.body._id, 'accepted')).status).toBe(404);

      // The owner revokes the declined invitation, invites again, and revokes the accepted share.
      expect((await remove(owner, first.body._id)).status).toBe(200);
      const second = await invite(owner, station._id, friend.email);
      expect(second.body._id).not.toBe(first.body._id);
      await answer(friend, second.body._id, 'accepted');
      expect((await c.get(`/weatherDevices/${station._id}`, friend)).status).toBe(200);
      expect((await remove(owner, second.body._id)).status).toBe(200);
      expect((await c.get(`/weatherDevices/${station._id}`, friend)).status).toBe(404);
      expect((await c.get('/shareInvitations', owner)).body).toEqual([]);

      // A shared user may not pass the station on; adding to shareUsers directly is closed.
      await shareVia(c.b.base, owner, station._id, friend);
      const passOn = await invite(friend, station._id, `someone-${Date.now()}@example.com`);
      expect(passOn).toMatchObject({
        status: 403,
        body: { message: 'Only the owner can share this station' },
      });
      const direct = await call(c.b.base, 'PATCH', `/weatherDevices/${station._id}`, {
        token: owner.token,
        body: { shareUsers: [friend.email, owner.email] },
      });
      expect(direct.status).toBe(400);
      expect(direct.body.message).toBe(
        'A station is shared by invitation (shareInvitations), not by adding to shareUsers',
      );
      // Keeping or removing people already shared with still works.
      const kept = await call(c.b.base, 'PATCH', `/weatherDevices/${station._id}`, {
        token: owner.token,
        body: { shareUsers: [friend.email] },
      });
      expect(kept.body.shareUsers).toEqual([friend.user._id]);
      expect((await drop(owner, station._id)).status).toBe(200);
      expect((await c.get(`/weatherDevices/${station._id}`, friend)).status).toBe(404);
      expect((await c.get('/shareInvitations', friend)).body).toEqual([]);
    });

    test('bad input is a 400 with a message; signed-out callers get a 401', async () => {
      const owner = c.owner;
      const station = await c.b.createStation(owner.token);
      const cases: [unknown, string][] = [
        [{ device: station._id, email: 'nope' }, 'email must be an e-mail address'],
        [{ email: 'a@example.com' }, 'device is required'],
        [{ device: station._id, email: owner.email }, 'You cannot invite yourself'],
        [{ device: station._id, email: 'a@example.com', role: 'x' }, 'role cannot be set'],
      ];
      for (const [body, message] of cases) {
        const res = await call(c.b.base, 'POST', '/shareInvitations', { token: owner.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const sent = await invite(owner, station._id, 'someone@example.com');
      const bad = await answer(owner, sent.body._id, 'maybe');
      expect(bad).toMatchObject({
        status: 400,
        body: { message: "status must be 'accepted' or 'declined'" },
      });
      expect((await c.get('/shareInvitations?role=all', owner)).status).toBe(400);
      expect((await c.get('/shareInvitations')).status).toBe(401);
      expect((await drop(owner, station._id)).status).toBe(200);
    });
  });
}
