// The channel of admins' and editors' sockets (joined at sign-in, left when the role is taken away).
export const ADMINS_CHANNEL = 'admins';
