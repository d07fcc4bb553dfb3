// Makes this folder's fixture: a database as portal 0.1.0 leaves it, on both engines, filled through the
// portal's own HTTP API (sign-ups, stations, two days of uploads, settings, shares, forwarding, an order paid
// with the sandbox's test card, a push session, a picture), and what that version answered about it
// (expected.json). Run it on a 0.1.0 checkout (README.md beside it says how); it writes portal.db,
// portal.pg.sql and expected.json next to itself.
//
//   node --import tsx server/storage/upgrade-fixtures/0.1.0/make-fixture.ts [postgres://…/db]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createApp } from '../../../app';
import { testConfig } from '../../../config';
import { call, lastCode, type TestServer } from '../../../testing/server';

const OUT = import.meta.dirname;
const SCHEMA = 'fixture_v0_1_0';
const pgUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The readings of a plausible day: deterministic, so both engines hold the same values. */
function weather(t: number) {
  const day = Math.sin(((t % 86400) / 86400) * 2 * Math.PI - Math.PI / 2);
  const slow = Math.sin(t / 200_000);
  return {
    tempf: (50 + 12 * day + 4 * slow).toFixed(1),
    humidity: String(Math.round(70 - 20 * day)),
    dewptf: (42 + 3 * slow).toFixed(1),
    baromin: (29.92 + 0.2 * slow).toFixed(2),
    windspeedmph: (5 + 4 * Math.abs(day)).toFixed(1),
    windgustmph: (9 + 6 * Math.abs(day)).toFixed(1),
    winddir: String(Math.round(180 + 90 * slow) % 360),
    rainin: (t % 7200 < 900 ? 0.02 : 0).toFixed(2),
    solarradiation: String(Math.max(0, Math.round(600 * day))),
    UV: String(Math.max(0, Math.round(6 * day))),
  };
}

const utc = (t: number) => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');

