// Route guards of spec §4 "Start-up": no signed-in user → /login, unverified → /signup/verify, except on the
// public pages (help, FAQ, terms, privacy, 404). Verified users skip the login and sign-up pages.
import type { User } from '../domain/contract';

/**
 * Who may see a route: a verified user, anyone, only signed-out visitors, the verification step, or admins and
 * editors (issue #15; the server checks every admin call itself).
 */
export type Access = 'user' | 'public' | 'guest' | 'verify' | 'admin';

export type AuthValue = { accessToken?: string; user: User | null } | null | undefined;

/** Where to send the visitor instead, or null to stay. `undefined` auth (still loading) never redirects. */
export function guardRedirect(access: Access, auth: AuthValue, path: string): string | null {
  if (auth === undefined || access === 'public') return null;
  const user = auth?.user ?? null;
  switch (access) {
    case 'user':
      if (!user)
        return path === '/' || path === '/dashboard' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
      return user.verified ? null : '/signup/verify';
    case 'guest':
      // An unverified user may still log in or sign up with another account.
      return user?.verified ? '/dashboard' : null;
    case 'verify':
      return user?.verified ? '/dashboard' : null;
    case 'admin':
      if (!user) return `/login?next=${encodeURIComponent(path)}`;
      if (!user.verified) return '/signup/verify';
      return user.isAdmin ? null : '/dashboard';
  }
}

/** A `next=` target is only followed when it is a path on this site. */
export function safeNext(next: string | null | undefined, fallback = '/dashboard'): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : fallback;
}
