// Invitation rows as read from the database, and the mail the invited address gets. What each side sees of a
// row is src/domain/invitationRecord.ts (shared with the mocks).
import type { InvitationRow, Inviter } from '../../../src/domain/invitationRecord';

export function fromDb(row: Record<string, unknown>): InvitationRow {
  return {
    ...(row as unknown as InvitationRow),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
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
