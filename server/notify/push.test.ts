// Push senders without a network: FCM HTTP v1 through an injected fetch; VAPID keys generated once and kept.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { firebaseConfig, firebaseSender, firebaseWebConfig, PushGone, vapidKeys } from './push';

const payload = {
  title: 'Garden: alert',
  body: 'Outdoor temperature above 30 °C',
  data: { path: '/dashboard?device=abc', url: 'https://weather.example/dashboard?device=abc' },
};

describe('FCM HTTP v1', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  test('only configured when every FIREBASE_* variable is set', () => {
    expect(firebaseConfig({})).toBeNull();
    expect(firebaseConfig({ FIREBASE_PROJECT_ID: 'p', FIREBASE_CLIENT_EMAIL: 'e' })).toBeNull();
    expect(
      firebaseConfig({
        FIREBASE_PROJECT_ID: 'p',
        FIREBASE_CLIENT_EMAIL: 'e',
        FIREBASE_PRIVATE_KEY: 'line1\\nline2',
      }),
    ).toEqual({ projectId: 'p', clientEmail: 'e', privateKey: 'line1\nline2' });
  });

  test('gets an OAuth token once, sends the message, reports unregistered tokens as gone', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let answer = { status: 200, body: '{}' };
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.startsWith('https://oauth2.googleapis.com/'))
        return new Response(JSON.stringify({ access_token: 'tok', expires_in: 3600 }), { status: 200 });
      return new Response(answer.body, { status: answer.status });
    }) as unknown as typeof fetch;
    const send = firebaseSender(
      { projectId: 'wx-portal', clientEmail: 'sa@wx.iam', privateKey: pem },
      fakeFetch,
    );
    await send('device-token', payload);
    await send('device-token', payload);
    expect(calls.map((c) => c.url)).toEqual([
      'https://oauth2.googleapis.com/token',
      'https://fcm.googleapis.com/v1/projects/wx-portal/messages:send',
      'https://fcm.googleapis.com/v1/projects/wx-portal/messages:send',
    ]);
    const assertion = new URLSearchParams(calls[0].init.body as string).get('assertion')!;
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'sa@wx.iam', aud: 'https://oauth2.googleapis.com/token' });
    expect((calls[1].init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(calls[1].init.body as string)).toEqual({
      message: {
        token: 'device-token',
        notification: { title: payload.title, body: payload.body },
        // The absolute link (issue #12) for FCM's own click handling; the path for the service worker's.
        data: {
          path: '/dashboard?device=abc',
          url: 'https://weather.example/dashboard?device=abc',
          alert: 'null',
        },
        webpush: { fcm_options: { link: 'https://weather.example/dashboard?device=abc' } },
      },
    });
    answer = {
      status: 404,
      body: '{"error":{"status":"NOT_FOUND","details":[{"errorCode":"UNREGISTERED"}]}}',
    };
    await expect(send('device-token', payload)).rejects.toBeInstanceOf(PushGone);
    answer = { status: 500, body: 'oops' };
    await expect(send('device-token', payload)).rejects.toThrow('FCM send failed: 500');
  });
});

describe('VAPID keys', () => {
  test('generated on first start, the same afterwards; the environment wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const first = vapidKeys(dir, {});
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(vapidKeys(dir, {})).toEqual(first);
    expect(vapidKeys(dir, { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' })).toMatchObject({
      publicKey: 'pub',
      privateKey: 'priv',
    });
  });
});

describe('FCM for browsers (FIREBASE_WEB_CONFIG)', () => {
  const account = {
    FIREBASE_PROJECT_ID: 'wx',
    FIREBASE_CLIENT_EMAIL: 'sa@wx.iam',
    FIREBASE_PRIVATE_KEY: 'k',
  };
  const web = { apiKey: 'a', projectId: 'wx', messagingSenderId: '1', appId: '1:1:web:1', vapidKey: 'B1' };

  test('offered only with the sending account and every field; else browsers use Web Push', () => {
    expect(firebaseWebConfig({ ...account, FIREBASE_WEB_CONFIG: JSON.stringify(web) })).toEqual(web);
    expect(firebaseWebConfig({ FIREBASE_WEB_CONFIG: JSON.stringify(web) })).toBeNull();
    expect(firebaseWebConfig(account)).toBeNull();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(firebaseWebConfig({ ...account, FIREBASE_WEB_CONFIG: '{not json' })).toBeNull();
    expect(
      firebaseWebConfig({ ...account, FIREBASE_WEB_CONFIG: JSON.stringify({ ...web, vapidKey: '' }) }),
    ).toBeNull();
    quiet.mockRestore();
  });
});
