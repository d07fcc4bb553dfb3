// Accounts. Passwords are bcrypt hashes (authentication-local); e-mail is the login, lower-cased.
import { createHash, randomInt } from 'node:crypto';
import type { LocalStrategy } from '@feathersjs/authentication-local';
import { Forbidden, NotFound, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { User, UserName } from '../../../src/domain/contract';
import { ERRORS } from '../../../src/domain/errors';
import { MAIL_WORDS, type Translate } from '../../../src/domain/words';
import { checkCaptcha } from '../../auth/captcha';
import type { Application, AuthUser } from '../../declarations';
import { refuseDemo } from '../../hooks/demo';
import { codedError } from '../../hooks/error-codes';
import { AccountLimiter } from '../../hooks/rate-limit';
import { translator } from '../../i18n/catalogs';
import { requestLocale } from '../../i18n/locale';
import { objectId } from '../../storage/ids';
import { findList } from '../common/list-query';
import { profilePatch, signupData } from './users.schema';
import { ADMIN_USER_LIST, normaliseUserQuery, RELATED_USER_LIST, relatedUserIds } from './users-list';

const CODE_TTL_MS = 24 * 3600 * 1000;

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The 'local' strategy registered in server/auth/authentication.ts (a LocalStrategy subclass). */
function localStrategy(app: Application): LocalStrategy {
  return app.service('authentication').getStrategy('local') as LocalStrategy;
}

/** A bcrypt hash of the password (the local strategy's own hashing). */
export function hashPassword(app: Application, password: string): Promise<string> {
  return localStrategy(app).hashPassword(password, {});
}

/** true when the password matches the user's stored hash (false for accounts without one, e.g. OAuth). */
export async function passwordMatches(
  app: Application,
  row: Record<string, unknown>,
  password: string,
): Promise<boolean> {
  if (!row.password || !password) return false;
  try {
    await localStrategy(app).comparePassword(row, password);
    return true;
  } catch {
    return false;
  }
}

/** The public shape of a user (never the password or codes). */
export function presentUser(row: Record<string, unknown>): User {
  return {
    _id: row._id as string,
    email: row.email as string,
    verified: Boolean(row.verified),
    firstName: (row.firstName as string) ?? '',
    lastName: (row.lastName as string) ?? '',
    temperatureUnit: (row.temperatureUnit as string) ?? 'C',
    country: (row.country as string | null | undefined) ?? null,
    locale: (row.locale as string | null | undefined) ?? null,
    displaySetting: row.displaySetting ? JSON.parse(row.displaySetting as string) : {},
    createdAt: new Date(Number(row.createdAt)).toISOString(),
    ...(row.isAdmin ? { isAdmin: true } : {}),
    ...(row.isAdmin && row.adminType ? { adminType: row.adminType as User['adminType'] } : {}),
  };
}

export const TOO_MANY_SIGNUPS = ERRORS.tooManySignups;

export class UsersService {
  private signups: AccountLimiter;

  constructor(private app: Application) {
    const { config, counters } = app.ctx;
    this.signups = new AccountLimiter('signup-ip', config.signupsPerIp, 3600 * 1000, counters);
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  /**
   * Outside callers: see users-list.ts (no query → [me]; admins list every account; others their related users).
   * Internal lookup (the local strategy finds by e-mail and needs the hash).
   */
  async find(params: Params & { user?: AuthUser }) {
    if (params.provider) return this.findOutside(params);
    const email = params.query?.email;
    if (typeof email !== 'string') return [];
    const row = await this.knex('users').where({ email: email.toLowerCase() }).first();
    return row ? [{ ...row, verified: Boolean(row.verified), isAdmin: Boolean(row.isAdmin) }] : [];
  }

  private async findOutside(params: Params & { user?: AuthUser }) {
    const me = params.user;
    if (!me) return [];
    const query = params.query ?? {};
    if (Object.keys(query).length === 0) return [presentUser(await this.row(me._id))];
    const normalised = normaliseUserQuery(query);
    if (me.isAdmin) return findList<User>(this.knex, ADMIN_USER_LIST, normalised);
    const related = [...(await relatedUserIds(this.knex, me._id))];
    const result = await findList<User | UserName>(this.knex, RELATED_USER_LIST, normalised, (qb) =>
      qb.whereIn('_id', related),
    );
    // The caller's own record in full (unless fields were picked with $select).
    const rows = Array.isArray(result) ? result : result.data;
    const at = query.$select === undefined ? rows.findIndex((r) => r._id === me._id) : -1;
    if (at >= 0) rows[at] = presentUser(await this.row(me._id));
    return result;
  }

  async get(id: string, params: Params & { user?: AuthUser }) {
    if (params.provider && params.user?._id !== id && !params.user?.isAdmin)
      throw codedError(NotFound, 'userNotFound');
    const row = await this.row(id);
    return params.provider
      ? presentUser(row)
      : { ...row, verified: Boolean(row.verified), isAdmin: Boolean(row.isAdmin) };
  }

  async create(data: unknown, params: Params & { ip?: string; headers?: Record<string, unknown> } = {}) {
    const input = signupData(data);
    // Sign-ups from outside pass the captcha when it is configured (server code, e.g. the demo, does not).
    if (params.provider) {
      const ip = params.ip ?? 'internal';
      if (!(await this.signups.allowed(ip))) throw codedError(TooManyRequests, 'tooManySignups');
      await checkCaptcha(this.app.ctx.config, (data as Record<string, unknown>).captchaToken, params.ip);
      await this.signups.hit(ip);
    }
    const exists = await this.knex('users').where({ email: input.email }).first('_id', 'locale');
    const locale = input.locale ?? requestLocale(params.headers) ?? null;
    const code = newCode();
    const now = Date.now();
    const row = {
      _id: objectId(now),
      email: input.email,
      password: await hashPassword(this.app, input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      verified: false,
      verifyCode: hashCode(code),
      verifyExpires: now + CODE_TTL_MS,
      temperatureUnit: 'C',
      locale,
      createdAt: now,
      updatedAt: now,
    };
    // A taken address gets the same answer (and the same work) as a new one, so sign-up does not tell which
    // addresses are registered; the owner is told by mail instead. Mails are not awaited for the same reason.
    // The owner of a taken address is written to in their own language, the new one in the sign-up's.
    if (exists) this.mail(takenMail(input.email, translator(exists.locale ?? locale)));
    else {
      await this.knex('users').insert(row);
      this.mail(verificationMail(input.email, code, translator(locale)));
    }
    return presentUser(row);
  }

  private mail(mail: { to: string; subject: string; text: string }): void {
    this.app.ctx.mailer.send(mail).catch((error) => {
      this.app.ctx.log.error('sign-up mail failed', error);
    });
  }

  async patch(id: string, data: unknown, params: Params & { user?: AuthUser }) {
    if (params.provider && params.user?._id !== id)
      throw new Forbidden('You can only change your own profile');
    // The shared demo account keeps its address (issue #20); for everyone else the profile refuses it below.
    if (params.provider && data && typeof data === 'object' && 'email' in data) refuseDemo(params.user);
    const current = await this.row(id);
    const patch = params.provider ? profilePatch(data) : { ...(data as Record<string, unknown>) };
    // Unit preferences merge into the stored ones; the temperature unit is kept in both places.
    if (patch.displaySetting !== undefined && typeof patch.displaySetting === 'object') {
      const prefs = {
        ...(current.displaySetting ? JSON.parse(current.displaySetting) : {}),
        ...(patch.displaySetting as Record<string, unknown>),
      };
      if (patch.temperatureUnit !== undefined) prefs.temperature = patch.temperatureUnit;
      else if (typeof prefs.temperature === 'string') patch.temperatureUnit = prefs.temperature;
      patch.displaySetting = JSON.stringify(prefs);
    } else if (patch.temperatureUnit !== undefined && current.displaySetting) {
      patch.displaySetting = JSON.stringify({
        ...JSON.parse(current.displaySetting),
        temperature: patch.temperatureUnit,
      });
    }
    await this.knex('users')
      .where({ _id: id })
      .update({ ...patch, updatedAt: Date.now() });
    return presentUser(await this.row(id));
  }

  private async row(id: string) {
    const row = await this.knex('users').where({ _id: id }).first();
    if (!row) throw codedError(NotFound, 'userNotFound');
    return row;
  }
}

/** To the owner of an address someone tried to sign up with again. */
export function takenMail(to: string, t: Translate) {
  return { to, subject: t(MAIL_WORDS.takenSubject), text: `${t(MAIL_WORDS.takenBody)}\n` };
}

export function verificationMail(to: string, code: string, t: Translate) {
  return {
    to,
    subject: t(MAIL_WORDS.verifySubject, { code }),
    text: `${t(MAIL_WORDS.verifyBody, { code })}\n`,
  };
}
