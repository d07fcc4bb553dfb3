// Console → relay → portal, over real sockets with the real portal (issue 27): replayed console captures
// (parsers/fixtures), the portal stopped for a while and the relay restarted meanwhile. Every upload is stored
// once, in order, with its original time; the console got its protocol's own "ok" each time; live data goes
// straight through once the portal is back; a --forward destination got every upload too.
// The full 60-second outage: faults/relay-outage.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { replyFor } from '../server/ingest/parsers';
import { call } from '../server/testing/server';
import { RELAY_VERSION } from './destination';
import { type Relay, startRelay } from './relay';
import {
  consoleUpload,
  fToC,
  nextSecond,
  type RestartablePortal,
  restartablePortal,
  type Station,
  send,
  until,
} from './testing';

let portal: RestartablePortal;
let station: Station;
let relay: Relay;
let queueDir: string;
let forward: Server;
const forwarded: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  portal = await restartablePortal();
  station = await portal.newStation();
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
});

afterAll(async () => {
  await relay?.close();
  await new Promise((r) => forward?.close(r));
  await portal?.close();
  rmSync(queueDir, { recursive: true, force: true });
});

async function start(port = 0) {
  relay = await startRelay({
    portal: portal.url,
    listen: port,
    host: '127.0.0.1',
    queue: queueDir,
    forwards: [`http://127.0.0.1:${(forward.address() as AddressInfo).port}/`],
    maxRetryMs: 500,
    log: () => {},
  });
}

/** What must be stored: the upload's time (a receipt time: within the seconds its request took), its °C. */
const sent: { from: number; to: number; tempc0: number }[] = [];

/** Sends one upload as the console does, checks the console's reply bytes, notes what must be stored. */
async function upload(kind: 'wslink' | 'ecowitt', n: number, time?: number) {
  // Receipt-stamped uploads: one per second.
  if (time === undefined) await nextSecond();
  const from = Math.floor(Date.now() / 1000);
  const res = await consoleUpload(relay.url, station, kind, n, time);
  const ok = replyFor(kind, 'ok');
  expect(res).toEqual({ status: ok.status, type: ok.contentType, body: ok.body });
  const to = Math.floor(Date.now() / 1000);
  sent.push({ from: time ?? from, to: time ?? to, tempc0: kind === 'wslink' ? n : fToC(n) });
}

const status = async () => JSON.parse((await send('GET', `${relay.url}/status`)).body);

test('console → relay → portal: the portal away and the relay restarted, every upload stored once, in order, with its time', async () => {
  await start();
  const T = Math.floor(Date.now() / 1000);

  // Portal up: uploads go straight through.
  await upload('ecowitt', 41, T - 600);
  await upload('wslink', 2);
  await until(async () => (await portal.samples(station)).length === 2, 10_000, 'the first two stored');
  expect(await status()).toMatchObject({ queued: 0, sent: 2, portalReachable: true });

  // The portal stops: the console is still answered "ok", the relay queues.
  await portal.stop();
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
  await portal.start();
  await until(async () => (await status()).queued === 0, 20_000, 'the backlog sent');
  const liveAt = Date.now();
  await upload('wslink', 8);
  await until(
    async () => (await portal.samples(station)).length === sent.length,
    10_000,
    'the live upload stored',
  );
  expect(Date.now() - liveAt).toBeLessThan(5000);

  const rows = await portal.samples(station);
  // Once each, in order, each with its console's (or its receipt's) time.
  const expected = [...sent].sort((a, b) => a.from - b.from);
  expect(rows).toHaveLength(expected.length);
  for (const [i, row] of rows.entries()) {
    expect(row.time).toBeGreaterThanOrEqual(expected[i].from);
    expect(row.time).toBeLessThanOrEqual(expected[i].to);
    expect(row.tempc0).toBeCloseTo(expected[i].tempc0, 1);
  }
  // `sent` counts since the relay (re)started: the 6 after its restart.
  expect(await status()).toMatchObject({ queued: 0, sent: 6, portalReachable: true });
  expect(Date.parse((await status()).lastSentAt)).toBeGreaterThanOrEqual(liveAt);

  // Fanned out: the forward destination got each upload once, on the console's path, with the relay's headers.
  await until(() => forwarded.length === sent.length, 10_000, 'every upload forwarded');
  expect(forwarded.filter((f) => f.url.startsWith('/data/upload.php?'))).toHaveLength(5);
  expect(forwarded.filter((f) => f.url.startsWith(`/data/report/${station.stationKey}`))).toHaveLength(3);
  expect(forwarded.every((f) => f.headers['x-relay'] === RELAY_VERSION)).toBe(true);
  // The console sent `dateutc=now`: the relay wrote its receipt time in first, for destinations that read it.
  expect(forwarded.filter((f) => /^\/data\/report\/[^?]+\?dateutc=/.test(f.url))).toHaveLength(1);

  // The portal's view of the relay, for the Weather Server page.
  await portal.server.ingest.settled();
  const view = await call(portal.url, 'GET', `/weatherServer?device=${station._id}`, { token: portal.token });
  expect(view.body.relay).toMatchObject({ portal: expect.stringMatching(/^http:\/\//) });
  expect(view.body.relay.status).toMatchObject({ version: RELAY_VERSION, queued: 0 });
  expect(view.body.relay.status.seenAt).toBeGreaterThanOrEqual(Math.floor(liveAt / 1000));
}, 90_000);

test('the relay answers a malformed upload as the portal would, and queues nothing', async () => {
  const before = (await status()).queued;
  const res = await send('GET', `${relay.url}/data/upload.php?wsid=${station.wsid}`);
  const refused = replyFor('wslink', 'badRequest', 'Missing wsid or wspw');
  expect(res).toEqual({ status: refused.status, type: refused.contentType, body: refused.body });
  expect((await status()).queued).toBe(before);
  const stray = await send('GET', `${relay.url}/weatherstation/nothing-here?ID=a&PASSWORD=b`);
  const notFound = replyFor('wunderground', 'notFound');
  expect(stray).toEqual({ status: notFound.status, type: notFound.contentType, body: notFound.body });
});
