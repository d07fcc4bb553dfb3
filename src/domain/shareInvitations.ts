// Input rules of shareInvitations (issue #10), shared by the server and the mocks: each builds them with its own
// input readers (readers.ts), so both refuse the same input with the same 400.
import { ERRORS } from './errors';
import type { InputReaders } from './readers';
import { isValidEmail } from './validate';

export const SHARE_MESSAGES = {
  email: 'email must be an e-mail address',
  self: 'You cannot invite yourself',
  status: "status must be 'accepted' or 'declined'",
  role: "role must be 'sent' or 'received'",
  ownerOnly: ERRORS.shareOwnerOnly,
  recipientOnly: ERRORS.shareRecipientOnly,
  notFound: ERRORS.invitationNotFound,
  tooMany: ERRORS.tooManyInvitations,
  invitationOnly: 'A station is shared by invitation (shareInvitations), not by adding to shareUsers',
} as const;

/** Invitations an owner may send per hour (known and unknown addresses alike). */
export const INVITATIONS_PER_HOUR = 30;

export function shareInvitationRules(r: InputReaders) {
  return {
    /** create: {device, email}; the address is compared in lower case. */
    create(data: unknown): { device: string; email: string } {
      const body = r.asObject(data);
      for (const key of Object.keys(body))
        if (key !== 'device' && key !== 'email') throw r.fail(`${key} cannot be set`, { field: key });
      const device = r.id(body.device, 'device');
      const email = r.str(body, 'email', { required: true, max: 254, message: SHARE_MESSAGES.email });
      if (!email || !isValidEmail(email)) throw r.fail(SHARE_MESSAGES.email, { field: 'email' });
      return { device, email: email.toLowerCase() };
    },
    /** patch: {status: 'accepted' | 'declined'}. */
    answer(data: unknown): 'accepted' | 'declined' {
      const body = r.asObject(data);
      for (const key of Object.keys(body))
        if (key !== 'status') throw r.fail(`${key} cannot be set`, { field: key });
      if (body.status !== 'accepted' && body.status !== 'declined')
        throw r.fail(SHARE_MESSAGES.status, { field: 'status' });
      return body.status;
    },
    /** find: optional device, role and status filters. */
    query(query: Record<string, unknown> | undefined): {
      device?: string;
      role?: 'sent' | 'received';
      status?: 'pending' | 'accepted';
    } {
      const q = query ?? {};
      for (const key of Object.keys(q))
        if (!['device', 'role', 'status', '$paginate', '$limit'].includes(key))
          throw r.fail(`${key} is not a filter of shareInvitations`, { field: key });
      const role = q.role;
      if (role !== undefined && role !== 'sent' && role !== 'received')
        throw r.fail(SHARE_MESSAGES.role, { field: 'role' });
      const status = q.status;
      if (status !== undefined && status !== 'pending' && status !== 'accepted')
        throw r.fail("status must be 'pending' or 'accepted'", { field: 'status' });
      return {
        device: q.device === undefined ? undefined : r.id(q.device, 'device'),
        role,
        status,
      };
    },
  };
}