async function ok<T = Record<string, unknown>>(
  t: TestServer,
  method: string,
  path: string,
  opts: Parameters<typeof call>[3] = {},
): Promise<T> {
  const res = await call(t.url, method, path, opts);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

async function account(t: TestServer, email: string, password: string, firstName: string, lastName: string) {
  await ok(t, 'POST', '/users', { body: { email, password, firstName, lastName, termsAccepted: true } });
  await ok(t, 'POST', '/users/verify', { body: { email, code: lastCode(t, email) } });
  const auth = await ok<{ accessToken: string; user: { _id: string } }>(t, 'POST', '/authentication', {
    body: { strategy: 'local', email, password },
  });
  return { email, password, _id: auth.user._id, token: auth.accessToken };
}

/** Every table of the portal (not Knex's own) with its rows. */
async function counts(knex: import('knex').Knex, engine: 'sqlite' | 'pg'): Promise<Record<string, number>> {
  const names: string[] =
    engine === 'sqlite'
      ? (
          await knex.raw(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'knex_%'",
          )
        ).map((r: { name: string }) => r.name)
      : (
          await knex.raw(
            `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
                AND c.relname NOT LIKE 'knex_%'`,
          )
        ).rows.map((r: { name: string }) => r.name);
  const out: Record<string, number> = {};
  for (const name of names.sort()) out[name] = Number((await knex(name).count({ n: '*' }))[0].n);
  return out;
}

async function populate(database: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fixture-'));
  const server = await createApp(
    testConfig({
      dataDir,
      database,
      adminEmails: ['admin@fixture.example'],
      publicUrl: 'https://weather.example',
    }),
  );
  const port = await server.listen();
  const t: TestServer = { server, url: `http://127.0.0.1:${port}`, close: async () => {} };

  const owner = await account(t, 'owner@fixture.example', 'owner-password-1', 'Olga', 'Owner');
  const friend = await account(t, 'friend@fixture.example', 'friend-password-2', 'Franz', 'Friend');
  const admin = await account(t, 'admin@fixture.example', 'admin-password-3', 'Ada', 'Admin');
  const as = { owner, friend, admin };

  const garden = await ok<{ _id: string; wsid: string; stationKey: string }>(t, 'POST', '/weatherDevices', {
    token: owner.token,
    body: { name: 'Garden', timezone: 'Europe/Prague', latitude: 50.08, longitude: 14.42, elevation: 235 },
  });
  const air = await ok<{ _id: string; wsid: string; stationKey: string }>(t, 'POST', '/weatherDevices', {
    token: owner.token,
    body: { name: 'Balcony air', timezone: 'Europe/Berlin', consoletype: 12, mac: 'AA:BB:CC:01:02:03' },
  });

  // Two days of Wunderground uploads every 5 minutes, and a day of Ecowitt ones, at fixed past times.
  const end = Math.floor(Date.now() / 1000 / 86400) * 86400;
  const start = end - 2 * 86400;
  for (let time = start; time < end; time += 300) {
    const q = new URLSearchParams({
      ID: garden.wsid,
      PASSWORD: garden.stationKey,
      action: 'updateraw',
      dateutc: utc(time),
      ...weather(time),
    });
    const res = await fetch(`${t.url}/weatherstation/updateweatherstation.php?${q}`);
    if ((await res.text()).trim() !== 'success') throw new Error(`upload ${time} not stored`);
  }
  for (let time = end - 86400; time < end; time += 300) {
    const w = weather(time);
    const form = new URLSearchParams({
      PASSKEY: 'AABBCC010203',
      stationtype: 'GW2000A_V3.1.4',
      dateutc: utc(time),
      tempinf: '71.2',
      humidityin: '41',
      tempf: w.tempf,
      humidity: w.humidity,
      baromrelin: w.baromin,
      pm25_ch1: (8 + (time % 3600) / 600).toFixed(1),
      pm25_avg_24h_ch1: '9.5',
      model: 'GW2000A',
    });
    const res = await fetch(`${t.url}/data/report/${air.stationKey}`, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`Ecowitt upload ${time}: ${res.status}`);
  }

  // Settings, a share, forwarding (off: no network here), alerts, a push session, a picture, a record reset.
  await ok(t, 'POST', '/deviceDisplaySettings', {
    token: owner.token,
    body: {
      weatherDevice: garden._id,
      metricsList: ['tempc0', 'humc0', 'relbaro', 'windspd'],
      detailList: ['tempc0'],
      graphList: ['tempc0', 'rain'],
      graphRange: 'week',
    },
  });
  await ok(t, 'POST', '/alertSettings', {
    token: owner.token,
    body: {
      weatherDevice: garden._id,
      disableAll: false,
      settings: [
        { item: 'tempc0', condition: 'above', value: 86, unit: 'F', method: 'email' },
        { item: 'humc0', condition: 'below', value: 20, method: 'notification' },
      ],
    },
  });
  const invitation = await ok<{ _id: string }>(t, 'POST', '/shareInvitations', {
    token: owner.token,
    body: { device: garden._id, email: friend.email },
  });
  await ok(t, 'PATCH', `/shareInvitations/${invitation._id}`, {
    token: friend.token,
    body: { status: 'accepted' },
  });
  await ok(t, 'POST', '/uploadTargets', {
    token: owner.token,
    body: {
      device: garden._id,
      network: 'windy',
      stationId: 'garden-1',
      key: 'windy-api-key-0001',
      interval: 300,
      enabled: false,
    },
  });
  await ok(t, 'POST', '/sessions', { body: { _id: 'fixture-browser-1', associateUser: null } }).then((s) =>
    ok(t, 'POST', '/sessions', {
      token: owner.token,
      body: { _id: 'fixture-browser-1', associateUser: owner._id, secret: (s as { secret: string }).secret },
    }),
  );
  const picture = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 7),
  ]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
  const pic = await fetch(`${t.url}/users/pic`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  if (!pic.ok) throw new Error(`picture: ${pic.status}`);
  await ok(t, 'DELETE', `/weatherDevices/records/${garden._id}`, { token: owner.token });

  // Orders: the air-quality station's plan paid with the sandbox's test card (lifetime: it never expires), and
  // one not paid.
  const plans = await ok<{ data: { _id: string; name: string }[] }>(t, 'GET', '/subscriptionPlans', {
    token: owner.token,
  });
  const plan = (name: string) => plans.data.find((p) => p.name === name)!._id;
  const paid = await ok<{ _id: string }>(t, 'POST', '/orders', {
    token: owner.token,
    body: { subscriptionPlan: plan('Lifetime'), devices: [air._id] },
  });
  await ok(t, 'POST', '/payments', { token: owner.token, body: { order: paid._id } });
  await ok(t, 'POST', '/payments', {
    token: owner.token,
    body: { order: paid._id, card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } },
  });
  // An unpaid order would be cancelled by whichever version reads it 30 minutes later: the admin cancels it,
  // so what the fixture's reads answer does not depend on when they run.
  const unpaid = await ok<{ _id: string }>(t, 'POST', '/orders', {
    token: owner.token,
    body: { subscriptionPlan: plan('Premium monthly'), devices: [air._id] },
  });
  await ok(t, 'PATCH', `/orders/${unpaid._id}`, { token: admin.token, body: { status: 'cancelled' } });

  await server.close();

  // What this version answers from the database once started again (as an upgraded portal will be), for the
  // upgraded database to answer the same.
  const again = await createApp(testConfig({ dataDir, database }));
  const t2: TestServer = {
    server: again,
    url: `http://127.0.0.1:${await again.listen()}`,
    close: async () => {},
  };
  for (const user of Object.values(as))
    user.token = (
      await ok<{ accessToken: string }>(t2, 'POST', '/authentication', {
        body: { strategy: 'local', email: user.email, password: user.password },
      })
    ).accessToken;
  const day = (time: number) => new Date(time * 1000).toISOString().slice(0, 10);
  const series = (device: string, range: string, metrics: string, from: number, to: number) =>
    `/weatherMetrics/queryGroup?device=${device}&range=${range}&metrics=${metrics}&startTime=${day(from)}T00:00:00Z&endTime=${day(to)}T00:00:00Z`;
  const reads: { as: keyof typeof as; path: string }[] = [
    { as: 'owner', path: '/users/me' },
    { as: 'owner', path: `/weatherDevices/${garden._id}` },
    { as: 'owner', path: `/weatherDevices/${air._id}` },
    { as: 'friend', path: `/weatherDevices/${garden._id}` },
    { as: 'owner', path: `/deviceDisplaySettings?weatherDevice=${garden._id}` },
    { as: 'owner', path: `/alertSettings?weatherDevice=${garden._id}&$paginate=false` },
    { as: 'owner', path: '/shareInvitations' },
    { as: 'friend', path: '/shareInvitations' },
    { as: 'owner', path: `/uploadTargets?device=${garden._id}` },
    { as: 'owner', path: '/orders' },
    { as: 'owner', path: '/deviceSubscriptionPlan?mac=AA:BB:CC:01:02:03' },
    {
      as: 'owner',
      path: series(
        garden._id,
        '1h',
        'mean_tempc0,min_tempc0,max_tempc0,mean_humc0,max_gust,max_dailyrain,max_rainrate',
        start,
        end,
      ),
    },
    {
      as: 'owner',
      path: series(
        garden._id,
        '1d',
        'mean_tempc0,min_tempc0,max_tempc0,mean_relbaro',
        start - 86400,
        end + 86400,
      ),
    },
    {
      as: 'owner',
      path: series(air._id, '1h', 'mean_tempc0,mean_pm25c1,last_pm25avg24hc1', end - 86400, end),
    },
    { as: 'admin', path: '/admin/users?$sort[email]=1' },
  ];
  const answers = [];
  for (const read of reads)
    answers.push({ ...read, body: await ok(t2, 'GET', read.path, { token: as[read.as].token }) });

  await again.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    users: Object.fromEntries(
      Object.entries(as).map(([k, u]) => [k, { email: u.email, password: u.password, _id: u._id }]),
    ),
    stations: {
      garden: { _id: garden._id, wsid: garden.wsid, stationKey: garden.stationKey },
      air: { _id: air._id, wsid: air.wsid, stationKey: air.stationKey },
    },
    answers,
  };
}

