// Test helper: share a station the way the app does it (issue #10): the owner invites the friend's address,
// the friend accepts. Both must be verified accounts.
import { call, type TestServer } from './server';

export async function shareStation(
  t: TestServer,
  owner: { token: string },
  device: string,
  friend: { token: string; email: string },
): Promise<string> {
  const invited = await call(t.url, 'POST', '/shareInvitations', {
    token: owner.token,
    body: { device, email: friend.email },
  });
  if (invited.status !== 201) throw new Error(`invitation failed: ${JSON.stringify(invited.body)}`);
  const accepted = await call(t.url, 'PATCH', `/shareInvitations/${invited.body._id}`, {
    token: friend.token,
    body: { status: 'accepted' },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return invited.body._id;
}
