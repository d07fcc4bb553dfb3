// A share invitation as stored, and what each side sees of it: one rule for the server and the mocks.
// The owner sees only what they typed (the address) and `pending` until the invited person accepts; a declined
// invitation stays `pending` to the owner, so declining reveals nothing.
import type { ShareInvitation } from './contract';

export interface InvitationRow {
  _id: string;
  device: string;
  owner: string;
  email: string;
  recipient: string | null;
  status: 'pending' | 'accepted' | 'declined';
  createdAt: number;
  updatedAt: number;
}

export type Inviter = NonNullable<ShareInvitation['from']>;

/** The owner's copy. */
export function sentCopy(row: InvitationRow, deviceName: string): ShareInvitation {
  const accepted = row.status === 'accepted';
  return {
    _id: row._id,
    device: row.device,
    deviceName,
    email: row.email,
    status: accepted ? 'accepted' : 'pending',
    role: 'sent',
    recipient: accepted ? row.recipient : null,
    createdAt: row.createdAt,
  };
}

/** The invited person's copy: who invites them to which station. */
export function receivedCopy(
  row: InvitationRow,
  deviceName: string,
  from: Inviter,
  recipient: string,
): ShareInvitation {
  return {
    _id: row._id,
    device: row.device,
    deviceName,
    email: row.email,
    status: row.status,
    role: 'received',
    recipient: row.status === 'accepted' ? recipient : null,
    from,
    createdAt: row.createdAt,
  };
}