async function withStorage<T>(database: string, fn: (knex: import('knex').Knex) => Promise<T>): Promise<T> {
  const { openStorage } = await import('../../db');
  const storage = await openStorage(database);
  try {
    return await fn(storage.knex);
  } finally {
    await storage.close();
  }
}

const version = JSON.parse(readFileSync(join(OUT, '..', '..', '..', '..', 'package.json'), 'utf8')).version;
const commit = (() => {
  if (process.env.FIXTURE_COMMIT) return process.env.FIXTURE_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();

// SQLite: a file of its own, copied here once the portal closed it cleanly.
const sqliteDir = mkdtempSync(join(tmpdir(), 'fixture-sqlite-'));
const sqliteFile = join(sqliteDir, 'portal.db');
const sqlite = await populate(sqliteFile);
const sqliteCounts = await withStorage(sqliteFile, (knex) => counts(knex, 'sqlite'));
const copy = new Database(sqliteFile);
copy.pragma('wal_checkpoint(TRUNCATE)');
copy.close();
copyFileSync(sqliteFile, join(OUT, 'portal.db'));
rmSync(sqliteDir, { recursive: true, force: true });

// PostgreSQL: a schema of its own, dumped as plain SQL, then dropped.
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
const pgDatabase = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}schema=${SCHEMA}`;
const postgres = await populate(pgDatabase);
const pgCounts = await withStorage(pgDatabase, (knex) => counts(knex, 'pg'));
const url = new URL(pgUrl);
execFileSync(
  'pg_dump',
  [
    '--schema',
    SCHEMA,
    '--no-owner',
    '--no-privileges',
    '--format',
    'plain',
    '--file',
    join(OUT, 'portal.pg.sql'),
  ],
  {
    env: {
      ...process.env,
      PGHOST: url.hostname,
      PGPORT: url.port || '5432',
      PGDATABASE: url.pathname.slice(1) || 'postgres',
      PGUSER: decodeURIComponent(url.username) || 'postgres',
      ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
    },
  },
);
await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
await admin.end();

writeFileSync(
  join(OUT, 'expected.json'),
  `${JSON.stringify(
    {
      madeBy: { version, commit, at: new Date().toISOString() },
      pgSchema: SCHEMA,
      sqlite: { ...sqlite, counts: sqliteCounts },
      pg: { ...postgres, counts: pgCounts },
    },
    null,
    2,
  )}\n`,
);
// As the repository's formatter lays JSON out (npm run lint checks it).
try {
  execFileSync('node_modules/.bin/biome', ['format', '--write', join(OUT, 'expected.json')], {
    stdio: 'ignore',
  });
} catch {
  console.log('Format expected.json with `npx biome format --write` before committing it.');
}
console.log(`Fixture of portal ${version} written to ${OUT}`);
process.exit(0);
