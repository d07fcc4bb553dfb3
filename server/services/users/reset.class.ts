// users/reset: forgotten password, by a 6-digit code mailed to the address (valid 1 hour).
//   create {email}                  → {sent: true}   (the same answer whether or not the address is registered)
//   create {email, code}            → {valid: true}  or 400 (the reset page's code step)
//   create {email, code, password}  → {reset: true}  or 400; the new password needs 8 characters or more
// A reset ends every token of the account (server/auth/sessions.ts). Codes are stored as an HMAC (never the
// code itself); a code dies after 5 wrong guesses. All calls are limited per address and per IP (429).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BadRequest, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { ERRORS } from '../../../src/domain/errors';
import { isValidEmail, validatePassword } from '../../../src/domain/validate';
import { MAIL_WORDS, type Translate } from '../../../src/domain/words';
import { endAllSessions } from '../../auth/sessions';
import type { Application } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { AccountLimiter } from '../../hooks/rate-limit';
import { asObject, str } from '../../hooks/validate';
import { translator } from '../../i18n/catalogs';
import { requestLocale } from '../../i18n/locale';
import { hashPassword, newCode, presentUser } from './users.class';

export const RESET_TTL_MS = 3600 * 1000;
export const RESET_MAX_GUESSES = 5;
export const RESET_WRONG = ERRORS.resetCodeWrong;
export const RESET_TOO_MANY = ERRORS.tooManyAttemptsLong;
const FIFTEEN_MINUTES = 15 * 60 * 1000;

export function resetMail(to: string, code: string, t: Translate) {
  return {
    to,
    subject: t(MAIL_WORDS.resetSubject, { code }),
    text: `${t(MAIL_WORDS.resetBody, { code })}\n`,
  };
}

export class ResetService {
  private perAccount: AccountLimiter;
  private perIp: AccountLimiter;

  constructor(private app: Application) {
    const { config } = app.ctx;
    this.perAccount = new AccountLimiter(
      'reset',
      config.resetAttemptsPerAccount,
      FIFTEEN_MINUTES,
      app.ctx.counters,
    );
    this.perIp = new AccountLimiter('reset-ip', config.resetAttemptsPerIp, FIFTEEN_MINUTES, app.ctx.counters);
  }

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.app.ctx.config.authSecret)
      .update(`reset:${email}:${code}`)
      .digest('hex');
  }

  async create(input: unknown, params: Params & { ip?: string; headers?: Record<string, unknown> }) {
    const data = asObject(input);
    const email = str(data, 'email', { required: true, max: 254 })!.toLowerCase();
    if (!isValidEmail(email)) throw codedError(BadRequest, 'emailFormat', { field: 'email' });
    const code = str(data, 'code', { max: 12 });
    const password = data.password;
    if (password !== undefined) {
      if (typeof password !== 'string') throw new BadRequest('password must be text', { field: 'password' });
      const pwError = validatePassword(password);
      if (pwError) throw codedError(BadRequest, pwError, { field: 'password' });
      if (password.length > 200) throw codedError(BadRequest, 'passwordTooLong', { field: 'password' });
      if (code === undefined) throw codedError(BadRequest, 'required', { field: 'code' });
    }

    const ip = params.ip ?? 'internal';
    if (!(await this.perAccount.allowed(email)) || !(await this.perIp.allowed(ip)))
      throw codedError(TooManyRequests, 'tooManyAttemptsLong');
    await Promise.all([this.perAccount.hit(email), this.perIp.hit(ip)]);

    const knex = this.app.ctx.storage.knex;
    const user = await knex('users').where({ email }).first();
    if (code === undefined) {
      if (user) {
        const fresh = newCode();
        await knex('users')
          .where({ _id: user._id })
          .update({
            resetCode: this.hash(email, fresh),
            resetExpires: Date.now() + RESET_TTL_MS,
            resetAttempts: 0,
          });
        // Not awaited: a slow mail server must not tell apart registered addresses by the time of the answer.
        this.app.ctx.mailer
          .send(resetMail(email, fresh, translator(user.locale ?? requestLocale(params.headers))))
          .catch((error) => {
            this.app.ctx.log.error('reset mail failed', error);
          });
      }
      return { sent: true };
    }

    if (!user?.resetCode || Number(user.resetExpires) < Date.now())
      throw codedError(BadRequest, 'resetCodeWrong');
    const expected = Buffer.from(user.resetCode, 'hex');
    const given = Buffer.from(this.hash(email, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const guesses = Number(user.resetAttempts ?? 0) + 1;
      await knex('users')
        .where({ _id: user._id })
        .update(
          guesses >= RESET_MAX_GUESSES
            ? { resetCode: null, resetExpires: null, resetAttempts: 0 }
            : { resetAttempts: guesses },
        );
      throw codedError(BadRequest, 'resetCodeWrong');
    }
    if (password === undefined) return { valid: true };

    const now = Date.now();
    const update: Record<string, unknown> = {
      password: await hashPassword(this.app, password as string),
      resetCode: null,
      resetExpires: null,
      resetAttempts: 0,
      updatedAt: now,
    };
    // The code reached the mailbox: the address is proven.
    if (!user.verified) Object.assign(update, { verified: true, verifyTime: now, verifyCode: null });
    await knex('users').where({ _id: user._id }).update(update);
    await endAllSessions(this.app, user._id);
    this.perAccount.reset(email);
    if (!user.verified)
      this.app
        .service('users')
        .emit('patched', presentUser(await knex('users').where({ _id: user._id }).first()));
    return { reset: true };
  }
}
