// shareInvitations as the server answers them (server/services/share-invitations/): an owner invites an
// address, the same answer whether or not an account uses it; the verified account with that address accepts
// (→ shareUsers) or declines (the owner keeps seeing "pending"); remove revokes (owner) or leaves (recipient).
import { http } from 'msw';
import type { ShareInvitation } from '../../src/domain/contract';
import { type InvitationRow, receivedCopy, sentCopy } from '../../src/domain/invitationRecord';
import { SHARE_MESSAGES, shareInvitationRules } from '../../src/domain/shareInvitations';
import { readable, required } from '../access';
import { type MockDb, objectId, type UserRow } from '../db';
import { answer, badRequest, codedError } from '../errors';
import { bodyOf, created, json, queryOf } from '../respond';
import { readers } from '../validate';

const rules = shareInvitationRules(readers);

const deviceName = (db: MockDb, row: InvitationRow) => db.devices.get(row.device)?.name ?? '';

function receivedFor(db: MockDb, row: InvitationRow, me: UserRow): ShareInvitation {
  const owner = db.users.get(row.owner);
  const from = {
    _id: row.owner,
    email: owner?.email ?? '',
    firstName: owner?.firstName ?? '',
    lastName: owner?.lastName ?? '',
  };
  return receivedCopy(row, deviceName(db, row), from, me._id);
}

/** A row is stale once its device is gone or an accepted user is no longer in shareUsers. */
function live(db: MockDb, row: InvitationRow): boolean {
  const device = db.devices.get(row.device);
  const ok =
    !!device && (row.status !== 'accepted' || (!!row.recipient && device.shareUsers.includes(row.recipient)));
  if (!ok) db.invitations = db.invitations.filter((r) => r !== row);
  return ok;
}

function side(row: InvitationRow, me: UserRow): 'sent' | 'received' | null {
  if (row.owner === me._id) return 'sent';
  if (!me.verified) return null;
  if (row.status === 'accepted' && row.recipient === me._id) return 'received';
  if (row.status === 'pending' && row.email === me.email) return 'received';
  return null;
}

function visible(db: MockDb, id: unknown, me: UserRow) {
  const [rowId] = readers.idList([id], 'id');
  const row = db.invitations.find((r) => r._id === rowId);
  const s = row && live(db, row) ? side(row, me) : null;
  if (!row || !s) throw codedError(404, 'invitationNotFound');
  return { row, side: s };
}

const copyFor = (db: MockDb, row: InvitationRow, s: 'sent' | 'received', me: UserRow) =>
  s === 'sent' ? sentCopy(row, deviceName(db, row)) : receivedFor(db, row, me);

function setShared(db: MockDb, deviceId: string, userId: string, shared: boolean): void {
  const device = db.devices.get(deviceId);
  if (!device) return;
  const others = device.shareUsers.filter((id) => id !== userId);
  device.shareUsers = shared ? [...others, userId] : others;
}

function answerInvitation(db: MockDb, id: unknown, me: UserRow, status: 'accepted' | 'declined') {
  const { row, side: s } = visible(db, id, me);
  if (s !== 'received') throw codedError(403, 'shareRecipientOnly');
  if (row.status !== status) {
    if (status === 'accepted') setShared(db, row.device, me._id, true);
    row.status = status;
    row.updatedAt = Date.now();
    row.recipient = status === 'accepted' ? me._id : null;
  }
  return copyFor(db, row, s, me);
}

export function shareRoutes(base: string, db: MockDb) {
  const path = `${base}/shareInvitations`;
  return [
    http.get(path, ({ request }) =>
      answer(() => {
        const me = required(db, request);
        const q = rules.query(queryOf(request) as Record<string, unknown>);
        const rows = db.invitations.filter((r) => (!q.device || r.device === q.device) && live(db, r));
        const out = rows
          .map((r) => ({ r, s: side(r, me) }))
          .filter(({ s }) => s && (!q.role || q.role === s))
          .map(({ r, s }) => copyFor(db, r, s!, me))
          .filter((i) => !q.status || i.status === q.status)
          .filter((i) => i.role === 'sent' || i.status !== 'declined')
          .sort((a, b) => b.createdAt - a.createdAt || (a._id < b._id ? 1 : -1));
        return json(out);
      }),
    ),
    http.get(`${path}/:id`, ({ request, params }) =>
      answer(() => {
        const me = required(db, request);
        const { row, side: s } = visible(db, params.id, me);
        return json(copyFor(db, row, s, me));
      }),
    ),
    http.post(path, ({ request }) =>
      answer(async () => {
        const me = required(db, request);
        const input = rules.create(await bodyOf(request));
        const device = readable(db, input.device, me);
        if (device.user !== me._id) throw codedError(403, 'shareOwnerOnly');
        if (input.email === me.email) throw badRequest(SHARE_MESSAGES.self, { field: 'email' });
        const existing = db.invitations.find((r) => r.device === device._id && r.email === input.email);
        if (existing && live(db, existing)) return created(sentCopy(existing, deviceName(db, existing)));
        const row: InvitationRow = {
          _id: objectId(),
          device: device._id,
          owner: me._id,
          email: input.email,
          recipient: null,
          status: 'pending',
          createdAt: Date.now(),
          updatedAt: Date.now(),
        };
        db.invitations.push(row);
        db.mail.push({
          to: input.email,
          subject: `${me.firstName || me.email} invites you to see a station`,
        });
        return created(sentCopy(row, deviceName(db, row)));
      }),
    ),
    http.patch(`${path}/:id`, ({ request, params }) =>
      answer(async () => {
        const me = required(db, request);
        const status = rules.answer(await bodyOf(request));
        return json(answerInvitation(db, params.id, me, status));
      }),
    ),
    http.delete(`${path}/:id`, ({ request, params }) =>
      answer(() => {
        const me = required(db, request);
        const { row, side: s } = visible(db, params.id, me);
        if (s === 'received' && row.status === 'pending')
          return json(answerInvitation(db, params.id, me, 'declined'));
        const copy = copyFor(db, row, s, me);
        db.invitations = db.invitations.filter((r) => r !== row);
        if (row.status === 'accepted' && row.recipient) setShared(db, row.device, row.recipient, false);
        return json(copy);
      }),
    ),
  ];
}
