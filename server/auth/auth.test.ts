// Logout (REST and socket), OAuth routes and accounts, captcha on sign-up, and the public GET /config.
import type { AuthenticationService } from '@feathersjs/authentication';
import type { Params } from '@feathersjs/feathers';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Config } from '../config';
import { call, lastCode, newUser, startServer, type TestServer } from '../testing/server';
import { collect, settle, socketClient } from '../testing/socket';
import { CAPTCHA_FAILED, CAPTCHA_MISSING } from './captcha';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('tokens', () => {
  test('a remembered verification never outlives the token: an expired token is refused', async () => {
    const u = await newUser(t, 'shortlived');
    const auth = t.server.app.service('authentication') as unknown as AuthenticationService;
    // `exp` counts whole seconds from a truncated `iat`: a 3 s token is valid for 2–3 s (a 1 s one could be
    // expired before the first call on a loaded machine), and surely expired 4.1 s later.
    const token = await auth.createAccessToken({ sub: u.user._id }, { expiresIn: '3s' });
    expect((await call(t.url, 'GET', `/users/${u.user._id}`, { token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 4100));
    expect((await call(t.url, 'GET', `/users/${u.user._id}`, { token })).status).toBe(401);
    // A forged signature is refused whatever was remembered for the real one.
    expect(
      (await call(t.url, 'GET', `/users/${u.user._id}`, { token: `${u.token.slice(0, -2)}xx` })).status,
    ).toBe(401);
  });
});

describe('$accessToken in the query (spec §7: a generic POST with the token as a query parameter)', () => {
  test('counts as the Authorization header on any REST call; a bad one is refused', async () => {
    const u = await newUser(t, 'querytoken');
    const other = await newUser(t, 'querytoken2');
    const q = (token: string) => `$accessToken=${encodeURIComponent(token)}`;
    const created = await call(t.url, 'POST', `/weatherDevices?${q(u.token)}`, {
      body: { name: 'By query' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'By query', user: u.user._id });
    const mine = await call(t.url, 'GET', `/weatherDevices/${created.body._id}?${q(u.token)}`);
    expect(mine.status).toBe(200);
    // Another account's token reads nothing of it; a forged or missing one is a 401, a malformed one a 400.
    expect((await call(t.url, 'GET', `/weatherDevices/${created.body._id}?${q(other.token)}`)).status).toBe(
      404,
    );
    expect(
      (await call(t.url, 'POST', `/weatherDevices?${q('forged.token.here')}`, { body: { name: 'x' } }))
        .status,
    ).toBe(401);
    expect((await call(t.url, 'POST', '/weatherDevices', { body: { name: 'x' } })).status).toBe(401);
    const malformed = await call(t.url, 'POST', '/weatherDevices?$accessToken[a]=1', { body: { name: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('$accessToken must be a token');
    // The header wins when both are sent.
    const both = await call(t.url, 'GET', `/weatherDevices/${created.body._id}?${q(other.token)}`, {
      token: u.token,
    });
    expect(both.status).toBe(200);
  });
});

describe('logout', () => {
  test('DELETE /authentication with the token logs out over REST', async () => {
    const u = await newUser(t, 'restout');
    const out = await call(t.url, 'DELETE', '/authentication', { token: u.token });
    expect(out.status).toBe(200);
    expect(out.body.accessToken).toBe(u.token);
    expect((await call(t.url, 'DELETE', '/authentication')).status).toBe(401);
  });

  test('after a socket logout the socket receives no more user events', async () => {
    const u = await newUser(t, 'sockout');
    // Another signed-in socket stays connected (see the report: realtime/channels.ts throws on logout when the
    // leaving socket was the last member of every channel).
    const bystander = await newUser(t, 'bystander');
    const other = await socketClient(t.url, bystander.token);
    const socket = await socketClient(t.url, u.token);
    try {
      const seen = collect(socket.client, 'users', 'patched');
      const rename = (firstName: string) =>
        call(t.url, 'PATCH', `/users/${u.user._id}`, { token: u.token, body: { firstName } });
      await rename('Before');
      await settle();
      expect(seen.map((x) => x.firstName)).toEqual(['Before']);
      await socket.client.service('authentication').remove(null);
      await rename('After');
      await settle();
      expect(seen.map((x) => x.firstName)).toEqual(['Before']);
      // Signed out, the socket is anonymous again.
      await expect(socket.client.service('users/me').find()).rejects.toMatchObject({ code: 401 });
    } finally {
      socket.close();
      other.close();
    }
  });
});

// What the OAuth callback passes when it authenticates (the provider's answer is given directly: no network).
const asGoogle = { authStrategies: ['google'] } as Params;
const asFacebook = { authStrategies: ['facebook'] } as Params;

const redirectOf = async (url: string) => {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
};

describe('OAuth', () => {
  test('without keys there are no OAuth routes and /config offers none', async () => {
    expect((await redirectOf(`${t.url}/oauth/google`)).status).toBe(404);
    expect((await redirectOf(`${t.url}/oauth/facebook/callback`)).status).toBe(404);
    // The object is open (push adds vapidPublicKey): only the fields of this part are checked.
    expect((await call(t.url, 'GET', '/config')).body).toMatchObject({ captcha: null, oauth: [] });
  });

  describe('with Google configured', () => {
    let g: TestServer;
    beforeAll(async () => {
      g = await startServer({
        googleClientId: 'google-id',
        googleClientSecret: 'google-secret',
        facebookClientId: 'fb-id',
        facebookClientSecret: null,
        publicUrl: 'https://portal.example.com',
      });
    });
    afterAll(() => g.close());

    test('the route starts the provider flow; unconfigured providers stay absent', async () => {
      const start = await redirectOf(`${g.url}/oauth/google`);
      expect(start.status).toBeGreaterThanOrEqual(300);
      expect(start.status).toBeLessThan(400);
      const location = new URL(start.location ?? '');
      expect(location.hostname).toBe('accounts.google.com');
      expect(location.searchParams.get('client_id')).toBe('google-id');
      expect(location.searchParams.get('redirect_uri')).toBe(
        'https://portal.example.com/oauth/google/callback',
      );
      expect((await redirectOf(`${g.url}/oauth/facebook`)).status).toBe(404);
      expect((await redirectOf(`${g.url}/oauth/twitter`)).status).toBe(404);
      expect((await call(g.url, 'GET', '/config')).body).toMatchObject({ captcha: null, oauth: ['google'] });
    });

    test('a new Google identity becomes a verified user with its e-mail; the same identity signs in again', async () => {
      const auth = g.server.app.service('authentication');
      const profile = {
        sub: 'google-123',
        email: 'Social@Example.com',
        email_verified: true,
        given_name: 'Soci',
        family_name: 'Al',
      };
      const first = await auth.create({ strategy: 'google', profile }, asGoogle);
      expect(first.accessToken).toBeTruthy();
      expect(first.user).toMatchObject({ email: 'social@example.com', verified: true, firstName: 'Soci' });
      const second = await auth.create({ strategy: 'google', profile }, asGoogle);
      expect(second.user._id).toBe(first.user._id);
      const me = await call(g.url, 'GET', '/users/me', { token: first.accessToken });
      expect(me.body.user).toMatchObject({ email: 'social@example.com', verified: true });
      expect(JSON.stringify(me.body)).not.toMatch(/google-123/);
      // No password: the local login and a password change fail cleanly.
      const local = await call(g.url, 'POST', '/authentication', {
        body: { strategy: 'local', email: 'social@example.com', password: 'anything long' },
      });
      expect(local.status).toBe(401);
    });

    test('a verified Google address joins the existing account of that address', async () => {
      const u = await newUser(g, 'linked');
      const result = await g.server.app
        .service('authentication')
        .create(
          { strategy: 'google', profile: { sub: 'google-456', email: u.email, email_verified: true } },
          asGoogle,
        );
      expect(result.user._id).toBe(u.user._id);
      const unverified = g.server.app
        .service('authentication')
        .create(
          { strategy: 'google', profile: { sub: 'google-789', email: u.email, email_verified: false } },
          asGoogle,
        );
      await expect(unverified).rejects.toThrow(/already registered/);
    });

    test('pre-hijacking: a Google sign-in never joins an unverified account of its address (issue #20)', async () => {
      // The attacker signs up with the victim's address and never verifies it.
      const email = `victim-${Date.now()}@example.com`;
      const password = 'attacker password';
      expect(
        (await call(g.url, 'POST', '/users', { body: { email, password, termsAccepted: true } })).status,
      ).toBe(201);
      const auth = g.server.app.service('authentication');
      const profile = { sub: 'google-victim', email, email_verified: true };
      const refused = await auth.create({ strategy: 'google', profile }, asGoogle).catch((e) => e);
      expect(refused).toMatchObject({ code: 401, data: { code: 'socialUnverified' } });
      const row = await g.server.app.ctx.storage.knex('users').where({ email }).first();
      expect(row).toMatchObject({ googleId: null });
      expect(Boolean(row.verified)).toBe(false);
      // The login page gets the code to translate, not the English text.
      const strategy = (auth as unknown as AuthenticationService).getStrategy('google') as unknown as {
        getRedirect(data: unknown, params?: object): Promise<string>;
      };
      expect(await strategy.getRedirect(refused, {})).toBe(
        'https://portal.example.com/login#error=socialUnverified',
      );
      // Resetting the password by the mailed code proves the address; then Google joins that account, and the
      // attacker's password no longer opens it.
      expect((await call(g.url, 'POST', '/users/reset', { body: { email } })).status).toBe(201);
      const code = await vi.waitFor(() => {
        const mail = g.server.app.ctx.mailer.sent.find((m) => m.to === email && /reset code/.test(m.subject));
        if (!mail) throw new Error('no reset mail yet');
        return lastCode(g, email);
      });
      const reset = await call(g.url, 'POST', '/users/reset', {
        body: { email, code, password: 'victim password 1' },
      });
      expect(reset.status).toBe(201);
      const joined = await auth.create({ strategy: 'google', profile }, asGoogle);
      expect(joined.user._id).toBe(row._id);
      const old = await call(g.url, 'POST', '/authentication', {
        body: { strategy: 'local', email, password },
      });
      expect(old.status).toBe(401);
    });
  });

  test('Facebook routes exist when configured, and an address already registered is refused there', async () => {
    const f = await startServer({ facebookClientId: 'fb-id', facebookClientSecret: 'fb-secret' });
    try {
      const start = await redirectOf(`${f.url}/oauth/facebook`);
      expect(new URL(start.location ?? '').hostname).toBe('www.facebook.com');
      expect((await redirectOf(`${f.url}/oauth/google`)).status).toBe(404);
      expect((await call(f.url, 'GET', '/config')).body.oauth).toEqual(['facebook']);
      const auth = f.server.app.service('authentication');
      const created = await auth.create(
        { strategy: 'facebook', profile: { id: 'fb-1', email: 'fb@example.com', first_name: 'Face' } },
        asFacebook,
      );
      expect(created.user).toMatchObject({ email: 'fb@example.com', verified: true, firstName: 'Face' });
      const u = await newUser(f, 'fbtaken');
      await expect(
        auth.create({ strategy: 'facebook', profile: { id: 'fb-2', email: u.email } }, asFacebook),
      ).rejects.toThrow(/already registered/);
      await expect(
        auth.create({ strategy: 'facebook', profile: { id: 'fb-3' } }, asFacebook),
      ).rejects.toThrow(/e-mail/);
    } finally {
      await f.close();
    }
  });
});

describe('captcha on sign-up', () => {
  let c: TestServer;
  let verifierDown = false;
  const checked: string[] = [];
  const captcha: Partial<Config> = {
    recaptchaSiteKey: 'site-key',
    recaptchaSecret: 'secret',
    captchaVerifier: async (token) => {
      checked.push(token);
      if (verifierDown) throw new Error('network down');
      if (token === 'bot') return { success: true, score: 0.1 };
      return { success: token === 'good' };
    },
  };
  beforeAll(async () => {
    c = await startServer(captcha);
  });
  afterAll(() => c.close());

  const signup = (extra: Record<string, unknown>, server = () => c) =>
    call(server().url, 'POST', '/users', {
      body: {
        email: `cap-${Math.random()}@example.com`,
        password: 'longenough',
        termsAccepted: true,
        ...extra,
      },
    });

  test('needs a token that the verifier accepts', async () => {
    expect((await signup({})).body).toMatchObject({ code: 400, message: CAPTCHA_MISSING });
    expect((await signup({ captchaToken: 'forged' })).body).toMatchObject({
      code: 400,
      message: CAPTCHA_FAILED,
    });
    expect((await signup({ captchaToken: 'bot' })).body).toMatchObject({
      code: 400,
      message: CAPTCHA_FAILED,
    });
    expect((await signup({ captchaToken: 'good' })).status).toBe(201);
    expect(checked).toEqual(['forged', 'bot', 'good']);
    verifierDown = true;
    expect((await signup({ captchaToken: 'good' })).status).toBe(503);
    verifierDown = false;
  });

  test('the form is checked first, and /config tells the client the site key', async () => {
    expect((await signup({ password: 'short', captchaToken: 'good' })).body.message).toBe(
      'At least 8 alphas',
    );
    expect((await call(c.url, 'GET', '/config')).body).toMatchObject({
      captcha: { siteKey: 'site-key', version: 3 },
      oauth: [],
    });
  });

  test('without captcha keys no token is needed', async () => {
    expect((await signup({}, () => t)).status).toBe(201);
  });
});
