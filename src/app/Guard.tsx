// Applies guardRedirect for the deepest route's `handle.access` (default 'user').
import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { type Access, guardRedirect } from './guard';
import type { RouteHandle } from './handle';
import { useSession } from './session';

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const m of matches) Object.assign(merged, (m.handle as RouteHandle | undefined) ?? {});
  return merged;
}

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
