// The account e2e/admin.spec.ts signs up: the e2e server runs with ADMIN_EMAILS set to it, so the account is an
// admin once its address is verified.
export const ADMIN_EMAIL = 'admin@e2e.example.com';
