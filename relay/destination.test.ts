// How the relay treats a destination's answers (destination.ts), against a scripted fake over real sockets:
// "not now" (429, 503, no answer) keeps the upload and tries again; a refusal for good (401) drops it; a
// --forward URL with a path takes the uploads there; the queue's count goes with the deliveries.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { type Relay, startRelay } from './relay';
import { send, until } from './testing';

let fake: Server;
/** Statuses the fake answers, in turn (then 200). */
let script: number[];
const received: { url: string; status: number }[] = [];
let queue: string;
let relay: Relay | null = null;

beforeEach(async () => {
  script = [];
  received.length = 0;
  fake = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const status = script.shift() ?? 200;
      received.push({ url: req.url ?? '', status });
      res.writeHead(status).end(status === 200 ? 'OK' : 'no');
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  queue = mkdtempSync(join(tmpdir(), 'relay-dest-'));
});

afterEach(async () => {
  await relay?.close();
  relay = null;
  await new Promise((r) => fake.close(r));
  rmSync(queue, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
const start = async (portal: string, forwards: string[] = []) => {
  relay = await startRelay({
    portal,
    forwards,
    listen: 0,
    host: '127.0.0.1',
    queue,
    maxRetryMs: 100,
    log: () => {},
  });
  return relay;
};
const wslink = (r: Relay, n: number) =>
  send('GET', `${r.url}/data/upload.php?wsid=abc&wspw=key&datetime=2026-11-26+10:00:0${n}&t1tem=${n}`);

test('"too many" and "unavailable" keep the upload until it is taken, once', async () => {
  script = [429, 503, 503];
  const r = await start(base());
  expect((await wslink(r, 1)).body).toBe('OK');
  await until(() => r.status().sent === 1, 10_000, 'the upload taken');
  expect(received.map((x) => x.status)).toEqual([429, 503, 503, 200]);
  expect(r.status()).toMatchObject({ queued: 0, sent: 1, portalReachable: true });
});

test('a refusal for good (a wrong key) drops the upload: not retried, not counted as sent', async () => {
  script = [401];
  const r = await start(base());
  await wslink(r, 1);
  await until(() => r.status().queued === 0, 10_000, 'the upload dealt with');
  await wslink(r, 2);
  await until(() => r.status().sent === 1, 10_000, 'the next upload taken');
  expect(received.map((x) => x.status)).toEqual([401, 200]);
});

test('no answer: the destination is away, the upload waits; a forward with a path gets the uploads there', async () => {
  // The portal at a port nothing listens on.
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((r) => closed.close(r));
  const r = await start(dead, [`${base()}/hook/abc`]);
  await wslink(r, 1);
  await until(() => r.status().forwards[0].sent === 1, 10_000, 'the forward taking it');
  expect(received[0].url).toMatch(/^\/hook\/abc\?wsid=abc&wspw=key&/);
  await until(() => r.status().portalReachable === false, 10_000, 'the portal seen away');
  expect(r.status()).toMatchObject({ queued: 1, sent: 0 });
  const status = JSON.parse((await send('GET', `${r.url}/status`)).body);
  expect(status).toMatchObject({ queued: 1, sent: 0, lastSentAt: null, portalReachable: false });
});
