// Authentication: local (e-mail + password) and JWT. Failed logins are limited per account and per IP.
// OAuth (Google, Facebook) is added when their keys are configured (server issue 3).
import { AuthenticationService, JWTStrategy } from '@feathersjs/authentication';
import { LocalStrategy } from '@feathersjs/authentication-local';
import { NotAuthenticated, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Application } from '../declarations';
import { RateLimiter } from '../hooks/rate-limit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

class LimitedLocalStrategy extends LocalStrategy {
  constructor(
    private perAccount: RateLimiter,
    private perIp: RateLimiter,
  ) {
    super();
  }

  async authenticate(data: Record<string, unknown>, params: Params & { ip?: string }) {
    const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
    const ip = params.ip ?? 'internal';
    if (!this.perAccount.allowed(email) || !this.perIp.allowed(ip))
      throw new TooManyRequests('Too many failed logins, please wait 15 minutes');
    try {
      const result = await super.authenticate({ ...data, email }, params);
      this.perAccount.reset(email);
      return result;
    } catch (error) {
      if (error instanceof NotAuthenticated) {
        this.perAccount.hit(email);
        this.perIp.hit(ip);
      }
      throw error;
    }
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
  });
  const service = new AuthenticationService(app);
  service.register('jwt', new JWTStrategy());
  service.register(
    'local',
    new LimitedLocalStrategy(
      new RateLimiter(config.loginFailuresPerAccount, FIFTEEN_MINUTES),
      new RateLimiter(config.loginFailuresPerIp, FIFTEEN_MINUTES),
    ),
  );
  app.use('authentication', service);
}
