// Authentication: local (e-mail + password) and JWT. Failed logins slow the account down (./login-throttle.ts).
// OAuth (Google, Facebook) is added when their keys are configured (see ./oauth.ts).
// Logout is the standard `authentication` remove (REST `DELETE /authentication` with the bearer token, or
// `remove` over the socket): it ends that token for good (./sessions.ts) and the socket leaves every channel
// (realtime/channels.ts).
import { randomBytes } from 'node:crypto';
import { AuthenticationService, JWTStrategy } from '@feathersjs/authentication';
import { LocalStrategy } from '@feathersjs/authentication-local';
import { oauth } from '@feathersjs/authentication-oauth';
import { NotAuthenticated, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { ERRORS } from '../../src/domain/errors';
import type { Application, HookContext } from '../declarations';
import { codedError } from '../hooks/error-codes';
import { rememberLocale } from '../i18n/locale';
import { rememberOrigin } from '../notify/public-origin';
import { LoginThrottle } from './login-throttle';
import { createStrategy, oauthProviders, oauthSettings } from './oauth';
import { Revocations, sessionVersionOf } from './sessions';

/**
 * Failed logins slow the account down (./login-throttle.ts). An unknown address costs the same password hash
 * compare as a known one, so the time of the answer does not tell which addresses are registered.
 */
class LimitedLocalStrategy extends LocalStrategy {
  private dummyHash: Promise<string> | null = null;

  constructor(private throttle: LoginThrottle) {
    super();
  }

  /** A hash nobody knows the password of, made with the same cost as real ones. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.hashPassword(randomBytes(24).toString('hex'), {});
    return this.dummyHash;
  }

  async findEntity(username: string, params: Params) {
    try {
      return await super.findEntity(username, params);
    } catch (error) {
      if (!(error instanceof NotAuthenticated)) throw error;
      return { password: await this.dummy(), unknown: true };
    }
  }

  async comparePassword(entity: Record<string, unknown>, password: string) {
    // Accounts without a password (OAuth) and unknown addresses still pay for one compare, then fail.
    if (!entity.password || entity.unknown) {
      await super.comparePassword({ password: await this.dummy() }, password).catch(() => {});
      throw codedError(NotAuthenticated, 'wrongLogin');
    }
    const user = await super.comparePassword(entity, password);
    // A disabled account (issue #15) is told so, only once its password is right (no probing).
    if (entity.disabled) throw codedError(NotAuthenticated, 'accountDisabled');
    return user;
  }

  async authenticate(data: Record<string, unknown>, params: Params & { ip?: string }) {
    const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
    const ip = params.ip ?? 'internal';
    await this.throttle.before(email, ip, data.captchaToken);
    try {
      const result = await super.authenticate({ ...data, email }, params);
      await this.throttle.succeeded(email, ip);
      return result;
    } catch (error) {
      if (error instanceof NotAuthenticated) await this.throttle.failed(email, ip);
      throw error;
    }
  }
}

/**
 * A token of a deleted account is a 401 (not the 404 of the user lookup), so clients go back to login; so is a
 * token whose session has ended (./sessions.ts: an older session version, or revoked by its logout).
 * The user behind a token is kept for a moment when the authentication service itself is called from outside
 * (a re-authentication); a changed or deleted user is dropped at once on this process, and other processes
 * keep it at most 5 s. Service calls look the user (and its session version) up on every call.
 */
class PortalJWTStrategy extends JWTStrategy {
  private cache = new Map<string, { user: unknown; version: number; until: number }>();

  constructor(private revocations: Revocations) {
    super();
  }

  forget(id: string): void {
    this.cache.delete(id);
  }

  private async entity(id: string, params: Params): Promise<{ user: unknown; version: number }> {
    const hit = this.cache.get(id);
    if (params.provider && hit && hit.until > Date.now()) return hit;
    try {
      const user = (await super.getEntity(id, params)) as Record<string, unknown>;
      // Outside callers get the public shape of the user: read the version and the disabled flag on their own.
      const own = params.provider
        ? await this.app!.ctx.storage.knex('users').where({ _id: id }).first('sessionVersion', 'disabled')
        : user;
      const version = Number(own?.sessionVersion ?? 0);
      // A disabled account (issue #15) has no valid token, however it got one (OAuth, a race with disabling).
      if (own?.disabled) throw codedError(NotAuthenticated, 'accountDisabled');
      if (params.provider) {
        if (this.cache.size > 10_000) this.cache.clear();
        this.cache.set(id, { user, version, until: Date.now() + 5000 });
      }
      return { user, version };
    } catch (error) {
      if (error instanceof NotFound) throw new NotAuthenticated('This account no longer exists');
      throw error;
    }
  }

  declare app?: Application;

  async authenticate(authentication: { accessToken?: string }, params: Params & { jwt?: object }) {
    const { accessToken } = authentication;
    if (!accessToken) throw new NotAuthenticated('No access token');
    const payload = (await this.authentication!.verifyAccessToken(accessToken, params.jwt)) as Record<
      string,
      unknown
    >;
    // Download tokens (./download-token.ts) have another audience and fail above; this is a second guard.
    if (payload.purpose !== undefined) throw new NotAuthenticated('Not an access token');
    const { user, version } = await this.entity(String(payload.sub), params);
    if (sessionVersionOf(payload) !== version || (await this.revocations.revoked(payload)))
      throw codedError(NotAuthenticated, 'sessionEnded');
    return { accessToken, authentication: { strategy: 'jwt', accessToken, payload }, user };
  }
}

/**
 * A verified token is remembered for a few seconds (never past its expiry): verifying the signature again on
 * every REST call cost as much as a small history answer's own work. Whether the session still holds is
 * checked by the strategy on every call. New tokens carry the user's session version; a logout revokes its
 * token.
 */
class PortalAuthenticationService extends AuthenticationService {
  private verified = new Map<string, { payload: Record<string, unknown>; until: number }>();

  constructor(
    app: Application,
    private revocations: Revocations,
  ) {
    super(app);
  }

  async verifyAccessToken(accessToken: string, optsOverride?: object, secretOverride?: string) {
    if (optsOverride || secretOverride)
      return super.verifyAccessToken(accessToken, optsOverride, secretOverride);
    const now = Date.now();
    const hit = this.verified.get(accessToken);
    if (hit && hit.until > now) return hit.payload;
    const payload = await super.verifyAccessToken(accessToken);
    if (this.verified.size > 10_000) this.verified.clear();
    const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : now;
    this.verified.set(accessToken, { payload, until: Math.min(now + 5000, expires) });
    return payload;
  }

  async getPayload(authResult: Record<string, unknown>, params: Params) {
    const payload = await super.getPayload(authResult, params);
    const id = (authResult.user as { _id?: string } | undefined)?._id;
    if (!id) return payload;
    const row = await (this.app as Application).ctx.storage
      .knex('users')
      .where({ _id: id })
      .first('sessionVersion');
    return { ...payload, sv: Number(row?.sessionVersion ?? 0) };
  }

  /** Logout: the token is checked as before, then ended for good. */
  async remove(id: string | null, params: Params) {
    // Feathers reads the token of the call without checking there is one (a TypeError, answered 500).
    if (!params.authentication) throw codedError(NotAuthenticated, 'notAuthenticated');
    const result = await super.remove(id, params);
    await this.revocations.revoke(
      ((result as { authentication?: { payload?: Record<string, unknown> } }).authentication?.payload ??
        {}) as Record<string, unknown>,
    );
    return result;
  }
}

export function authentication(app: Application): void {
  const { config } = app.ctx;
  app.set('authentication', {
    entity: 'user',
    service: 'users',
    entityId: '_id',
    secret: config.authSecret,
    authStrategies: ['jwt', 'local'],
    jwtOptions: {
      header: { typ: 'access' },
      audience: 'weather-portal',
      algorithm: 'HS256',
      expiresIn: '30d',
    },
    local: { usernameField: 'email', passwordField: 'password', errorMessage: ERRORS.wrongLogin },
    ...(oauthSettings(config) ? { oauth: oauthSettings(config) } : {}),
  });
  const revocations = new Revocations(app);
  const service = new PortalAuthenticationService(app, revocations);
  const jwt = new PortalJWTStrategy(revocations);
  service.register('jwt', jwt);
  app.on('usersChanged', (id: string) => jwt.forget(id));
  app.on('tokenRevoked', (jti: string) => revocations.known(jti)); // a logout on another process
  service.register('local', new LimitedLocalStrategy(new LoginThrottle(config, app.ctx.counters)));
  const providers = oauthProviders(config);
  for (const name of providers) service.register(name, createStrategy(name, app));
  app.use('authentication', service);
  // Alert e-mails and pushes link back to the origin this user signs in from (server/notify/public-origin.ts),
  // in the language their app speaks (server/i18n/locale.ts).
  app.service('authentication').hooks({ after: { create: [rememberOrigin, rememberLocale] } });
  if (providers.length > 0) {
    app.configure(oauth());
    // `oauth/:provider` matches any name: only configured providers may start a flow.
    const known = (context: HookContext) => {
      const provider = context.params.route?.provider;
      if (!provider || !providers.includes(provider as (typeof providers)[number]))
        throw new NotFound('Unknown sign-in provider');
    };
    for (const path of ['oauth/:provider', 'oauth/:provider/callback'] as const)
      app.service(path).hooks({ before: { all: [known] } });
  }
}
