// Issue 27's outage: a console uploading every few seconds through the home relay, the portal stopped for 60 s
// and the relay restarted once meanwhile. Every upload the console was told "ok" is stored once, in order,
// with its original time, and live data is stored again within one upload interval of the portal's return
// (the relay's retry pause grows to 30 s while the portal is away; a new upload makes it try at once).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Relay, startRelay } from '../relay/relay';
import {
  consoleUpload,
  nextSecond,
  type RestartablePortal,
  restartablePortal,
  type Station,
  send,
  until,
} from '../relay/testing';
import { replyFor } from '../server/ingest/parsers';

/** The console's upload interval. */
const EVERY_MS = 4000;
const OUTAGE_MS = 60_000;

let portal: RestartablePortal;
let station: Station;
let relay: Relay;
let queueDir: string;

beforeAll(async () => {
  portal = await restartablePortal();
  station = await portal.newStation();
  queueDir = mkdtempSync(join(tmpdir(), 'relay-outage-'));
});

afterAll(async () => {
  await relay?.close();
  await portal?.close();
  rmSync(queueDir, { recursive: true, force: true });
});

const start = async (port = 0) => {
  relay = await startRelay({
    portal: portal.url,
    listen: port,
    host: '127.0.0.1',
    queue: queueDir,
    log: () => {},
  });
};

const status = async () => JSON.parse((await send('GET', `${relay.url}/status`)).body);

test('the portal away for 60 s and the relay restarted: every upload stored once, in order, with its time; live data within one interval of the return', async () => {
  await start();
  /** Uploads the console was told "ok", in order: the seconds its request took, and its °C. */
  const acknowledged: { from: number; to: number; tempc0: number }[] = [];
  let running = true;
  /** A request on its way; `hold`: wait before the next (the relay restarts between two uploads). */
  let busy = false;
  let hold = false;
  const failures: unknown[] = [];
  const console_ = (async () => {
    for (let n = 0; running; n++) {
      const next = Date.now() + EVERY_MS;
      await until(() => !hold, 10_000, 'the relay restarted');
      await nextSecond();
      // WSLink without a clock of its own, and Ecowitt with `dateutc=now`: the relay's receipt is their time.
      const kind = n % 2 === 0 ? 'wslink' : 'ecowitt';
      // One temperature rising 0.1 °C an upload, in each console's unit (WSLink °C, Ecowitt °F): alternating 10 + n
      // in both units jumped 20 °C at every upload, a spike quality control leaves out (issue 24).
      const celsius = 10 + n / 10;
      const value = kind === 'wslink' ? celsius : Number((celsius * 1.8 + 32).toFixed(2));
      busy = true;
      const from = Math.floor(Date.now() / 1000);
      const res = await consoleUpload(relay.url, station, kind, value).catch((e: unknown) => e);
      busy = false;
      if (
        !(res && typeof res === 'object' && 'status' in res) ||
        res.status !== replyFor(kind, 'ok').status
      ) {
        failures.push(res);
        continue;
      }
      acknowledged.push({
        from,
        to: Math.floor(Date.now() / 1000),
        tempc0: celsius,
      });
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
  })();

  await until(async () => (await portal.samples(station)).length >= 2, 20_000, 'uploads stored');
  await portal.stop();
  const stoppedAt = Date.now();
  await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
  const port = relay.port;
  hold = true;
  await until(() => !busy, EVERY_MS, 'the console between two uploads');
  await relay.close();
  await start(port);
  hold = false;
  await new Promise((r) => setTimeout(r, Math.max(0, stoppedAt + OUTAGE_MS - Date.now())));
  expect((await status()).portalReachable).toBe(false);
  expect((await status()).queued).toBeGreaterThanOrEqual(OUTAGE_MS / EVERY_MS - 3);

  await portal.start();
  const back = Math.floor(Date.now() / 1000);
  process.stderr.write(`BACK ${new Date().toISOString()} ${JSON.stringify(await status())}\n`);
  // Live data: an upload received after the return is stored within one interval (and a second to store it).
  await until(
    async () => (await portal.samples(station)).some((s) => s.time >= back),
    EVERY_MS + 1000,
    'live data after the return',
  );
  await new Promise((r) => setTimeout(r, 2 * EVERY_MS));
  running = false;
  await console_;
  await until(async () => (await status()).queued === 0, 30_000, 'the backlog sent');

  // The relay answered every upload "ok", also across its restart.
  expect(failures).toEqual([]);
  // Once each, in order (the console's), each at its receipt second, with its value.
  const rows = await portal.samples(station);
  expect(rows).toHaveLength(acknowledged.length);
  for (const [i, row] of rows.entries()) {
    expect(row.time).toBeGreaterThanOrEqual(acknowledged[i].from);
    expect(row.time).toBeLessThanOrEqual(acknowledged[i].to);
    expect(row.tempc0).toBeCloseTo(acknowledged[i].tempc0, 1);
  }
  // Uploads before, during and after the outage.
  expect(acknowledged.length).toBeGreaterThan(OUTAGE_MS / EVERY_MS);
});
