// Authentication hooks: every external call is checked; internal calls (server code) are trusted.
import { authenticate } from '@feathersjs/authentication';
import { BadRequest, Forbidden, NotAuthenticated } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import type { AuthUser, HookContext } from '../declarations';
import { codedError } from './error-codes';

const jwt = authenticate('jwt');

/** External callers must present a valid JWT (header `Authorization: Bearer`, or an authenticated socket). */
export async function requireAuth(context: HookContext): Promise<void> {
  if (!context.params.provider) return;
  await jwt(context);
  if (!context.params.user) throw codedError(NotAuthenticated, 'notAuthenticated');
}

/** Authenticates when credentials are present, lets anonymous callers through otherwise (public data). */
export async function optionalAuth(context: HookContext): Promise<void> {
  if (!context.params.provider) return;
  if (context.params.authentication || context.params.authenticated) await jwt(context);
}

export function currentUser(context: HookContext): AuthUser | null {
  return (context.params.user as AuthUser | undefined) ?? null;
}

/** Admins and editors (issue #15); editors may not delete anything. */
export function requireAdmin(context: HookContext): void {
  if (!context.params.provider) return;
  const user = currentUser(context);
  if (!user?.isAdmin) throw new Forbidden('Administrators only');
  if (context.method === 'remove' && user.adminType === 'editor')
    throw codedError(Forbidden, 'editorsCannot');
}

/** Blocks a method from outside (only server code may call it). */
export function internalOnly(context: HookContext): void {
  if (context.params.provider) throw new Forbidden(`${context.method} is not allowed on ${context.path}`);
}

/** Paths whose links are shared or kept (downloads): they take short-lived download tokens only. */
const LINK_PATHS = new Set(['weatherMetrics/export']);
export const USE_DOWNLOAD_TOKEN =
  'Download links need a download token ($downloadToken), not the access token';

/**
 * `$accessToken=<jwt>` in a REST query counts as the Authorization header (spec §7: a generic POST to a path
 * with the token as a query parameter). A header, when sent, wins. Not on download links: a URL ends up in
 * browser history and logs, so those carry a download token good for a minute (server/auth/download-token.ts).
 */
export function accessTokenFromQuery(context: HookContext): void {
  const query = context.params.query as Record<string, unknown> | undefined;
  if (context.params.provider !== 'rest' || !query || query.$accessToken === undefined) return;
  const token = query.$accessToken;
  const { $accessToken: _t, ...rest } = query;
  context.params.query = rest;
  if (LINK_PATHS.has(context.path)) throw new NotAuthenticated(USE_DOWNLOAD_TOKEN);
  if (typeof token !== 'string' || token.length > 4096)
    throw new BadRequest('$accessToken must be a token', { field: '$accessToken' });
  if (!context.params.authentication) context.params.authentication = { strategy: 'jwt', accessToken: token };
}

/** accessTokenFromQuery as an around hook (it must run before the other around hooks authenticate). */
export async function tokenFromQuery(context: HookContext, next: NextFunction): Promise<void> {
  accessTokenFromQuery(context);
  return next();
}
