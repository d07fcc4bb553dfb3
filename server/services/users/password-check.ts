// Re-checking the signed-in user's own password (changing it, deleting the account): wrong guesses are limited
// per account like logins (429 after too many).
import { BadRequest, TooManyRequests } from '@feathersjs/errors';
import type { ErrorCode } from '../../../src/domain/errors';
import type { Application } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { AccountLimiter } from '../../hooks/rate-limit';
import { passwordMatches } from './users.class';

export class PasswordCheck {
  private failures: AccountLimiter;

  constructor(private app: Application) {
    const { config, counters } = app.ctx;
    this.failures = new AccountLimiter('password', config.loginFailuresPerAccount, 15 * 60 * 1000, counters);
  }

  /** The user's row when `password` is theirs; else a 400 with `wrong` on `field`. */
  async verify(userId: string, password: string, wrong: ErrorCode, field: string) {
    if (!(await this.failures.allowed(userId))) throw codedError(TooManyRequests, 'tooManyAttemptsLong');
    const row = await this.app.ctx.storage.knex('users').where({ _id: userId }).first();
    if (!row || !(await passwordMatches(this.app, row, password))) {
      await this.failures.hit(userId);
      throw codedError(BadRequest, wrong, { field });
    }
    await this.failures.reset(userId);
    return row as Record<string, unknown> & { _id: string };
  }
}
