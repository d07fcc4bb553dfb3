// ADMIN_EMAILS (issue #15): the accounts named there are made admins at start-up (role admin). There is no
// other way to make the first admin; further roles are given on the admin users screen. Addresses without an
// account are logged and tried again at the next start.
import type { Knex } from 'knex';

export async function applyAdminEmails(
  knex: Knex,
  emails: string[] | undefined,
  log: (message: string) => void = () => {},
): Promise<number> {
  if (!emails || emails.length === 0) return 0;
  const found: { email: string }[] = await knex('users').whereIn('email', emails).select('email');
  if (found.length > 0)
    await knex('users')
      .whereIn('email', emails)
      .update({ isAdmin: true, adminType: 'admin', updatedAt: Date.now() });
  const missing = emails.filter((e) => !found.some((f) => f.email === e));
  if (missing.length > 0) log(`ADMIN_EMAILS: no account yet for ${missing.join(', ')}`);
  return found.length;
}
