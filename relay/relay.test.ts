// Console → relay → portal, over real sockets with the real portal (issue 27): replayed console captures
// (parsers/fixtures), the portal stopped for a while and the relay restarted meanwhile. Every upload is stored
// once, in order, with its original time; the console got its protocol's own "ok" each time; live data goes
// straight through once the portal is back; a --forward destination got every upload too.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp, type Server as Portal } from '../server/app';
import type { Config } from '../server/config';
import { replyFor } from '../server/ingest/parsers';
import { call, newStation, newUser, startServer, type TestServer } from '../server/testing/server';
import { RELAY_VERSION } from './destination';
import { type Relay, startRelay } from './relay';

const fixture = (name: string) =>
  readFileSync(
    join(import.meta.dirname, '..', 'server', 'ingest', 'parsers', 'fixtures', name),
    'utf8',
  ).trim();
const WSLINK = fixture('wslink-vendor-example.query');
const ECOWITT = fixture('ecowitt-gw1100b.form');

/** Waits for `condition`, polling; fails with `what` after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits for the clock's next second (uploads stamped on receipt must not share a second: that is a resend). */
async function nextSecond(): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await until(() => Math.floor(Date.now() / 1000) > now, 2000, 'the next second');
}

/** One request on its own connection, as a console sends it (no keep-alive across a relay restart). */
function send(
  method: 'GET' | 'POST',
  url: string,
  body?: string,
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' };
    const req = request(url, { method, agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const utc = (time: number) => new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ');
/** The station's wall time (WSLink `datetime`), Europe/Prague as the test station. */
const prague = (time: number) =>
  new Date(time * 1000).toLocaleString('sv-SE', { timeZone: 'Europe/Prague' }).replace('T', ' ');
const fToC = (f: number) => ((f - 32) * 5) / 9;

let t: TestServer;
let portal: Portal;
/** Whether `portal` is running (afterAll closes it only then). */
let portalUp = true;
let config: Config;
let token: string;
let station: { _id: string; wsid: string; stationKey: string };
let relay: Relay;
let queueDir: string;
let forward: Server;
const forwarded: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  // A database that outlives the portal's stop: PostgreSQL (TEST_DATABASE_URL) or an SQLite file.
  const dataDir = mkdtempSync(join(tmpdir(), 'relay-portal-'));
  dirs.push(dataDir);
  t = await startServer(process.env.TEST_DATABASE_URL ? {} : { database: join(dataDir, 'portal.sqlite') });
  portal = t.server;
  const port = Number(new URL(t.url).port);
  config = { ...portal.app.ctx.config, port };
  ({ token } = await newUser(t));
  station = await newStation(t, token);
  forward = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      forwarded.push({ url: req.url ?? '', headers: req.headers, body });
      res.end('success');
    });
  });
  await new Promise<void>((r) => forward.listen(0, '127.0.0.1', r));
  queueDir = mkdtempSync(join(tmpdir(), 'relay-queue-'));
  dirs.push(queueDir);
});

