// Applies guardRedirect for the deepest route's `handle.access` (default 'user').
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type Access, guardRedirect } from './guard';
import { useRouteHandle } from './handle';
import { useSession } from './session';

export function Guard({ children }: { children: ReactNode }) {
  const access: Access = useRouteHandle().access ?? 'user';
  const auth = useSession();
  const { pathname, search } = useLocation();
  const to = guardRedirect(access, auth, pathname + search);
  if (to) return <Navigate to={to} replace />;
  // Private pages wait for the stored session to load instead of flashing the login page.
  if (auth === undefined && (access === 'user' || access === 'admin')) return null;
  return children;
}
