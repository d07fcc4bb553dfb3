// The server writes in the reader's language: every metric has a name in all nine catalogs (src/i18n/catalogs.test.ts
// checks each message is translated with its placeholders), and e-mails and alerts reach a user in their language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../src/domain/catalogue';
import { LOCALES } from '../../src/domain/locales';
import { ALERT_ITEM_WORDS, ALERT_WORDS, metricText } from '../../src/domain/words';
import { call, lastCode, newStation, startServer, type TestServer } from '../testing/server';
import { readPo, translator } from './catalogs';
import { requestLocale } from './locale';

describe('the server’s words in every catalog', () => {
  const keys = [...METRICS.map((m) => m.key), ...Object.keys(ALERT_ITEM_WORDS)];

  it('every metric and alert item has a name in all nine languages, never its raw key', () => {
    for (const { id: locale } of LOCALES) {
      const t = translator(locale);
      for (const key of keys) {
        const name = metricText(key, t);
        expect(name, `${key} in ${locale}`).not.toBe(key);
        expect(name, `${key} in ${locale}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('a word with a context in the catalogs does not replace the context-free one (the export\'s "Rain")', () => {
    const po = [
      'msgid "Rain"',
      'msgstr "降雨"',
      '',
      'msgctxt "forecast condition"',
      'msgid "Rain"',
      'msgstr "雨"',
      '',
    ].join('\n');
    expect(readPo(po)).toEqual({ Rain: '降雨', 'forecast condition\u0004Rain': '雨' });
    const zh = translator('zh-Hans');
    expect(zh({ id: 'Rain', message: 'Rain' })).toBe('降雨');
    expect(translator('de')({ id: 'Light', message: 'Light' })).toBe('Light');
  });

  it('plurals follow each language’s rules', () => {
    const cs = translator('cs');
    const lost = (n: number) => cs(ALERT_WORDS.lostLink, { sensor: 'X', minutes: n });
    expect(lost(1)).toMatch(/1 minutu$/);
    expect(lost(3)).toMatch(/3 minuty$/);
    expect(lost(31)).toMatch(/31 minut$/);
    expect(translator('en')(ALERT_WORDS.lostLink, { sensor: 'X', minutes: 1 })).toBe(
      'Lost link to X for 1 minute',
    );
  });

  it('a request’s language: the app’s cookie first, then Accept-Language by weight', () => {
    expect(requestLocale({ cookie: 'a=1; lang=cs', 'accept-language': 'de' })).toBe('cs');
    expect(requestLocale({ 'accept-language': 'xx, fr;q=0.5, de-AT;q=0.9' })).toBe('de');
    expect(requestLocale({ 'accept-language': 'zh-TW' })).toBe('zh-Hant');
    expect(requestLocale({ 'accept-language': 'xx' })).toBeNull();
    expect(requestLocale(undefined)).toBeNull();
  });
});

describe('mails and alerts in the recipient’s language', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  const lastMail = (to: string) => [...t.server.app.ctx.mailer.sent].reverse().find((m) => m.to === to)!;

  async function signUp(headers: Record<string, string>, body: Record<string, unknown> = {}) {
    const email = `lang-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const password = 'correct horse battery';
    const res = await call(t.url, 'POST', '/users', {
      body: { email, password, termsAccepted: true, ...body },
      headers,
    });
    expect(res.status).toBe(201);
    return { email, password };
  }

  it('sign-up: the verification code in the language of the app that signed up', async () => {
    const { email } = await signUp({ cookie: 'lang=de' });
    const mail = lastMail(email);
    expect(mail.subject).toMatch(/^Ihr Bestätigungscode: \d{6}$/);
    expect(mail.text).toContain('Willkommen im Wetterportal.');
    // The same address again: its owner is told in their language (German), whatever the second one speaks.
    await call(t.url, 'POST', '/users', {
      body: { email, password: 'another password 1', termsAccepted: true },
      headers: { 'accept-language': 'fr' },
    });
    expect(lastMail(email).subject).toBe('Jemand wollte sich mit Ihrer Adresse registrieren');
  });

  it('sign-up rejects a language the portal does not have with a 400', async () => {
    const res = await call(t.url, 'POST', '/users', {
      body: {
        email: 'x-lang@example.com',
        password: 'correct horse battery',
        termsAccepted: true,
        locale: 'tlh',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^locale must be one of en, de, fr/);
  });

  it('a password reset is written in the account’s language, an unknown one in the request’s', async () => {
    const { email } = await signUp({}, { locale: 'zh-Hant' });
    await call(t.url, 'POST', '/users/reset', { body: { email }, headers: { 'accept-language': 'fr' } });
    await expect.poll(() => lastMail(email).subject).toMatch(/^您的密碼重設碼：\d{6}$/);
  });

  it('an alert reaches a Czech user in Czech (the alert list and the e-mail), with Czech numbers', async () => {
    const { email, password } = await signUp({ cookie: 'lang=en' });
    const code = lastCode(t, email);
    expect((await call(t.url, 'POST', '/users/verify', { body: { email, code } })).status).toBe(201);
    // The app now speaks Czech: signing in says so (the `lang` cookie), and the account keeps it.
    const auth = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email, password },
      headers: { cookie: 'lang=cs' },
    });
    expect(auth.status).toBe(201);
    const token = auth.body.accessToken as string;
    const me = await call(t.url, 'GET', '/users/me', { token });
    expect(me.body.user.locale).toBe('cs');
    const station = await newStation(t, token, { name: 'Zahrada', timezone: 'Europe/Prague' });
    const rules = [{ item: 'tempc0', condition: 'above', value: 30, method: 'email' }];
    const set = await call(t.url, 'POST', '/alertSettings', {
      token,
      body: { weatherDevice: station._id, settings: rules, disableAll: false },
    });
    expect(set.status).toBe(201);
    const device = await t.server.app.ctx.devices.get(station._id);
    await t.server.ingest.store(device!, Math.floor(Date.now() / 1000), { tempc0: 31.25 });
    await t.server.app.ctx.alerts!.idle();
    const alerts = await call(t.url, 'GET', `/alerts?device=${station._id}&$paginate=false`, { token });
    expect(alerts.body[0].message).toBe('Venkovní teplota nad 30,0\u00a0°C: 31,3\u00a0°C');
    await expect
      .poll(() => lastMail(email).subject)
      .toBe('[Zahrada] Venkovní teplota nad 30,0\u00a0°C: 31,3\u00a0°C');
    const mail = lastMail(email);
    expect(mail.text).toContain('Stanice: Zahrada');
    expect(mail.text).toContain(`/dashboard?device=${station._id}`);
    expect(mail.text).toMatch(/Nastavení upozornění: http:\/\/[^\s]+\/alert\n/);
  });

  it('an invitation is written in the invited person’s language (French), else in the inviter’s (German)', async () => {
    const owner = await signUp({ cookie: 'lang=de' });
    expect(
      (
        await call(t.url, 'POST', '/users/verify', {
          body: { email: owner.email, code: lastCode(t, owner.email) },
        })
      ).status,
    ).toBe(201);
    const auth = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: owner.email, password: owner.password },
      headers: { cookie: 'lang=de' },
    });
    const token = auth.body.accessToken as string;
    const station = await newStation(t, token, { name: 'Jardin' });
    const guest = await signUp({ cookie: 'lang=fr' });
    const invite = (email: string) =>
      call(t.url, 'POST', '/shareInvitations', { token, body: { device: station._id, email } });
    expect((await invite(guest.email)).status).toBe(201);
    await expect
      .poll(() => lastMail(guest.email)?.subject)
      .toMatch(/vous invite à voir la station météo «\u00a0Jardin\u00a0»$/);
    // No account: the inviter's language.
    const stranger = `nobody-${Date.now()}@example.com`;
    expect((await invite(stranger)).status).toBe(201);
    await expect
      .poll(() => lastMail(stranger)?.subject)
      .toMatch(/lädt Sie ein, die Wetterstation „Jardin“ zu sehen$/);
  });

  it('users patch takes a language the catalogs have, and refuses others', async () => {
    const { email, password } = await signUp({});
    const code = lastCode(t, email);
    await call(t.url, 'POST', '/users/verify', { body: { email, code } });
    const auth = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email, password },
    });
    const id = auth.body.user._id as string;
    const token = auth.body.accessToken as string;
    const ok = await call(t.url, 'PATCH', `/users/${id}`, { token, body: { locale: 'nl-BE' } });
    expect(ok.status).toBe(200);
    expect(ok.body.locale).toBe('nl');
    const bad = await call(t.url, 'PATCH', `/users/${id}`, { token, body: { locale: 42 } });
    expect(bad.status).toBe(400);
  });
});