afterAll(async () => {
  await relay?.close();
  await new Promise((r) => forward?.close(r));
  // The portal now running (restarted by the test), with its PostgreSQL schema dropped as startServer's close.
  if (portal && portalUp) {
    const schema =
      portal.app.ctx.storage.engine === 'pg' ? new URL(config.database).searchParams.get('schema') : null;
    if (schema) await portal.app.ctx.storage.knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await portal.close();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const forwardUrl = () => `http://127.0.0.1:${(forward.address() as AddressInfo).port}/`;

async function start(port = 0) {
  relay = await startRelay({
    portal: t.url,
    listen: port,
    host: '127.0.0.1',
    queue: queueDir,
    forwards: [forwardUrl()],
    maxRetryMs: 500,
    log: () => {},
  });
}

/** A WSLink console's GET (the vendor's example), `n` as its outdoor temperature; `time`: its clock, else none. */
function wslinkQuery(n: number, time?: number) {
  const fields = new URLSearchParams(WSLINK);
  fields.set('wsid', station.wsid);
  fields.set('wspw', station.stationKey);
  if (time === undefined) fields.delete('datetime');
  else fields.set('datetime', prague(time));
  fields.set('t1tem', String(n));
  return fields.toString();
}

/** An Ecowitt GW1100B's POST, `n` °F outdoors; `time`: its dateutc, else `now` (as some firmware sends). */
function ecowittBody(n: number, time?: number) {
  const fields = new URLSearchParams(ECOWITT);
  fields.set('dateutc', time === undefined ? 'now' : utc(time));
  fields.set('tempf', String(n));
  return fields.toString();
}

interface Sent {
  time: number | null;
  tempc0: number;
}
const sent: Sent[] = [];

/** Sends one upload as the console does, checks the console's reply bytes, notes what must be stored. */
async function upload(kind: 'wslink' | 'ecowitt', n: number, time?: number) {
  // Receipt-stamped uploads: one per second.
  if (time === undefined) await nextSecond();
  const before = Math.floor(Date.now() / 1000);
  const res =
    kind === 'wslink'
      ? await send('GET', `${relay.url}/data/upload.php?${wslinkQuery(n, time)}`)
      : await send('POST', `${relay.url}/data/report/${station.stationKey}`, ecowittBody(n, time));
  const ok = replyFor(kind, 'ok');
  expect(res).toEqual({
    status: ok.status,
    type: ok.contentType,
    body: ok.body,
  });
  const after = Math.floor(Date.now() / 1000);
  // A receipt time is within the request's seconds; it is checked against the stored one below.
  if (time === undefined && before !== after) throw new Error('the request crossed a second: rerun');
  sent.push({ time: time ?? before, tempc0: kind === 'wslink' ? n : fToC(n) });
}

const status = async () => JSON.parse((await send('GET', `${relay.url}/status`)).body);

async function stored() {
  const from = Math.floor(Date.now() / 1000) - 3600;
  return portal.app.ctx.samples.samples(station._id, from, from + 7200);
}

test('console → relay → portal: the portal away and the relay restarted, every upload stored once, in order, with its time', async () => {
  await start();
  const T = Math.floor(Date.now() / 1000);

  // Portal up: uploads go straight through.
  await upload('ecowitt', 41, T - 600);
  await upload('wslink', 2);
  await until(async () => (await stored()).length === 2, 10_000, 'the first two uploads stored');
  expect(await status()).toMatchObject({ queued: 0, sent: 2, portalReachable: true });

  // The portal stops: the console is still answered "ok", the relay queues.
  await portal.close();
  portalUp = false;
  await upload('wslink', 3, T - 500);
  await upload('ecowitt', 44);
  await upload('wslink', 5);
  await until(async () => (await status()).queued === 3, 10_000, 'three uploads queued');
  expect(await status()).toMatchObject({ sent: 2, portalReachable: false });

  // The relay restarts meanwhile (same port, same queue): the queue is still there.
  const port = relay.port;
  await relay.close();
  await start(port);
  expect((await status()).queued).toBe(3);
  await upload('ecowitt', 46, T - 400);
  await upload('wslink', 7);
  await until(async () => (await status()).queued === 5, 10_000, 'five uploads queued');

  // The portal is back: the backlog is sent, and live data goes on.
  portal = await createApp(config);
  await portal.listen();
  portalUp = true;
  await until(async () => (await status()).queued === 0, 20_000, 'the backlog sent');
  const liveAt = Date.now();
  await upload('wslink', 8);
  await until(async () => (await stored()).length === sent.length, 10_000, 'the live upload stored');
  const liveMs = Date.now() - liveAt;
  expect(liveMs).toBeLessThan(5000);

  const rows = await stored();
  // Once each, in order, each with its console's (or its receipt's) time.
  const expected = [...sent].sort((a, b) => a.time! - b.time!);
  expect(rows.map((r) => r.time)).toEqual(expected.map((s) => s.time));
  for (const [i, row] of rows.entries()) expect(row.tempc0).toBeCloseTo(expected[i].tempc0, 1);
  // `sent` counts since the relay (re)started: the 6 after its restart.
  expect(await status()).toMatchObject({ queued: 0, sent: 6, portalReachable: true });
  expect(Date.parse((await status()).lastSentAt)).toBeGreaterThanOrEqual(liveAt);

  // Fanned out: the forward destination got each upload once, on the console's path, with the relay's headers.
  await until(() => forwarded.length === sent.length, 10_000, 'every upload forwarded');
  expect(forwarded.filter((f) => f.url.startsWith('/data/upload.php?'))).toHaveLength(5);
  expect(forwarded.filter((f) => f.url.startsWith(`/data/report/${station.stationKey}`))).toHaveLength(3);
  expect(forwarded.every((f) => f.headers['x-relay'] === RELAY_VERSION)).toBe(true);
  // The console sent `dateutc=now`: the relay wrote its receipt time in first, for destinations that read it.
  const stamped = forwarded.filter((f) => /^\/data\/report\/[^?]+\?dateutc=/.test(f.url));
  expect(stamped).toHaveLength(1);

  // The portal's view of the relay, for the Weather Server page.
  await portal.ingest.settled();
  const view = await call(t.url, 'GET', `/weatherServer?device=${station._id}`, { token });
  expect(view.body.relay).toMatchObject({ portal: expect.stringMatching(/^http:\/\//) });
  expect(view.body.relay.status).toMatchObject({ version: RELAY_VERSION, queued: 0 });
  expect(view.body.relay.status.seenAt).toBeGreaterThanOrEqual(Math.floor(liveAt / 1000));
}, 90_000);

test('the relay answers a malformed upload as the portal would, and queues nothing', async () => {
  const before = (await status()).queued;
  const res = await fetch(`${relay.url}/data/upload.php?wsid=${station.wsid}`);
  const refused = replyFor('wslink', 'badRequest', 'Missing wsid or wspw');
  expect({ status: res.status, body: await res.text() }).toEqual({
    status: refused.status,
    body: refused.body,
  });
  expect((await status()).queued).toBe(before);
  const stray = await send('GET', `${relay.url}/weatherstation/nothing-here?ID=a&PASSWORD=b`);
  const notFound = replyFor('wunderground', 'notFound');
  expect(stray).toEqual({ status: notFound.status, type: notFound.contentType, body: notFound.body });
});
