// Invitation rows <-> what each side sees, and the mail the invited address gets.
// The owner sees only what they typed (the address) and `pending` until the invited person accepts; a declined
// invitation stays `pending` to the owner, so declining reveals nothing (an address without an account never
// answers either).
import type { ShareInvitation } from '../../../src/domain/contract';

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

export function fromDb(row: Record<string, unknown>): InvitationRow {
  return {
    ...(row as unknown as InvitationRow),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

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

export const inviterName = (from: Inviter) =>
  [from.firstName, from.lastName].filter(Boolean).join(' ').trim() || from.email;

/**
 * The invitation mail. An address with an account is sent to the invitations screen, one without to sign-up
 * (it can accept once it has an account with that address). Only the address's owner reads it, so the
 * difference reveals nothing to the sharer.
 */
export function invitationMail(
  to: string,
  from: Inviter,
  deviceName: string,
  origin: string,
  hasAccount: boolean,
) {
  const who = `${inviterName(from)} (${from.email})`;
  const next = hasAccount
    ? `Accept or decline it here: ${origin}/shares`
    : `To accept it, create an account with this address: ${origin}/signup\nThen open ${origin}/shares`;
  return {
    to,
    subject: `${inviterName(from)} invites you to see the weather station "${deviceName}"`,
    text:
      `${who} invites you to see their weather station "${deviceName}" on the weather portal.\n\n` +
      `${next}\n\nNothing is shared with ${inviterName(from)} unless you accept; you can ignore this message.\n`,
  };
}
