// Test helpers for the relay (relay/*.test.ts, faults/relay-outage.test.ts): a portal that can be stopped and
// started again on the same port and database, consoles replaying real captures (parsers/fixtures), and raw
// requests on their own connections.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type Server } from '../server/app';
import { newStation, newUser, startServer, type TestServer } from '../server/testing/server';

const fixture = (name: string) =>
  readFileSync(
    join(import.meta.dirname, '..', 'server', 'ingest', 'parsers', 'fixtures', name),
    'utf8',
  ).trim();
const WSLINK = fixture('wslink-vendor-example.query');
const ECOWITT = fixture('ecowitt-gw1100b.form');

export interface Station {
  _id: string;
  wsid: string;
  stationKey: string;
}

/** Waits for `condition`, polling; fails with `what` after `ms`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits for the clock's next second (uploads stamped on receipt must not share a second: that is a resend). */
export async function nextSecond(): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await until(() => Math.floor(Date.now() / 1000) > now, 2000, 'the next second');
}

export interface Answer {
  status: number;
  type: string;
  body: string;
}

/** One request on its own connection, as a console sends it (no keep-alive across a relay restart). */
export function send(method: 'GET' | 'POST', url: string, body?: string): Promise<Answer> {
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

export const utc = (time: number) => new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ');
/** The station's wall time (WSLink `datetime`) in Europe/Prague, the test stations' zone. */
const prague = (time: number) =>
  new Date(time * 1000).toLocaleString('sv-SE', { timeZone: 'Europe/Prague' }).replace('T', ' ');
export const fToC = (f: number) => ((f - 32) * 5) / 9;

/** A WSLink console's query (the vendor's example), `n` °C outdoors; `time`: its clock, else none sent. */
export function wslinkQuery(station: Station, n: number, time?: number): string {
  const fields = new URLSearchParams(WSLINK);
  fields.set('wsid', station.wsid);
  fields.set('wspw', station.stationKey);
  if (time === undefined) fields.delete('datetime');
  else fields.set('datetime', prague(time));
  fields.set('t1tem', String(n));
  return fields.toString();
}

/** An Ecowitt GW1100B's form, `n` °F outdoors; `time`: its dateutc, else `now` (as some firmware sends). */
export function ecowittBody(n: number, time?: number): string {
  const fields = new URLSearchParams(ECOWITT);
  fields.set('dateutc', time === undefined ? 'now' : utc(time));
  fields.set('tempf', String(n));
  return fields.toString();
}

/** A console's upload to `base` (a relay): WSLink's GET, or Ecowitt's POST to the station key's path. */
export function consoleUpload(
  base: string,
  station: Station,
  kind: 'wslink' | 'ecowitt',
  n: number,
  time?: number,
): Promise<Answer> {
  return kind === 'wslink'
    ? send('GET', `${base}/data/upload.php?${wslinkQuery(station, n, time)}`)
    : send('POST', `${base}/data/report/${station.stationKey}`, ecowittBody(n, time));
}

/**
 * The real portal (server/testing/server.ts) on a database that outlives a stop: PostgreSQL with
 * TEST_DATABASE_URL, else an SQLite file. stop() and start() keep its port; close() drops it all.
 */
export async function restartablePortal() {
  const dataDir = mkdtempSync(join(tmpdir(), 'relay-portal-'));
  const t: TestServer = await startServer(
    process.env.TEST_DATABASE_URL ? {} : { database: join(dataDir, 'portal.sqlite') },
  );
  const config = { ...t.server.app.ctx.config, port: Number(new URL(t.url).port) };
  let server: Server = t.server;
  let up = true;
  const { token } = await newUser(t);
  return {
    url: t.url,
    token,
    get server() {
      return server;
    },
    newStation: () => newStation(t, token) as Promise<Station>,
    async stop() {
      await server.close();
      up = false;
    },
    async start() {
      server = await createApp(config);
      await server.listen();
      up = true;
    },
    /** The station's stored samples of the last hour, oldest first. */
    samples(station: Station) {
      const from = Math.floor(Date.now() / 1000) - 3600;
      return server.app.ctx.samples.samples(station._id, from, from + 7200);
    },
    async close() {
      if (up) {
        const { storage } = server.app.ctx;
        const schema = storage.engine === 'pg' ? new URL(config.database).searchParams.get('schema') : null;
        if (schema) await storage.knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await server.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type RestartablePortal = Awaited<ReturnType<typeof restartablePortal>>;
