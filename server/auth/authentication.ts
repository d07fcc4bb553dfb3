// Authentication: local (e-mail + password) and JWT. Failed logins are limited per account and per IP.
// OAuth (Google, Facebook) is added when their keys are configured (see ./oauth.ts).
// Logout is the standard `authentication` remove (REST `DELETE /authentication` with the bearer token, or
// `remove` over the socket); the socket then leaves every channel (realtime/channels.ts).
import { AuthenticationService, JWTStrategy } from '@feathersjs/authentication';
import { LocalStrategy } from '@feathersjs/authentication-local';
import { oauth } from '@feathersjs/authentication-oauth';
import { NotAuthenticated, NotFound, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Application } from '../declarations';
import { AccountLimiter } from '../hooks/rate-limit';
import { createStrategy, oauthProviders, oauthSettings } from './oauth';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

class LimitedLocalStrategy extends LocalStrategy {
  constructor(
    private perAccount: AccountLimiter,
    private perIp: AccountLimiter,
  ) {
    super();
  }

  async authenticate(data: Record<string, unknown>, params: Params & { ip?: string }) {
    const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
    const ip = params.ip ?? 'internal';
    if (!(await this.perAccount.allowed(email)) || !(await this.perIp.allowed(ip)))
      throw new TooManyRequests('Too many failed logins, please wait 15 minutes');
    try {
      const result = await super.authenticate({ ...data, email }, params);
      await this.perAccount.reset(email);
      return result;
    } catch (error) {
      if (error instanceof NotAuthenticated) {
        await Promise.all([this.perAccount.hit(email), this.perIp.hit(ip)]);
      }
      throw error;
    }
  }
}

/**
 * A token of a deleted account is a 401 (not the 404 of the user lookup), so clients go back to login.
 * The user behind a token is kept for a moment: every REST call authenticates, and two user lookups per call
 * were most of the cost of a small history answer. A changed or deleted user is dropped at once.
 */
class PortalJWTStrategy extends JWTStrategy {
  private cache = new Map<string, { user: unknown; until: number }>();

  forget(id: string): void {
    this.cache.delete(id);
  }

  async getEntity(id: string, params: Params) {
    const hit = this.cache.get(id);
    if (params.provider && hit && hit.until > Date.now()) return hit.user;
    try {
      const user = await super.getEntity(id, params);
      if (params.provider) {
        if (this.cache.size > 10_000) this.cache.clear();
        this.cache.set(id, { user, until: Date.now() + 5000 });
      }
      return user;
    } catch (error) {
      if (error instanceof NotFound) throw new NotAuthenticated('This account no longer exists');
      throw error;
    }
  }
}

/**
 * A verified token is remembered for a few seconds (never past its expiry): verifying the signature again on
 * every REST call cost as much as a small history answer's own work.
 */
class PortalAuthenticationService extends AuthenticationService {
  private verified = new Map<string, { payload: Record<string, unknown>; until: number }>();

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
    local: { usernameField: 'email', passwordField: 'password', errorMessage: 'Wrong e-mail or password' },
    ...(oauthSettings(config) ? { oauth: oauthSettings(config) } : {}),
  });
  const service = new PortalAuthenticationService(app);
  const jwt = new PortalJWTStrategy();
  service.register('jwt', jwt);
  app.on('usersChanged', (id: string) => jwt.forget(id));
  service.register(
    'local',
    new LimitedLocalStrategy(
      new AccountLimiter('login', config.loginFailuresPerAccount, FIFTEEN_MINUTES, app.ctx.counters),
      new AccountLimiter('login-ip', config.loginFailuresPerIp, FIFTEEN_MINUTES, app.ctx.counters),
    ),
  );
  const providers = oauthProviders(config);
  for (const name of providers) service.register(name, createStrategy(name, app));
  app.use('authentication', service);
  if (providers.length > 0) {
    app.configure(oauth());
    // `oauth/:provider` matches any name: only configured providers may start a flow.
    const known = (context: { params: { route?: { provider?: string } } }) => {
      const provider = context.params.route?.provider;
      if (!provider || !providers.includes(provider as (typeof providers)[number]))
        throw new NotFound('Unknown sign-in provider');
    };
    for (const path of ['oauth/:provider', 'oauth/:provider/callback'])
      app.service(path).hooks({ before: { all: [known] } });
  }
}
