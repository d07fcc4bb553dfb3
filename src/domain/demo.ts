// The demo account (DEMO=on, issue #20 item 13): its login is printed at start and shown to every visitor, so
// whatever would lock the others out is refused for it (password change, account deletion, e-mail change,
// upload targets). Server and client tell it by its address: example.com mail is never delivered, so no real
// account can hold it.
export const DEMO_EMAIL = 'demo@example.com';

export const isDemoAccount = (user: { email?: string | null } | null | undefined): boolean =>
  user?.email?.toLowerCase() === DEMO_EMAIL;
