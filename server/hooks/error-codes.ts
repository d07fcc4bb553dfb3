// Stable error codes (src/domain/errors.ts): every catalogue error carries its code in `data.code`, named where
// it is thrown (codedError). Clients translate by the code; third-party API users keep reading `message`.
import { FeathersError } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import { coded, ERRORS, type ErrorCode } from '../../src/domain/errors';
import type { HookContext } from '../declarations';

type ErrorKind<E> = new (message: string, data?: Record<string, unknown>) => E;

/** `new Kind(message of code, {...data, code})`: a catalogue error with its code, e.g. codedError(Conflict, 'macClaimed'). */
export function codedError<E extends FeathersError>(
  Kind: ErrorKind<E>,
  code: ErrorCode,
  data?: Record<string, unknown>,
): E {
  return new Kind(ERRORS[code], coded(code, data));
}

// Errors thrown inside libraries, which cannot name a code: the authenticate hook's 'Not authenticated' and the
// local strategy's errorMessage (set to ERRORS.wrongLogin in server/auth/authentication.ts). Only these.
const LIBRARY_CODES = new Map<string, ErrorCode>([
  [ERRORS.notAuthenticated, 'notAuthenticated'],
  [ERRORS.wrongLogin, 'wrongLogin'],
]);

/** Sets `data.code` on a library's NotAuthenticated with one of the messages above (a code already set stays). */
export function withErrorCode(error: unknown): unknown {
  if (!(error instanceof FeathersError) || error.code !== 401) return error;
  const code = LIBRARY_CODES.get(error.message);
  const data = error.data;
  if (!code || (data && typeof data === 'object' && 'code' in data)) return error;
  // `data` is read-only in the types only; Feathers sends what the property holds.
  const target = error as { data: unknown };
  if (data === undefined || data === null) target.data = { code };
  else if (typeof data === 'object' && !Array.isArray(data)) target.data = { ...data, code };
  return error;
}

export async function errorCodes(_context: HookContext, next: NextFunction): Promise<void> {
  try {
    await next();
  } catch (error) {
    throw withErrorCode(error);
  }
}
