// Issue #10 item 3: per-IP limits behind a load balancer. TRUST_PROXY hops of X-Forwarded-For are trusted (0 by
// default: the header is ignored), and a valid station key is never blocked by someone else's failures.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forwardedIp } from './client-ip';
import { loadConfig } from './config';
import { call, newStation, newUser, startServer, type TestServer, wslink } from './testing/server';

const MAC = 'AA:BB:CC:40:00:01';
const PASSKEY = 'D1D5B0A8F3C1A6E9C5E0C2A5B4F3E2D1'; // no station's: a wrong key

/** An Ecowitt upload by MAC (PASSKEY) or by the key in the path, from the client `from` (X-Forwarded-For). */
async function ecowitt(t: TestServer, from: string, passkey: string, path = '/data/report/') {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
    body: `PASSKEY=${passkey}&dateutc=now&tempf=50`,
  });
  return res.status;
}

const md5 = async (mac: string) =>
  (await import('node:crypto')).createHash('md5').update(mac).digest('hex').toUpperCase();

/** 30 wrong keys from `from`: the per-IP limit of failures (30 a minute) is reached. */
async function hammer(t: TestServer, from: string) {
  const statuses = [];
  for (let i = 0; i < 31; i++) statuses.push(await ecowitt(t, from, PASSKEY));
  expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
  expect(statuses[30]).toBe(429);
}

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ trustProxy: 1, loginFailuresPerIp: 3 });
    const owner = await newUser(t, 'proxy-owner');
    await newStation(t, owner.token, { mac: MAC, macAuth: true });
  });
  afterAll(() => t.close());

  test("30 bad keys from client A do not block client B's uploads", async () => {
    await hammer(t, '203.0.113.7');
    // B: its wrong key is a plain 401, its console identified by MAC uploads.
    expect(await ecowitt(t, '198.51.100.9', PASSKEY)).toBe(401);
    expect(await ecowitt(t, '198.51.100.9', await md5(MAC))).toBe(200);
    // A is still refused, even with a MAC that would match (MACs can be guessed, so A is throttled).
    expect(await ecowitt(t, '203.0.113.7', await md5(MAC))).toBe(429);
    // Only the entry written by the trusted proxy counts: a client cannot pose as another by prepending one.
    expect(await ecowitt(t, '198.51.100.9, 203.0.113.7', await md5(MAC))).toBe(429);
  });

  test('failed logins up to the per-IP limit from client A do not block logins from client B', async () => {
    const user = await newUser(t, 'proxy-login');
    const login = (from: string, email: string, password: string) =>
      call(t.url, 'POST', '/authentication', {
        headers: { 'x-forwarded-for': from },
        body: { strategy: 'local', email, password },
      });
    for (let i = 0; i < 3; i++)
      expect((await login('203.0.113.8', `nobody${i}@example.com`, 'wrong password')).status).toBe(401);
    // Past the limit, client A is refused for the addresses it failed on; an account that never failed still
    // signs in from it (issue 20 item 9: a NAT or a proxy shares one address), and client B is untouched.
    expect((await login('203.0.113.8', 'nobody0@example.com', 'wrong password')).status).toBe(429);
    expect((await login('203.0.113.8', user.email, user.password)).status).toBe(201);
    expect((await login('198.51.100.10', 'nobody0@example.com', 'wrong password')).status).toBe(401);
    expect((await login('198.51.100.10', user.email, user.password)).status).toBe(201);
  });
});

describe('TRUST_PROXY unset (default 0)', () => {
  let t: TestServer;
  let station: { _id: string; wsid: string; stationKey: string };
  beforeAll(async () => {
    t = await startServer();
    const owner = await newUser(t, 'direct-owner');
    station = await newStation(t, owner.token, { mac: 'AA:BB:CC:40:00:02', macAuth: true });
  });
  afterAll(() => t.close());

  test('X-Forwarded-For is ignored: every request counts for the socket address', async () => {
    await hammer(t, '203.0.113.7');
    expect(await ecowitt(t, '198.51.100.9', PASSKEY)).toBe(429);
    expect(await ecowitt(t, '198.51.100.9', await md5('AA:BB:CC:40:00:02'))).toBe(429);
  });

  test('a valid station key keeps uploading while the same address hammers bad keys', async () => {
    for (let i = 0; i < 5; i++) expect(await ecowitt(t, 'x', PASSKEY)).toBe(429);
    expect((await wslink(t, station, { t1tem: 20 })).status).toBe(200);
    expect(await ecowitt(t, 'x', PASSKEY, `/data/report/${station.stationKey}`)).toBe(200);
    const wrong = await wslink(t, { ...station, stationKey: 'wrong' }, { t1tem: 20 });
    expect(wrong.status).toBe(404); // WSLink's "too many requests": wrong keys stay throttled
    expect((await wslink(t, station, { t1tem: 21 })).status).toBe(200);
  });
});

describe('configuration', () => {
  test('TRUST_PROXY is a number of hops, 0 by default; anything else stops the start', () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-proxy-')) };
    expect(loadConfig(env).trustProxy).toBe(0);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  test('sockets read the client address as Koa does for REST', () => {
    expect(forwardedIp('10.0.0.1', '203.0.113.7', 0)).toBe('10.0.0.1');
    expect(forwardedIp('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(forwardedIp('10.0.0.1', 'spoofed, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedIp('10.0.0.1', 'spoofed, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedIp('10.0.0.1', ['203.0.113.7', '10.0.0.2'], 2)).toBe('203.0.113.7');
  });
});
