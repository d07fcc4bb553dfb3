// users/verify: confirm an e-mail address with the code we sent, or send a new code.
// Anyone may call it (the code is the secret); attempts are limited per address and per IP.
import { BadRequest, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Application } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { AccountLimiter } from '../../hooks/rate-limit';
import { asObject, bool, str } from '../../hooks/validate';
import { translator } from '../../i18n/catalogs';
import { requestLocale } from '../../i18n/locale';
import { hashCode, newCode, presentUser, verificationMail } from './users.class';

export class VerifyService {
  private attempts: AccountLimiter;
  /** Per IP as many as reset calls (RESET_ATTEMPTS_PER_IP): many people may share one address (NAT). */
  private perIp: AccountLimiter;

  constructor(private app: Application) {
    const { config, counters } = app.ctx;
    this.attempts = new AccountLimiter('verify', 10, 15 * 60 * 1000, counters);
    this.perIp = new AccountLimiter('verify', config.resetAttemptsPerIp, 15 * 60 * 1000, counters);
  }

  async create(input: unknown, params: Params & { ip?: string; headers?: Record<string, unknown> }) {
    const data = asObject(input);
    const email = str(data, 'email', { required: true, max: 254 })!.toLowerCase();
    const ip = params.ip ?? 'internal';
    if (!(await this.attempts.allowed(`e:${email}`)) || !(await this.perIp.allowed(`ip:${ip}`)))
      throw codedError(TooManyRequests, 'tooManyAttempts');
    await Promise.all([this.attempts.hit(`e:${email}`), this.perIp.hit(`ip:${ip}`)]);
    const knex = this.app.ctx.storage.knex;
    const user = await knex('users').where({ email }).first();
    if (bool(data, 'resend')) {
      if (user && !user.verified) {
        const code = newCode();
        await knex('users')
          .where({ _id: user._id })
          .update({ verifyCode: hashCode(code), verifyExpires: Date.now() + 24 * 3600 * 1000 });
        await this.app.ctx.mailer.send(
          verificationMail(email, code, translator(user.locale ?? requestLocale(params.headers))),
        );
      }
      // Same answer whether or not the address exists: no account discovery.
      return { sent: true };
    }
    const code = str(data, 'code', { required: true, max: 12 })!;
    // An unknown address, a verified one and a wrong code get the same answer (issue #20): only the right code
    // tells anything. The code is kept until it expires, so sending it again (a second click) still answers.
    if (!user?.verifyCode || user.verifyCode !== hashCode(code) || Number(user.verifyExpires) < Date.now())
      throw codedError(BadRequest, 'verificationCodeWrong');
    if (user.verified) return { verified: true };
    const now = Date.now();
    // An address named in ADMIN_EMAILS becomes an admin once it is proven (issue #15; also at start-up).
    const admin = this.app.ctx.config.adminEmails?.includes(email)
      ? { isAdmin: true, adminType: 'admin' }
      : {};
    await knex('users')
      .where({ _id: user._id })
      .update({ verified: true, verifyTime: now, updatedAt: now, ...admin });
    this.attempts.reset(`e:${email}`);
    this.app
      .service('users')
      .emit('patched', presentUser(await knex('users').where({ _id: user._id }).first()));
    return { verified: true };
  }
}
