// The PostgreSQL storage engine alone (no HTTP, no parsing): batches of uploads of 1,000 stations straight into
// its writeBatch, in its lanes, as group commit hands them over under load. What the database side can take on
// this machine, beside the end-to-end figure of bench/ingest.ts.

import { openStorage } from '../server/storage/db';
import { migrate } from '../server/storage/migrate';
import { METRIC_KEYS } from '../src/domain/catalogue';
import { pgSchema } from './pg';

export async function pgWriterBench(batch = 128, seconds = 5) {
  const pg = pgSchema('writer');
  const storage = await openStorage(pg.env.BENCH_DATABASE);
  try {
    await migrate(storage.knex);
    const { knex } = storage;
    await knex('users').insert({ _id: 'u'.repeat(24), email: 'w@example.com', createdAt: 0, updatedAt: 0 });
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      _id: `d${String(i).padStart(23, '0')}`,
      wsid: `w${i}`,
      stationKey: 'k',
      name: 'n',
      user: 'u'.repeat(24),
      createdAt: 0,
      updatedAt: 0,
      timezone: 'UTC',
    }));
    for (let i = 0; i < rows.length; i += 200) await knex('weatherDevices').insert(rows.slice(i, i + 200));
    const devices: { _id: string; seq: number }[] = await knex('weatherDevices').select('_id', 'seq');
    const values: Record<string, number> = {};
    // Metrics of the catalogue, as many as a WSLink upload's after deriving: buckets hold what they hold in
    // ingest (~2.5 KB each; made-up keys were left out of them, so the writer looked twice as fast).
    for (let i = 0; i < 55; i++) values[METRIC_KEYS[i]] = i * 1.5;
    const engine = storage.openEngine();
    const t0 = Math.floor(Date.now() / 1000) - 86400;
    let n = 0;
    // Each lane writes its own stations' batches back to back (a station always in the same lane).
    const lane = async (l: number, until: number) => {
      let written = 0;
      const mine = devices.filter((d) => d.seq % engine.lanes === l);
      let k = 0;
      while (performance.now() < until) {
        const jobs = Array.from({ length: batch }, () => {
          const d = mine[k % mine.length];
          const time = t0 + 16 * Math.floor(k / mine.length);
          k++;
          return { id: d._id, seq: d.seq, tz: 'UTC', time, values: { ...values } };
        });
        await engine.writeBatch(jobs);
        written += jobs.length;
      }
      return written;
    };
    const lanes = Array.from({ length: engine.lanes }, (_, l) => l);
    await Promise.all(lanes.map((l) => lane(l, performance.now() + 1000))); // warm-up
    const started = performance.now();
    const cpu = process.cpuUsage();
    const counts = await Promise.all(lanes.map((l) => lane(l, started + seconds * 1000)));
    n = counts.reduce((a, b) => a + b, 0);
    const elapsed = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    // This process's CPU per upload (the database's own is not in it).
    return { perSecond: n / elapsed, lanes: engine.lanes, batch, cpuUs: (user + system) / n };
  } finally {
    await storage.close();
    await pg.drop();
  }
}
