// PostgreSQL ingest: the uploads that arrive while a transaction runs are written together in the next one
// (group commit, group-commit.ts), in three statements for the whole batch. Built with Knex's query builder each
// upload took ~10 round trips and ~2.4 ms of CPU (246 uploads/s in `npm run bench -- ingest` on PostgreSQL);
// under load every round trip costs about a millisecond, so the batch does few of them.
// The statements are plain SQL in a Knex transaction with `?` parameters, which Knex numbers in order: a value
// used in several places is passed once per place, so no placeholder number is ever computed here. Columns of
// the batch travel as arrays (unnest), so a statement's text does not depend on the batch's size.
// Several processes may write: bucket rows are created if missing, then locked (FOR UPDATE, in key order, so two
// batches wait for each other instead of deadlocking), folded here and written back.
import type { Knex } from 'knex';
import {
  type Aggs,
  batchAnswers,
  dayStartFor,
  FIVE_MINUTES,
  foldInto,
  type Upload,
  type WriteResult,
} from './buckets';
import { pack, unpack } from './packed';

const TABLES = ['buckets5m', 'buckets1h', 'buckets1d'] as const;
type Table = (typeof TABLES)[number];

/** Where a job's values fold in each bucket table. */
function bucketTimes(job: Upload): Record<Table, number> {
  const t5 = job.time - (job.time % FIVE_MINUTES);
  return { buckets5m: t5, buckets1h: t5 - (t5 % 3600), buckets1d: dayStartFor(job.time, job.tz) };
}

const DEADLOCK = '40P01';
const EMPTY = pack({});

/**
 * 1. The newest stored sample per device (before this batch: an older upload is late and must not become a
 *    bucket's `last`), the samples inserted (a retransmission or a deleted device's sample is not), and the
 *    missing buckets they fold into created empty — all in one statement, which sees one snapshot.
 */
const INSERT = `
WITH job AS (
  SELECT n, j.device, j.time, d.value::text AS data, j.t5, j.t1h, j.t1d
  FROM unnest(?::int[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[])
    WITH ORDINALITY AS j(device, time, t5, t1h, t1d, n)
  JOIN json_array_elements(?::json) WITH ORDINALITY AS d(value, n) USING (n)
), newest AS (
  SELECT d.device, (SELECT max(s.time) FROM samples AS s WHERE s.device = d.device) AS time
  FROM (SELECT DISTINCT device FROM job) AS d
), ins AS (
  INSERT INTO samples (device, time, data)
  SELECT DISTINCT ON (device, time) device, time, data FROM job
  WHERE EXISTS (SELECT 1 FROM "weatherDevices" AS w WHERE w.seq = job.device)
  ORDER BY device, time, n -- of uploads with the same time, the first is stored (its values are the ones folded)
  ON CONFLICT (device, time) DO NOTHING
  RETURNING device, time
), folding AS (
  SELECT job.* FROM job JOIN ins USING (device, time)
), b5 AS (
  INSERT INTO buckets5m (device, time, data) SELECT DISTINCT device, t5, ?::bytea FROM folding
  ON CONFLICT (device, time) DO NOTHING
), b1h AS (
  INSERT INTO buckets1h (device, time, data) SELECT DISTINCT device, t1h, ?::bytea FROM folding
  ON CONFLICT (device, time) DO NOTHING
), b1d AS (
  INSERT INTO buckets1d (device, time, data) SELECT DISTINCT device, t1d, ?::bytea FROM folding
  ON CONFLICT (device, time) DO NOTHING
)
SELECT 'newest' AS kind, device, time FROM newest WHERE time IS NOT NULL
UNION ALL SELECT 'stored', device, time FROM ins`;

/** 2. Every bucket the batch reads, locked in key order (parameters: devices and times per table). */
const lockOne = (table: Table) => `
  SELECT b.device, b.time, b.data FROM ${table} AS b
  JOIN unnest(?::int[], ?::bigint[]) AS k(device, time) ON b.device = k.device AND b.time = k.time
  ORDER BY b.device, b.time FOR UPDATE OF b`;
const LOCK = `
WITH l0 AS (${lockOne('buckets5m')}), l1 AS (${lockOne('buckets1h')}), l2 AS (${lockOne('buckets1d')})
SELECT 0 AS t, * FROM l0 UNION ALL SELECT 1, * FROM l1 UNION ALL SELECT 2, * FROM l2`;

/**
 * 3. The folded buckets and the devices' last upload time written back. A table's buckets travel as one binary
 *    parameter cut by offsets: as an array of bytea, pg would spell every byte in hex inside one long string.
 *    Parameters per table: the packed buckets, devices, times, offsets, lengths.
 */
const updateOne = (table: Table) => `
  UPDATE ${table} AS b SET data = substring(?::bytea FROM v.off FOR v.len)
  FROM unnest(?::int[], ?::bigint[], ?::int[], ?::int[]) AS v(device, time, off, len)
  WHERE b.device = v.device AND b.time = v.time`;
