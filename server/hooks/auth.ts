// Authentication hooks: every external call is checked; internal calls (server code) are trusted.
import { authenticate } from '@feathersjs/authentication';
import { BadRequest, Forbidden, NotAuthenticated } from '@feathersjs/errors';
import type { AuthUser, HookContext } from '../declarations';

const jwt = authenticate('jwt');

/** External callers must present a valid JWT (header `Authorization: Bearer`, or an authenticated socket). */
export async function requireAuth(context: HookContext): Promise<void> {
  if (!context.params.provider) return;
  await jwt(context);
  if (!context.params.user) throw new NotAuthenticated('Not authenticated');
}

/** Authenticates when credentials are present, lets anonymous callers through otherwise (public data). */
export async function optionalAuth(context: HookContext): Promise<void> {
  if (!context.params.provider) return;
  if (context.params.authentication || context.params.authenticated) await jwt(context);
}

export function currentUser(context: HookContext): AuthUser | null {
  return (context.params.user as AuthUser | undefined) ?? null;
}

export function requireAdmin(context: HookContext): void {
  if (context.params.provider && !currentUser(context)?.isAdmin) throw new Forbidden('Administrators only');
}

/** Blocks a method from outside (only server code may call it). */
export function internalOnly(context: HookContext): void {
  if (context.params.provider) throw new Forbidden(`${context.method} is not allowed on ${context.path}`);
}

/**
 * `$accessToken=<jwt>` in a REST query counts as the Authorization header (spec §7: a generic POST to a path
 * with the token as a query parameter; download links cannot set headers). A header, when sent, wins.
 */
export function accessTokenFromQuery(context: HookContext): void {
  const query = context.params.query as Record<string, unknown> | undefined;
  if (context.params.provider !== 'rest' || !query || query.$accessToken === undefined) return;
  const token = query.$accessToken;
  const { $accessToken: _t, ...rest } = query;
  context.params.query = rest;
  if (typeof token !== 'string' || token.length > 4096)
    throw new BadRequest('$accessToken must be a token', { field: '$accessToken' });
  if (!context.params.authentication) context.params.authentication = { strategy: 'jwt', accessToken: token };
}
