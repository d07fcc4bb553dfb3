// History queries on a database holding one year of 16-second uploads for one device: queryGroup 1 year at
// 1d, 31 days at 1h, and query 2 days at 5m, through the real REST endpoints, each next to a plain SQL SELECT
// of the same buckets on a connection of the bench's own to the same file, tuned like the server's (the floor any
// answer has to pay).
import { mkdtempSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import { createApp } from '../server/app';
import { testConfig } from '../server/config';
import { parseWslink } from '../server/ingest/parsers';
import { DEMO_PLACE } from '../server/seed/demo';
import { wslinkFields } from '../server/seed/weather';
import { type Aggs, dayStartFor, foldInto } from '../server/storage/buckets';
import type { StoredTable } from '../server/storage/engine';
import { objectId } from '../server/storage/ids';
import { pack, packValues, readValues } from '../server/storage/packed';
import { type ClimateQuery, periodBounds } from '../src/domain/climate/summary';
import { deriveMissing } from '../src/domain/formulas';
import type { SeriesQuery } from '../src/domain/services';
import { localParts } from '../src/domain/timeZones';
import type { BucketRange } from '../src/domain/types';
import { cleanSample } from '../src/domain/validate';
import { signJwt } from './jwt';
import { pgSchema } from './pg';

export interface Timing {
  name: string;
  rows: number;
  /** The service call as a client makes it (hooks: authentication, access check; the coded answer). */
  ms: number;
  /** The same over HTTP (adds Koa, JSON encoding and the socket). */
  httpMs: number;
  sqlMs: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/**
 * Medians of each function's time after 20 warm-up rounds (a server answers these all day: steady state is what
 * counts). The functions take turns within each round, so all of them meet the same moments of a noisy machine and
 * their ratio holds even when it slows down for seconds at a time.
 */
async function timeTogether(fns: (() => unknown)[], runs = 31, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const out: number[][] = fns.map(() => []);
  for (let i = 0; i < runs; i++)
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      out[k].push(performance.now() - t0);
    }
  return out.map(median);
}

/** The bench's own connection to the server's database: bulk writes, and the plain SELECTs of the floor. */
interface Direct {
  put(table: StoredTable, seq: number, time: number, data: Buffer | string): void;
  /** Writes what put() gathered (SQLite: one transaction per call of the loader's week). */
  flush(): Promise<void>;
  select(table: string, seq: number, from: number, to: number): unknown[] | Promise<unknown[]>;
  /** EXPLAIN ANALYZE of a statement (PostgreSQL; null on SQLite). */
  explain(sql: string, values: unknown[]): Promise<string | null>;
  close(): Promise<void>;
}

const SELECT = (table: string) =>
  `SELECT time, data FROM ${table} WHERE device = ? AND time >= ? AND time < ? ORDER BY time`;

/**
 * SQLite: a second connection (WAL lets it read and write beside the server's), with the server's page cache
 * size so the floor is not paid in cache misses.
 */
function directSqlite(database: string): Direct {
  const sqlite = new Database(database);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  const puts = new Map<string, Database.Statement>();
  let rows: [StoredTable, number, number, Buffer | string][] = [];
  const write = sqlite.transaction(() => {
    for (const [table, seq, time, data] of rows) {
      let put = puts.get(table);
      if (!put) {
        put = sqlite.prepare(`INSERT INTO ${table} (device, time, data) VALUES (?, ?, ?)`);
        puts.set(table, put);
      }
      put.run(seq, time, data);
    }
  });
  const selects = new Map<string, Database.Statement>();
  return {
    put: (table, seq, time, data) => void rows.push([table, seq, time, data]),
    flush: async () => {
      write();
      rows = [];
    },
    select: (table, seq, from, to) => {
      let select = selects.get(table);
      if (!select) {
        select = sqlite.prepare(SELECT(table));
        selects.set(table, select);
      }
      return select.all(seq, from, to);
    },
    explain: async () => null,
    close: async () => {
      sqlite.close();
    },
  };
}

/** PostgreSQL: a connection of its own (a pool of one), multi-row inserts; raw samples are JSON text there. */
function directPg(database: string): Direct {
  const url = new URL(database);
  const schema = url.searchParams.get('schema')!;
  url.searchParams.delete('schema');
  const knex = knexFactory({
    client: 'pg',
    connection: url.toString(),
    searchPath: [schema],
    pool: { min: 1, max: 1 },
  });
  const rows = new Map<StoredTable, { device: number; time: number; data: Buffer | string }[]>();
  return {
    put: (table, seq, time, data) => {
      const list = rows.get(table) ?? [];
      list.push({ device: seq, time, data: table === 'samples' ? JSON.stringify(readValues(data)) : data });
      rows.set(table, list);
    },
    flush: async () => {
      for (const [table, list] of rows) await knex.batchInsert(table, list, 2000);
      rows.clear();
    },
    select: async (table, seq, from, to) => (await knex.raw(SELECT(table), [seq, from, to])).rows,
    explain: async (sql, values) =>
      (
        (await knex.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, values as Knex.RawBinding[])).rows as Record<
          string,
          string
        >[]
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n'),
    close: () => knex.destroy(),
  };
}

export interface HistoryResult {
  timings: Timing[];
  samples: number;
  setupSeconds: number;
  /** PostgreSQL: EXPLAIN ANALYZE of the statements behind query, queryGroup and batchLastData. */
  plans: { name: string; plan: string }[];
}

/** `days` of history (BENCH_HISTORY_DAYS, a year), `warmup` and timed `runs` of each call (a smoke: a few). */
export async function historyBench(
  engine: 'sqlite' | 'pg' = 'sqlite',
  {
    days = Number(process.env.BENCH_HISTORY_DAYS ?? 365),
    warmup = 20,
    runs = 31,
  }: { days?: number; warmup?: number; runs?: number } = {},
): Promise<HistoryResult> {
  const YEAR = days * 86400;
  const t0 = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-history-'));
  const pg = engine === 'pg' ? pgSchema('history') : null;
  const database = pg ? pg.env.BENCH_DATABASE : join(dataDir, 'history.db');
  const server = await createApp(testConfig({ dataDir, database, logLevel: 'info' }));
  const port = await server.listen();
  const { knex } = server.app.ctx.storage;
  // The bulk load and the plain SELECTs bypass the server.
  const direct = pg ? directPg(database) : directSqlite(database);
  const now = Math.floor(Date.now() / 1000);
  const user = objectId();
  const device = { _id: objectId(), timezone: DEMO_PLACE.timezone };
  await knex('users').insert({
    _id: user,
    email: 'history@example.com',
    verified: true,
    createdAt: 0,
    updatedAt: 0,
  });
  await knex('weatherDevices').insert({
    _id: device._id,
    wsid: 'history',
    stationKey: 'k',
    name: 'History',
    user,
    timezone: device.timezone,
    createdAt: 0,
    updatedAt: 0,
  });

  // A year of 16-second uploads, folded into 5-minute and daily buckets exactly as ingest would; raw samples
  // are kept for the last 3 days (the retention of raw samples).
  const { seq } = await knex('weatherDevices').where({ _id: device._id }).first('seq');
  const put = (table: StoredTable) => ({
    run: (s: number, time: number, data: Buffer) => direct.put(table, s, time, data),
  });
  const put5 = put('buckets5m');
  const put1d = put('buckets1d');
  const put1h = put('buckets1h');
  let hour: { time: number; aggs: Aggs } | null = null;
  const putRaw = put('samples');
  let five: { time: number; aggs: Aggs } | null = null;
  let day: { time: number; aggs: Aggs } | null = null;
  let samples = 0;
  const write = (from: number, to: number) => {
    for (let t = from; t < to; t += 16) {
      const params = new URLSearchParams(
        Object.entries(wslinkFields(t, DEMO_PLACE)).map(([k, v]) => [k, String(v)]),
      );
      params.set('wsid', 'history');
      params.set('wspw', 'k');
      params.delete('datetime');
      const values = deriveMissing(cleanSample(parseWslink(params, t).values));
      samples++;
      if (t > now - 3 * 86400) putRaw.run(seq, t, packValues(values));
      const t5 = t - (t % 300);
      if (five && five.time !== t5) put5.run(seq, five.time, pack(five.aggs));
      if (!five || five.time !== t5) five = { time: t5, aggs: {} };
      foldInto(five.aggs, values);
      const h = t - (t % 3600);
      if (hour && hour.time !== h) put1h.run(seq, hour.time, pack(hour.aggs));
      if (!hour || hour.time !== h) hour = { time: h, aggs: {} };
      foldInto(hour.aggs, values);
      const d = dayStartFor(t, device.timezone);
      if (day && day.time !== d) put1d.run(seq, day.time, pack(day.aggs));
      if (!day || day.time !== d) day = { time: d, aggs: {} };
      foldInto(day.aggs, values);
    }
  };
  const start = now - YEAR;
  for (let from = start; from < now; from += 7 * 86400) {
    write(from, Math.min(now, from + 7 * 86400));
    await direct.flush();
  }
  if (five) put5.run(seq, (five as { time: number }).time, pack((five as { aggs: Aggs }).aggs));
  if (hour) put1h.run(seq, (hour as { time: number }).time, pack((hour as { aggs: Aggs }).aggs));
  if (day) put1d.run(seq, (day as { time: number }).time, pack((day as { aggs: Aggs }).aggs));
  await direct.flush();
  // PostgreSQL: the year went into the default partitions; the server's hourly pass gives each period its own.
  await server.app.ctx.samples.maintain(Date.now());
  if (pg) await knex.raw('ANALYZE');
  const setupSeconds = (performance.now() - t0) / 1000;

  const token = await signJwt(server, user);
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as [string[], unknown[][]];
  };
  // The climate year takes seconds on a loaded machine: a kept-alive socket idle that long may be closed by the
  // server just as the next request goes out (ECONNRESET), so its calls open a connection each (agent: false).
  const getFresh = (path: string) =>
    new Promise<unknown>((resolve, reject) => {
      const req = httpGet(
        { host: '127.0.0.1', port, path, agent: false, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
              : reject(new Error(`${path}: ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
    });
  const select = (table: string, from: number, to: number) => direct.select(table, seq, from, to);
  const iso = (t: number) => new Date(t * 1000).toISOString();
  const metrics =
    'mean_tempc0,min_tempc0,max_tempc0,mean_humc0,mean_relbaro,max_gust,mean_windspd,max_dailyrain,max_solarrad,max_uvi';
  const group = (range: BucketRange, from: number) => ({
    device: device._id,
    range,
    metrics,
    startTime: iso(from),
    endTime: iso(now),
  });
  const cases = [
    {
      name: 'queryGroup 1 year at 1d',
      service: 'weatherMetrics/queryGroup' as const,
      query: group('1d', now - YEAR),
      table: 'buckets1d',
      from: now - YEAR,
    },
    {
      name: 'queryGroup 31 days at 1h',
      service: 'weatherMetrics/queryGroup' as const,
      query: group('1h', now - 31 * 86400),
      table: 'buckets1h',
      from: now - 31 * 86400,
    },
    {
      name: 'query 2 days at 5m',
      service: 'weatherMetrics/query' as const,
      query: { device: device._id, from: now - 2 * 86400, to: now, type: '5m' as const },
      table: 'buckets5m',
      from: now - 2 * 86400,
    },
  ];
  // Issue 26: a climate year of the same station, its rain season starting the month after the data's first
  // one, so the year holds (nearly) all of it; the floor is the plain SELECT of the year's 5-minute buckets.
  const first = localParts(now - YEAR, device.timezone);
  const seasonStart = (first.m % 12) + 1;
  const seasonYear = first.m === 12 ? first.y + 1 : first.y;
  await knex('weatherDevices').where({ _id: device._id }).update({ rainSeasonStart: seasonStart });
  const [climateFrom, climateTo] = periodBounds(
    { kind: 'year', y: seasonYear },
    device.timezone,
    seasonStart,
  );
  const climateCase = {
    name: 'climate year (5m → days)',
    service: 'weatherDevices/climate' as const,
    query: { device: device._id, year: String(seasonYear) },
    table: 'buckets5m',
    from: climateFrom,
    to: climateTo,
  };
  const params = (query: SeriesQuery | ClimateQuery) => ({
    query,
    provider: 'rest',
    authentication: { strategy: 'jwt', accessToken: token },
  });
  const timings: Timing[] = [];
  for (const c of [...cases, climateCase]) {
    const path = `/${c.service}?${new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)]))}`;
    const to = 'to' in c ? c.to : now;
    // Rows read: the coded answer's rows; for the climate year the 5-minute buckets it summarises.
    const climate = c.service === 'weatherDevices/climate';
    const rows = climate ? (await select(c.table, c.from, to)).length : (await get(path))[1].length;
    const [ms, httpMs, sqlMs] = await timeTogether(
      [
        () =>
          (server.app.service(c.service) as unknown as { find(p: unknown): Promise<unknown> }).find(
            params({ ...c.query } as SeriesQuery),
          ),
        () => (climate ? getFresh(path) : get(path)),
        () => select(c.table, c.from, to),
      ],
      climate ? Math.max(1, Math.ceil(runs / 3)) : runs,
      climate ? Math.min(3, warmup) : warmup,
    );
    timings.push({ name: c.name, rows, ms, httpMs, sqlMs });
  }
  const plans: HistoryResult['plans'] = [];
  for (const c of cases) {
    const plan = await direct.explain(SELECT(c.table), [seq, c.from, now]);
    if (plan) plans.push({ name: `${c.name} (${c.table})`, plan });
  }
  // batchLastData: the newest raw sample of each device (pg-engine.ts `newest`).
  const newest = await direct.explain(
    'SELECT time, data FROM samples WHERE device = ? ORDER BY time DESC LIMIT 1',
    [seq],
  );
  if (newest) plans.push({ name: 'batchLastData (samples, newest row)', plan: newest });
  await direct.close();
  await server.close();
  await pg?.drop();
  return { timings, samples, setupSeconds, plans };
}
