// Refusals for the shared demo account (src/domain/demo.ts): a clear 403 with the code demoReadOnly.
import { Forbidden } from '@feathersjs/errors';
import { isDemoAccount } from '../../src/domain/demo';
import { codedError } from './error-codes';

export function refuseDemo(user: { email?: string | null } | null | undefined): void {
  if (isDemoAccount(user)) throw codedError(Forbidden, 'demoReadOnly');
}
