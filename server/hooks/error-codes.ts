// Every error answer of a catalogue message carries its stable code in `data.code` (src/domain/errors.ts):
// clients translate by the code, while third-party API users keep reading the English `message`. Tagging here,
// at the one place every call's error passes, also codes what libraries throw (authentication's errorMessage).
import { FeathersError } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import { codeOfMessage } from '../../src/domain/errors';
import type { HookContext } from '../declarations';

/** Sets `data.code` on a FeathersError whose message is in the catalogue (a code already set stays). */
export function withErrorCode(error: unknown): unknown {
  if (!(error instanceof FeathersError)) return error;
  const code = codeOfMessage(error.message);
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
