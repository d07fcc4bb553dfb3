// Other requests' latency while long exports run (issue #20 item 6): a station with BENCH_EXPORT_DAYS (default
// 399) days of 5-minute history, then GET /users/me every 25 ms on its own connection — first alone, then while
// four accounts (the owner and three it shared the station with) each download the whole range as XLSX.
// Prints the latency percentiles of both phases and how long the exports took.
//   node --import tsx bench/export-latency.ts
// Measured on a 2-core machine shared with other work (issue #20 item 6), 399 days, GET /users/me during the
// four exports: before the slicing 4 answers in 121 s (median 38 s, max 57 s); after it 958 answers, median
// 84 ms, p95 318 ms, max 986 ms (the exports took 210 s instead of 121 s: they share the loop now).
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import { testConfig } from '../server/config';
import { parseWslink } from '../server/ingest/parsers';
import { DEMO_PLACE } from '../server/seed/demo';
import { wslinkFields } from '../server/seed/weather';
import { objectId } from '../server/storage/ids';
import { deriveMissing } from '../src/domain/formulas';
import { cleanSample } from '../src/domain/validate';
import { signJwt } from './jwt';

const DAYS = Number(process.env.BENCH_EXPORT_DAYS ?? 399);
const clock = () => Number(process.hrtime.bigint()) / 1e6;

const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
const server = await createApp(testConfig({ dataDir: dir, database: join(dir, 'portal.db') }));
const port = await server.listen();
const knex = server.app.ctx.storage.knex;
const now = Date.now();
const users = Array.from({ length: 5 }, (_, i) => ({
  _id: objectId(now + i),
  email: `export-bench-${i}@example.com`,
  password: null,
  firstName: `U${i}`,
  verified: true,
  createdAt: now,
  updatedAt: now,
}));
await knex('users').insert(users);
const device = {
  _id: objectId(now + 10),
  wsid: 'exportbench',
  stationKey: 'k',
  name: 'Export bench',
  user: users[0]._id,
  shareUsers: JSON.stringify(users.slice(1, 4).map((u) => u._id)),
  timezone: 'UTC',
  createdAt: now,
  updatedAt: now,
};
await knex('weatherDevices').insert(device);

const end = Math.floor(Date.now() / 1000);
const start = end - DAYS * 86400;
const seeded = clock();
const sample = (t: number) => {
  const params = new URLSearchParams(
    Object.entries(wslinkFields(t, DEMO_PLACE)).map(([k, v]) => [k, String(v)]),
  );
  params.set('wsid', 'exportbench');
  params.set('wspw', 'k');
  params.delete('datetime');
  return deriveMissing(cleanSample(parseWslink(params, t).values));
};
// A day at a time: the writes of a day share the store's group commits.
for (let day = start - (start % 300); day < end; day += 86400) {
  const writes = [];
  for (let t = day; t < Math.min(day + 86400, end); t += 300)
    writes.push(server.app.ctx.samples.write({ _id: device._id, timezone: 'UTC' }, t, sample(t)));
  await Promise.all(writes);
}
await server.app.ctx.samples.flush();
console.log(`seeded ${DAYS} days in ${((clock() - seeded) / 1000).toFixed(1)} s`);

const tokens = await Promise.all(users.map((u) => signJwt(server, u._id)));
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function get(
  path: string,
  token: string,
  sink = false,
): Promise<{ status: number; ms: number; bytes: number }> {
  const started = clock();
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (!sink) return;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: clock() - started, bytes }));
      },
    );
    req.on('error', reject);
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
const summary = (xs: number[]) =>
  `n=${xs.length} median ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

/** /users/me every 25 ms until `done` resolves. */
async function probe(done: Promise<unknown>): Promise<number[]> {
  let running = true;
  void done.then(() => {
    running = false;
  });
  const out: number[] = [];
  while (running) {
    out.push((await get('/users/me', tokens[4])).ms);
    await new Promise((r) => setTimeout(r, 25));
  }
  return out;
}

const idle = await probe(new Promise((r) => setTimeout(r, 3000)));
console.log(`alone:               ${summary(idle)}`);
const path = `/weatherMetrics/export?device=${device._id}&startTime=${start}&endTime=${end}&format=xlsx`;
const exportsStarted = clock();
const exports = Promise.all(tokens.slice(0, 4).map((token) => get(path, token, true)));
const during = await probe(exports);
const answers = await exports;
console.log(`during 4 XLSX exports: ${summary(during)}`);
console.log(
  `exports: ${answers.map((a) => `${a.status} ${(a.bytes / 1e6).toFixed(1)} MB in ${(a.ms / 1000).toFixed(1)} s`).join('; ')} (all done after ${((clock() - exportsStarted) / 1000).toFixed(1)} s)`,
);
agent.destroy();
await server.close();
