// What the admin area (issue #15) lets admins change, and how a role is read: one rule for the server's
// admin/users and admin/devices and the mocks'.
import type { AdminType } from './contract';
import type { Fail } from './readers';

/** The account fields admin/users patch takes. */
export const ADMIN_USER_EDITABLE = new Set([
  'firstName',
  'lastName',
  'email',
  'verified',
  'disabled',
  'adminType',
  'resetPassword',
]);

/** The station fields admin/devices patch takes besides `user` (checked as the owner's edit is). */
export const ADMIN_DEVICE_EDITABLE = new Set(['name', 'consoletype', 'shareMode', 'timezone']);

const ROLES = new Set<AdminType | null>(['admin', 'editor', null]);

/** The role a body asks for: undefined when not asked, null (or '') for none; anything else a 400. */
export function readRole(data: Record<string, unknown>, fail: Fail): AdminType | null | undefined {
  if (data.adminType === undefined) return undefined;
  const r = data.adminType === '' ? null : data.adminType;
  if (!ROLES.has(r as AdminType | null))
    throw fail("adminType must be 'admin', 'editor' or null", { field: 'adminType' });
  return r as AdminType | null;
}
