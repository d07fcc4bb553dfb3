// Invitation rows as read from the database, and the mail the invited address gets. What each side sees of a
// row is src/domain/invitationRecord.ts (shared with the mocks).
import type { InvitationRow, Inviter } from '../../../src/domain/invitationRecord';
import { MAIL_WORDS, type Translate } from '../../../src/domain/words';

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
  t: Translate,
) {
  const name = inviterName(from);
  const next = hasAccount
    ? t(MAIL_WORDS.inviteWithAccount, { link: `${origin}/shares` })
    : t(MAIL_WORDS.inviteWithoutAccount, { signup: `${origin}/signup`, link: `${origin}/shares` });
  const values = { name, who: `${name} (${from.email})`, station: deviceName, next };
  return { to, subject: t(MAIL_WORDS.inviteSubject, values), text: `${t(MAIL_WORDS.inviteBody, values)}\n` };
}