const UPDATE = `
WITH u0 AS (${updateOne('buckets5m')}), u1 AS (${updateOne('buckets1h')}), u2 AS (${updateOne('buckets1d')}),
u3 AS (
  UPDATE "weatherDevices" AS w SET "lastUpload" = v.t FROM unnest(?::text[], ?::bigint[]) AS v(id, t)
  WHERE w._id = v.id AND (w."lastUpload" IS NULL OR w."lastUpload" < v.t)
)
SELECT 1`;

type Row = Record<string, unknown>;

/** Batches of uploads into PostgreSQL, one transaction each (group-commit.ts sends one at a time per process). */
export class PgWriter {
  constructor(private knex: Knex) {}

  async writeBatch(uploads: Upload[], retries = 2): Promise<WriteResult[]> {
    try {
      return await this.knex.transaction((trx) => this.apply(trx, uploads));
    } catch (error) {
      // Another process's batch created the same bucket rows in another order: it has finished now, try again.
      if ((error as { code?: string }).code === DEADLOCK && retries > 0)
        return this.writeBatch(uploads, retries - 1);
      throw error;
    }
  }

  private async apply(trx: Knex.Transaction, jobs: Upload[]): Promise<WriteResult[]> {
    const query = async (sql: string, values: unknown[]) =>
      ((await trx.raw(sql, values as Knex.RawBinding[])) as { rows: Row[] }).rows;
    const times = jobs.map(bucketTimes);
    const column = <T>(f: (job: Upload, i: number) => T) => jobs.map(f);
    const first = await query(INSERT, [
      column((j) => j.seq),
      column((j) => j.time),
      ...TABLES.map((table) => column((_, i) => times[i][table])),
      JSON.stringify(jobs.map((j) => j.values)), // one JSON array: as text[] every quote would be escaped
      ...TABLES.map(() => EMPTY),
    ]);
    const newest = new Map<number, number>();
    const inserted = new Set<string>();
    for (const row of first)
      if (row.kind === 'newest') newest.set(Number(row.device), Number(row.time));
      else inserted.add(`${row.device}:${row.time}`);
    // A second job with the same time in this batch is a retransmission.
    const stored = jobs.map((job) => inserted.delete(`${job.seq}:${job.time}`));

    // Buckets by table and `seq:time`: the 5-minute one of every job (the answer shows it), the others where
    // values fold.
    const buckets = TABLES.map(
      () => new Map<string, { seq: number; time: number; aggs: Aggs; folds: boolean }>(),
    );
    TABLES.forEach((table, t) => {
      jobs.forEach((job, i) => {
        if (!stored[i] && table !== 'buckets5m') return;
        const key = `${job.seq}:${times[i][table]}`;
        const bucket = buckets[t].get(key) ?? { seq: job.seq, time: times[i][table], aggs: {}, folds: false };
        bucket.folds ||= stored[i];
        buckets[t].set(key, bucket);
      });
    });
    const keys = buckets.flatMap((map) => {
      const sorted = [...map.values()].sort((a, b) => a.seq - b.seq || a.time - b.time);
      return [sorted.map((b) => b.seq), sorted.map((b) => b.time)];
    });
    for (const row of await query(LOCK, keys)) {
      const bucket = buckets[Number(row.t)].get(`${row.device}:${row.time}`);
      if (bucket) bucket.aggs = unpack(row.data as Buffer);
    }

    const lastUpload = new Map<string, number>();
    const aggsOf = (t: number, job: Upload, i: number) =>
      buckets[t].get(`${job.seq}:${times[i][TABLES[t]]}`)!.aggs;
    const results = batchAnswers(jobs, (job, i) => {
      const aggs5 = aggsOf(0, job, i);
      if (stored[i]) {
        const late = (newest.get(job.seq) ?? Number.NEGATIVE_INFINITY) > job.time;
        foldInto(aggs5, job.values);
        foldInto(aggsOf(1, job, i), job.values, late);
        foldInto(aggsOf(2, job, i), job.values, late);
        if (!late) newest.set(job.seq, job.time);
        lastUpload.set(job.id, Math.max(lastUpload.get(job.id) ?? 0, job.time));
      }
      return { stored: stored[i], fiveMinute: { time: times[i].buckets5m, aggs: aggs5 } };
    });

    if (lastUpload.size > 0) {
      const perTable = buckets.flatMap((map) => {
        const folded = [...map.values()].filter((b) => b.folds);
        const packed = folded.map((b) => pack(b.aggs));
        let offset = 1; // substring() counts from 1
        const offsets = packed.map((p) => {
          const at = offset;
          offset += p.length;
          return at;
        });
        return [
          Buffer.concat(packed),
          folded.map((b) => b.seq),
          folded.map((b) => b.time),
          offsets,
          packed.map((p) => p.length),
        ];
      });
      await query(UPDATE, [...perTable, [...lastUpload.keys()], [...lastUpload.values()]]);
    }
    return results;
  }
}
