// Every external call that carries credentials is authenticated first, before any other hook (idempotent
// replays are matched to the caller; a socket's remembered user is looked up again, so an ended session or a
// changed account counts at once). Then: accounts whose e-mail address is not verified may only verify it,
// sign in and out, and read what the verification page and the public pages need (issue #10).
import { authenticate } from '@feathersjs/authentication';
import { Forbidden, NotAuthenticated } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import { ERRORS } from '../../src/domain/errors';
import type { AuthUser, HookContext } from '../declarations';
import { codedError } from './error-codes';

const jwt = authenticate('jwt');

export const VERIFY_FIRST = ERRORS.verifyFirst;

/** Paths an unverified account may call (any method the service offers); `users`: sign-up and its own record. */
const OPEN_TO_UNVERIFIED = new Set([
  'authentication',
  'users/verify',
  'users/reset',
  'users/me',
  'users/delete',
  'config',
  'metrics',
]);

function allowedUnverified(context: HookContext, user: AuthUser): boolean {
  if (OPEN_TO_UNVERIFIED.has(context.path)) return true;
  if (context.path !== 'users') return false;
  // Signing up another account from the same (signed-in) browser, as the client allows.
  if (context.method === 'create') return true;
  if (context.method === 'get') return String(context.id) === String(user._id);
  // `find` without a query answers [me] (who am I).
  return context.method === 'find' && Object.keys(context.params.query ?? {}).length === 0;
}

export async function authenticateFirst(context: HookContext, next: NextFunction): Promise<void> {
  const p = context.params;
  if (p.provider && p.authentication && !p.authenticated && context.path !== 'authentication') {
    try {
      await jwt(context);
    } catch (error) {
      if (!(error instanceof NotAuthenticated)) throw error;
      // The service's own hooks answer 401 where a user is needed; nobody is trusted meanwhile (a socket
      // keeps the user it signed in with).
      delete context.params.user;
    }
  }
  const user = context.params.user as AuthUser | undefined;
  if (context.params.provider && user && !user.verified && !allowedUnverified(context, user))
    throw codedError(Forbidden, 'verifyFirst', { reason: 'unverified' });
  return next();
}
