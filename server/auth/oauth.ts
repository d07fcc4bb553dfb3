// OAuth sign-up and sign-in with Google and Facebook (Feathers authentication-oauth, grant underneath).
// Offered only for the providers whose id and secret are configured; nothing is registered otherwise.
//
// Flow: GET /oauth/<provider> → the provider's consent page → GET /oauth/<provider>/callback → redirect to
// `<PUBLIC_URL>/login#access_token=<jwt>` (or `#error=<message>`), which the client's reAuthenticate() reads.
//
// Accounts: a known provider id signs in. A new one creates a user, verified, with the provider's e-mail.
// A Google identity with a verified e-mail joins an existing *verified* account of that address; Facebook does not
// say whether an address is verified, so an existing address is refused there (log in with the password instead).
// An unverified account of that address is never joined (issue #20, pre-hijacking: anyone can sign up with
// someone else's address, and joining would keep that stranger's password working). The sign-in is refused with
// `socialUnverified`: resetting the password by a code mailed to the address proves it (users/reset marks it
// verified and ends every session), after which Google joins.

import type { AuthenticationParams, AuthenticationResult } from '@feathersjs/authentication';
import { type OAuthProfile, OAuthStrategy } from '@feathersjs/authentication-oauth';
import { NotAuthenticated } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { errorCodeOf } from '../../src/domain/errors';
import { isValidEmail } from '../../src/domain/validate';
import type { Config } from '../config';
import type { Application } from '../declarations';
import { codedError } from '../hooks/error-codes';
import { objectId } from '../storage/ids';

export type OAuthProvider = 'google' | 'facebook';

/** The providers whose keys are configured, in the order the login page shows them. */
export function oauthProviders(config: Config): OAuthProvider[] {
  const out: OAuthProvider[] = [];
  if (config.googleClientId && config.googleClientSecret) out.push('google');
  if (config.facebookClientId && config.facebookClientSecret) out.push('facebook');
  return out;
}

/** The `oauth` section of the authentication settings (grant configuration), or undefined when none is set. */
export function oauthSettings(config: Config): Record<string, unknown> | undefined {
  const providers = oauthProviders(config);
  if (providers.length === 0) return undefined;
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const settings: Record<string, unknown> = {
    redirect: `${config.publicUrl ?? ''}/login`,
    defaults: { origin, prefix: '/oauth' },
  };
  if (providers.includes('google'))
    settings.google = {
      key: config.googleClientId,
      secret: config.googleClientSecret,
      scope: ['openid', 'email', 'profile'],
      nonce: true,
    };
  if (providers.includes('facebook'))
    settings.facebook = {
      key: config.facebookClientId,
      secret: config.facebookClientSecret,
      scope: ['email', 'public_profile'],
    };
  return settings;
}

interface Identity {
  id: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const NO_EMAIL = 'Your account with this provider has no e-mail address we could use';

class PortalOAuthStrategy extends OAuthStrategy {
  constructor(private readonly portal: Application) {
    super();
  }

  private get knex() {
    return this.portal.ctx.storage.knex;
  }

  private get column(): 'googleId' | 'facebookId' {
    return this.name === 'google' ? 'googleId' : 'facebookId';
  }

  /** What the provider says about the person; subclasses read their provider's profile shape. */
  protected identity(profile: OAuthProfile): Identity {
    const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : null;
    return {
      id: String(profile.sub ?? profile.id ?? ''),
      email,
      emailVerified: profile.email_verified === true || profile.email_verified === 'true',
      firstName: String(profile.given_name ?? profile.first_name ?? '').slice(0, 100),
      lastName: String(profile.family_name ?? profile.last_name ?? '').slice(0, 100),
    };
  }

  async findEntity(profile: OAuthProfile, _params: Params) {
    const me = this.identity(profile);
    if (!me.id) throw new NotAuthenticated('The provider did not identify the account');
    const linked = await this.knex('users')
      .where({ [this.column]: me.id })
      .first();
    if (linked) return linked;
    if (!me.email) return null;
    const byEmail = await this.knex('users').where({ email: me.email }).first();
    if (!byEmail) return null;
    if (this.name === 'google' && me.emailVerified) {
      if (!byEmail.verified) throw codedError(NotAuthenticated, 'socialUnverified');
      return byEmail;
    }
    throw new NotAuthenticated('This e-mail address is already registered, please log in with your password');
  }

  async createEntity(profile: OAuthProfile, _params: Params) {
    const me = this.identity(profile);
    if (!me.email || !isValidEmail(me.email) || me.email.length > 254) throw new NotAuthenticated(NO_EMAIL);
    const now = Date.now();
    const row = {
      _id: objectId(now),
      email: me.email,
      password: null,
      firstName: me.firstName,
      lastName: me.lastName,
      verified: true,
      verifyTime: now,
      temperatureUnit: 'C',
      [this.column]: me.id,
      createdAt: now,
      updatedAt: now,
    };
    await this.knex('users').insert(row);
    return row;
  }

  /** A refused sign-in goes back to the login page with the error's code (the page translates codes). */
  async getRedirect(data: AuthenticationResult | Error, params?: AuthenticationParams) {
    const code = errorCodeOf(data);
    return super.getRedirect(code ? new Error(code) : data, params);
  }

  async updateEntity(entity: Record<string, unknown>, profile: OAuthProfile, _params: Params) {
    const me = this.identity(profile);
    const now = Date.now();
    const update: Record<string, unknown> = { [this.column]: me.id, updatedAt: now };
    // Only verified accounts are joined (findEntity): a linked identity signing in again changes nothing else.
    await this.knex('users').where({ _id: entity._id }).update(update);
    return this.knex('users').where({ _id: entity._id }).first();
  }
}

export class GoogleStrategy extends PortalOAuthStrategy {}

/** Facebook answers only id and name by default: ask the Graph API for the e-mail and names. */
export class FacebookStrategy extends PortalOAuthStrategy {
  async getProfile(data: { access_token?: string; profile?: OAuthProfile }, _params: Params) {
    const token = data.access_token;
    if (!token) return data.profile ?? {};
    const url = new URL('https://graph.facebook.com/me');
    url.searchParams.set('fields', 'id,email,first_name,last_name');
    url.searchParams.set('access_token', token);
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new NotAuthenticated('Facebook did not answer with a profile');
    return (await res.json()) as OAuthProfile;
  }
}

export function createStrategy(name: OAuthProvider, app: Application): OAuthStrategy {
  return name === 'google' ? new GoogleStrategy(app) : new FacebookStrategy(app);
}
