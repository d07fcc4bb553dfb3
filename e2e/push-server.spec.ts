// The server's own alert push, end to end but for the push service (issue 30): an alert the server raises is
// sent by its Web Push sender (web-push, VAPID, RFC 8291 encryption) to a browser's subscription; this test is
// that push service (an HTTPS endpoint on 127.0.0.1, its certificate trusted by the server through
// NODE_EXTRA_CA_CERTS), decrypts what arrived with the subscription's private key, and hands it to the app's
// service worker as the browser would (DevTools' deliverPushMessage: headless Chromium has no push service).
// The notification and the stored alert are then the server's payload, not one the test wrote.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addStation, api, controlled, device, jwt, readStore, signUp, upload } from './helpers';
import { OwnServer } from './server';

interface SwScope {
  registration: { getNotifications(): Promise<Notification[]> };
}

/** A self-signed certificate for 127.0.0.1 (openssl), and its files. */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}

/** RFC 8291 (Web Push message encryption) with RFC 8188 aes128gcm, one record: the plaintext of `body`. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = ua.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

let pushService: Server;
let server: OwnServer;
const received: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];

test.beforeAll(async () => {
  const { key, cert } = certificate();
  pushService = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(201).end();
  });
  pushService.listen(0, '127.0.0.1');
  await once(pushService, 'listening');
  // The test's push service is the operator's own (PUSH_HOSTS): browsers' public services are the only others.
  const { port } = pushService.address() as { port: number };
  server = await OwnServer.create(undefined, { NODE_EXTRA_CA_CERTS: cert, PUSH_HOSTS: `127.0.0.1:${port}` });
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  pushService?.close();
});

test("the server's alert push, through the service worker, is the notification and the stored alert", async ({
  page,
  context,
  request,
}) => {
  const base = server.base;
  await context.grantPermissions(['notifications'], { origin: base });
  const account = await signUp(page, 'srvpush', { base, dataDir: server.dataDir });
  const station = await addStation(page, 'Garden', base);
  const token = await jwt(request, account, base);
  const { _id: deviceId, timezone } = await device(request, token, station.wsid, base);
  await controlled(page);

  // The browser's subscription, as PushSubscription.toJSON() gives it, pointing at this test's push service.
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const auth = randomBytes(16);
  const { port } = pushService.address() as { port: number };
  const endpoint = `https://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`;
  const me = await (
    await request.post(`${base}/authentication`, {
      data: { strategy: 'local', email: account.email, password: account.password },
    })
  ).json();
  const session = await request.post(`${base}/sessions`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      _id: `e2e-push-${randomBytes(6).toString('hex')}`,
      associateUser: me.user._id,
      pushEnabled: true,
      pushType: 'web',
      pushToken: {
        endpoint,
        keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    },
  });
  expect(session.status(), await session.text()).toBe(201);

  // A rule (above 30 °C, by notification) and two readings crossing it: the server raises the alert and pushes.
  const rule = await request.post(`${base}/alertSettings`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      weatherDevice: deviceId,
      settings: [{ item: 'tempc0', condition: 'above', value: 30, unit: 'C', method: 'notification' }],
      disableAll: false,
    },
  });
  expect(rule.status()).toBe(201);
  await page.goto('about:blank'); // no window of the app open: only the service worker can show and store it
  const now = Math.floor(Date.now() / 1000);
  await upload(request, station, { t1tem: 29.5, t1hum: 40 }, { time: now - 60, timeZone: timezone }, base);
  await upload(request, station, { t1tem: 31.2, t1hum: 40 }, { time: now, timeZone: timezone }, base);

  // One push, to the subscription's endpoint, with VAPID authorisation and an aes128gcm body.
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
  const [push] = received;
  expect(new URL(endpoint).pathname).toBe(push.path);
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  const text = decrypt(push.body, ua, auth);
  const payload = JSON.parse(text) as {
    title: string;
    body: string;
    data: { path: string; url?: string; alert: { _id: string; device: string; item: string } };
  };
  const [alert] = await api<{ _id: string; item: string; message: string }[]>(
    request,
    token,
    `/alerts?device=${deviceId}&$paginate=false`,
    base,
  );
  expect(payload.data.alert).toMatchObject({ _id: alert._id, device: deviceId, item: 'tempc0' });
  expect(payload.body).toBe(alert.message);
  expect(payload.title).toContain('Garden');
  expect(payload.data.path).toContain(deviceId);

  // The browser's part: the push event with those bytes reaches the app's service worker.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(base));
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(base).origin,
    registrationId: await registrationId,
    data: text,
  });
  const [sw] = context.serviceWorkers();
  await expect
    .poll(() =>
      sw.evaluate(async () =>
        (await (self as unknown as SwScope).registration.getNotifications()).map((n: Notification) => ({
          title: n.title,
          body: n.body,
          path: (n.data as { path?: string }).path,
        })),
      ),
    )
    .toEqual([{ title: payload.title, body: payload.body, path: payload.data.path }]);
  await expect
    .poll(async () => ((await sw.evaluate(readStore, 'alerts')) as { _id: string }[]).map((a) => a._id))
    .toEqual([alert._id]);
});
