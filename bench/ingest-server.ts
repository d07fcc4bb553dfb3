// The server under test for the ingest benchmark, in its own process (so the load generator does not share
// its event loop): a real SQLite file, 1,000 stations, and a bare endpoint on the same Koa/Feathers stack.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import { testConfig } from '../server/config';
import { objectId } from '../server/storage/ids';
import { signJwt } from './jwt';

const STATIONS = Number(process.env.STATIONS ?? 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
// On PostgreSQL (`ingest-pg`, `realtime-scaleout`: bench/pg.ts) several of these may share one schema and Redis;
// only the first seeds.
const shared = process.env.BENCH_DATABASE
  ? {
      database: process.env.BENCH_DATABASE,
      redisUrl: process.env.BENCH_REDIS || null,
      authSecret: process.env.BENCH_SECRET!,
    }
  : { database: join(dataDir, 'bench.db') };
const server = await createApp(testConfig({ dataDir, ...shared, ingestBurst: 1e9, ingestPerSecond: 1e9 }));
let profiler: Session | undefined;
// The bare endpoint: same middleware chain in front of it, no work behind it.
server.app.use(async (ctx, next) => {
  // The server's CPU time so far (µs): the bench divides it by the answers of a round.
  if (ctx.path === '/bench/cpu') {
    const { user, system } = process.cpuUsage();
    ctx.body = { us: user + system };
    return;
  }
  // BENCH_CPU_PROF (bench/ingest.ts): the V8 profiler around one measured run, its profile written to `to`.
  if (ctx.path === '/bench/profile/start') {
    profiler ??= new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    ctx.body = 'OK';
    return;
  }
  if (ctx.path === '/bench/profile/stop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    writeFileSync(String(ctx.query.to), JSON.stringify(profile));
    ctx.body = 'OK';
    return;
  }
  if (ctx.path === '/bench/accepted') {
    ctx.body = accepted;
    return;
  }
  if (ctx.path !== '/bench/bare') return next();
  ctx.type = 'text/plain';
  ctx.body = 'OK';
});
// When each sample was accepted (stored, its event emitted), by its temperature (the realtime bench numbers its
// uploads by it), in ms of the monotonic clock every process shares. Other processes' samples arrive here later
// through Redis: the first time is the acceptance.
const accepted: Record<string, number> = {};
server.app.service('weatherMetrics').on('created', (sample: { tempc0?: number }) => {
  accepted[String(sample.tempc0)] ??= Number(process.hrtime.bigint()) / 1e6;
});
const knex = server.app.ctx.storage.knex;
// BENCH_QUERIES=1: the statements the server sent, counted by their SQL, printed to stderr when it stops.
const queries = new Map<string, number>();
if (process.env.BENCH_QUERIES)
  knex.on('query', (q: { sql: string }) => queries.set(q.sql, (queries.get(q.sql) ?? 0) + 1));
const now = Date.now();
const seed = process.env.BENCH_SEED !== 'off';
const user = seed ? objectId(now) : process.env.BENCH_USER!;
if (seed)
  await knex('users').insert({
    _id: user,
    email: 'bench@example.com',
    verified: true,
    createdAt: now,
    updatedAt: now,
  });
const rows = Array.from({ length: STATIONS }, (_, i) => ({
  _id: objectId(now),
  wsid: `bench${i}`,
  stationKey: `key${i}`,
  name: `Bench ${i}`,
  user,
  timezone: i % 2 ? 'Europe/Prague' : 'Asia/Hong_Kong',
  createdAt: now,
  updatedAt: now,
}));
// The same number of stations again, each with a calibration and limits of its owner's own (issue 24): ingest
// applies them to every upload (quality control's rate and stuck rules run for every station).
const calibrated = rows.map((r, i) => ({
  ...r,
  _id: objectId(now),
  wsid: `cal${i}`,
  stationKey: `calkey${i}`,
  name: `Calibrated ${i}`,
}));
if (seed) {
  for (const list of [rows, calibrated])
    for (let i = 0; i < list.length; i += 200) await knex('weatherDevices').insert(list.slice(i, i + 200));
  const entries = JSON.stringify([
    { key: 'tempc0', offset: -0.5, multiplier: 1, quadratic: 0, since: 0 },
    { key: 'humc0', offset: 0, multiplier: 1.02, quadratic: 0, since: 0 },
    { key: 'relbaro', offset: 1.3, multiplier: 1, quadratic: 0, since: 0 },
  ]);
  const sqlTable = 'stationCalibrations';
  for (let i = 0; i < calibrated.length; i += 200)
    await knex(sqlTable).insert(
      calibrated
        .slice(i, i + 200)
        .map((d) => ({ _id: objectId(now), weatherDevice: d._id, user, entries, updatedAt: now })),
    );
  // And limits of the owner's own (quality control, issue 24) the bench's values pass.
  const limits = JSON.stringify([
    { key: 'tempc0', min: -30, max: 45 },
    { key: 'relbaro', min: 950, max: 1050 },
  ]);
  for (let i = 0; i < calibrated.length; i += 200)
    await knex('stationQcLimits').insert(
      calibrated
        .slice(i, i + 200)
        .map((d) => ({ _id: objectId(now), weatherDevice: d._id, user, limits, updatedAt: now })),
    );
}
const port = await server.listen();
const token = await signJwt(server, user);
process.stdout.write(
  `${JSON.stringify({ port, stations: STATIONS, user, token, devices: rows.slice(0, 10).map((r) => r._id) })}\n`,
);
process.on('SIGTERM', async () => {
  const count = await knex('samples').count({ n: '*' }).first();
  process.stderr.write(`samples stored: ${count?.n}\n`);
  for (const [sql, n] of [...queries].sort((a, b) => b[1] - a[1]).slice(0, 25))
    process.stderr.write(`${String(n).padStart(8)}  ${sql.replace(/\s+/g, ' ').slice(0, 160)}\n`);
  await server.close();
  process.exit(0);
});
