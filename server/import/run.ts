// The import itself: rows from a reader (detect.ts) go through what an upload goes through — out-of-range values
// dropped (cleanInto), quality control (src/domain/qc.ts: a spike, a stuck sensor, the owner's limits; what
// fails is left out and kept in qcFlags for the owner, as an upload's is), missing values derived (deriveInto),
// folded into 5-minute buckets with the upload's bucket math (storage/buckets.ts) — and are stored as 5-minute,
// hourly and device-local daily rows, so graphs, records and exports see them like uploaded data. Raw samples are
// not written: the store keeps those a week only.
//
// - Overlap is judged per hour: an hour in which the station already has data is kept as it is ("keep"), or
//   replaced whole by the file's ("replace"): its 5-minute rows and its hour are rewritten, its day recomputed
//   from its hours. The current hour is never touched (the live writer holds it).
// - Rows are committed in chunks of whole hours, each in one transaction with the job's position and a record of
//   what the chunk changed (importChanges): an import that stops can be resumed from that position or rolled back
//   chunk by chunk. An hour written by the job is never written again by it, so nothing is counted twice.
// - A dry run reads the whole file the same way and writes nothing.
// - Known limits: raw samples an hour replaced by the file had (kept a week) stay in the samples table; on SQLite a
//   chunk's Knex transaction holds the one connection the live writer also uses, so uploads stored while a chunk
//   is open commit with it (as with every Knex transaction on SQLite); a failing chunk is rare (a station deleted
//   mid-import) but would take those with it.
import type { Knex } from 'knex';
import type { Agg } from '../../src/domain/aggregate';
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import type { ClimateSettings } from '../../src/domain/climate/summary';
import { COLLECTIONS } from '../../src/domain/collections';
import { deriveInto } from '../../src/domain/formulas';
import type { ImportReport } from '../../src/domain/imports';
import { judgeInto, type QcLimit, type QcReason, type QcTrack } from '../../src/domain/qc';
import { localDayEnd } from '../../src/domain/timeZones';
import { cleanInto } from '../../src/domain/validate';
import { EARLIEST_PLAUSIBLE } from '../ingest/parsers/values';
import { climateSettings } from '../services/climate/climate';
import type { DeviceRow } from '../services/devices/device-record';
import {
  type Aggs,
  dayStartFor,
  FIVE_MINUTES,
  foldInto,
  mergeInto,
  mergeOwnedInto,
} from '../storage/buckets';
import { objectId } from '../storage/ids';
import { pack, unpack } from '../storage/packed';
import { noteImported } from '../storage/sources';
import { type BucketRow, isSqlite, writeBuckets } from './bulk';
import { addClimateToday, noteReading, type SlotProbe } from './climate-today';
import type { BadLine, DayRow, ImportReader, SampleRow } from './types';

/**
 * Where the station already has data: keep its hour, replace it, or fill (a backfill from a vendor's cloud): the
 * file's 5-minute buckets go only where the station has none, the hour and its day are recomputed from them all.
 */
export type Policy = 'keep' | 'replace' | 'fill';

export interface ImportDevice {
  _id: string;
  timezone: string;
  latitude?: number | null;
  longitude?: number | null;
}

export type { ImportReport };

export interface Progress {
  rows: number;
  imported: number;
  time: number;
}

export interface RunOptions {
  dryRun: boolean;
  policy: Policy;
  fileName: string;
  fileHash: string;
  user?: string | null;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** A job to resume (its rows up to `position` are skipped). */
  resume?: string;
  /** The new job's id (the service answers it before the import ends). */
  jobId?: string;
  /** Rows per committed chunk (whole hours; tests make it small). */
  chunkRows?: number;
  /** Unix s (tests). */
  now?: number;
  /** Where the rows come from (importJobs.source): a file, or a vendor's cloud (server/backfill/). */
  source?: 'file' | 'backfill';
}

export class ImportError extends Error {}

interface Hour {
  rows: number;
  fives: Map<number, Aggs>;
  times: Set<number>;
  /** Each slot's first reading with a temperature, for the day-so-far climate (climate-today.ts). */
  probes: Map<number, SlotProbe>;
  /** What quality control left out of the hour's rows. */
  flags: Flag[];
}

interface Flag {
  time: number;
  key: string;
  value: number;
  reason: QcReason;
}

/**
 * Quality control over a file's rows, in the file's order: the station owner's limits, and each metric's previous
 * accepted value in the file (a row older than it is judged against the limits only, as a relay's backlog is).
 */
interface Quality {
  limits: readonly QcLimit[];
  tracks: Map<string, QcTrack>;
  /** The 5-minute bucket a stuck value was last kept for, per metric (one flag a bucket, as at ingest). */
  stuck: Map<string, number>;
}

async function qualityOf(knex: Knex, device: string): Promise<Quality> {
  const row = await knex(COLLECTIONS.qcLimits.settings.sqlTable)
    .where({ weatherDevice: device })
    .first('limits');
  const limits = row?.limits ? (JSON.parse(row.limits) as QcLimit[]) : [];
  return { limits, tracks: new Map(), stuck: new Map() };
}

const b64 = (b: Buffer | Uint8Array | null | undefined) => (b ? Buffer.from(b).toString('base64') : null);
const hourOf = (t: number) => t - (t % 3600);

async function seqOf(knex: Knex, device: string): Promise<number> {
  const row = await knex('weatherDevices').where({ _id: device }).first('seq');
  if (!row) throw new ImportError(`No device ${device}`);
  return Number(row.seq);
}

/** The station's climate settings (degree-day bases, height of the anemometer…), in the import's zone. */
async function climateOf(
  knex: Knex,
  device: ImportDevice,
): Promise<ClimateSettings & { longitude: number | null }> {
  const row = (await knex('weatherDevices').where({ _id: device._id }).first()) as DeviceRow;
  return {
    ...climateSettings({ ...row, timezone: device.timezone }),
    latitude: device.latitude ?? row.latitude ?? null,
    longitude: device.longitude ?? row.longitude ?? null,
  };
}

/** Cleans a day's aggregates like values: an aggregate with a low, high or mean out of range is dropped. */
function cleanAggs(aggs: Record<string, Agg>, report: Counter): Record<string, Agg> {
  const out: Record<string, Agg> = {};
  for (const key in aggs) {
    const def = METRIC_BY_KEY[key];
    const a = aggs[key];
    if (!def) continue;
    const bad = [a[1] / a[0], a[2], a[3]].find((v) => !Number.isFinite(v) || v < def.min || v > def.max);
    if (bad !== undefined) {
      report.outOfRange(key, bad);
      continue;
    }
    out[key] = a;
    report.value(key);
  }
  return out;
}

class Counter {
  values = new Map<string, number>();
  bad = new Map<string, { count: number; example: number }>();
  value(key: string) {
    this.values.set(key, (this.values.get(key) ?? 0) + 1);
  }
  outOfRange(key: string, v: number) {
    const b = this.bad.get(key);
    if (b) b.count++;
    else this.bad.set(key, { count: 1, example: v });
  }
}

export async function runImport(
  knex: Knex,
  device: ImportDevice,
  reader: ImportReader,
  options: RunOptions,
): Promise<ImportReport> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const currentHour = hourOf(now);
  const seq = await seqOf(knex, device._id);
  const tz = device.timezone;
  const climate = await climateOf(knex, device);
  // A chunk's rows are held in memory until it is written, so its size bounds what the import holds. At 5,000
  // rows a chunk outlived the scavenges, was promoted, and the old generation grew by ~150 MB over an import
  // (bench/memprobe.ts); 1,000 rows stay near the start. On PostgreSQL a chunk also costs about ten round trips
  // and a commit (a fifth of the time at 1,000 rows), so it takes 2,000 there (RSS over 525,600 rows: +6 MB in
  // the bench); SQLite gained nothing from larger chunks, and one run at 2,000 let the heap grow to 377 MB.
  const chunkRows = options.chunkRows ?? (isSqlite(knex) ? 1000 : 2000);
  const counter = new Counter();
  const quality = await qualityOf(knex, device._id);
  const report: ImportReport = {
    format: reader.format,
    kind: reader.kind,
    rows: 0,
    badLines: 0,
    firstBad: [],
    from: null,
    to: null,
    metrics: [],
    overlaps: { rows: 0, periods: 0 },
    outOfRange: [],
    duplicates: 0,
    tooRecent: 0,
    imported: 0,
    skipped: 0,
    job: null,
    status: options.dryRun ? 'dryRun' : 'done',
  };

  // The job: a new one, or the one resumed (same station, same file).
  let position = 0;
  let chunk = 0;
  if (!options.dryRun) {
    if (options.resume) {
      const job = await knex('importJobs').where({ _id: options.resume }).first();
      if (!job || job.device !== device._id) throw new ImportError('No such import for this station');
      if (job.fileHash !== options.fileHash) throw new ImportError('This is not the file of that import');
      if (job.status === 'done' || job.status === 'rolledBack')
        throw new ImportError(`That import is ${job.status}`);
      position = Number(job.position);
      report.imported = Number(job.imported);
      report.skipped = Number(job.skipped);
      const last = await knex('importChanges').where({ job: job._id }).max('chunk as n').first();
      chunk = Number(last?.n ?? -1) + 1;
      report.job = job._id;
      await knex('importJobs')
        .where({ _id: job._id })
        .update({ status: 'running', policy: options.policy, updatedAt: Date.now() });
    } else {
      report.job = options.jobId ?? objectId();
      const at = Date.now();
      await knex('importJobs').insert({
        _id: report.job,
        device: device._id,
        user: options.user ?? null,
        format: reader.format,
        fileName: options.fileName.slice(0, 200),
        fileHash: options.fileHash,
        policy: options.policy,
        status: 'running',
        source: options.source ?? 'file',
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  const jobId = report.job;

  const done = new Set<number>(); // hours (or days) this run has written
  let pending = new Map<number, Hour>();
  let pendingDays = new Map<number, { aggs: Record<string, Agg>; rows: number }>();
  let pendingRows = 0;
  let newest = Number.NEGATIVE_INFINITY;
  let n = 0;

  // On PostgreSQL a chunk is written while the next one is read and computed: the database works on the other
  // core, so an import takes about the longer of the two instead of their sum. One chunk is in flight at a time and
  // they commit in order; a row of a period still in flight waits for it (it is then a duplicate, as it would be
  // had the chunk been written at once). SQLite writes on this thread: nothing to overlap.
  const overlap = !options.dryRun && !isSqlite(knex);
  let writing: Promise<void> | null = null;
  let inFlight = new Set<number>();
  const settle = async () => {
    const w = writing;
    writing = null;
    await w;
    inFlight = new Set();
  };

  const write = async (consumed: number, hours: Map<number, Hour>, days: typeof pendingDays) => {
    if (reader.kind === 'samples')
      await writeHours(
        knex,
        seq,
        device._id,
        tz,
        climate,
        hours,
        options,
        report,
        done,
        (trx, changes, imported, skipped) =>
          jobId ? saveChunk(trx, jobId, chunk++, changes, consumed, imported, skipped) : null,
      );
    else
      await writeDays(knex, seq, days, options, report, done, (trx, changes, imported, skipped) =>
        jobId ? saveChunk(trx, jobId, chunk++, changes, consumed, imported, skipped) : null,
      );
    // SQLite's page cache (64 MiB, storage/db.ts) would fill with the pages the import wrote, pages no reader
    // wants: they are handed back after each chunk, so the process does not grow by the cache's size.
    if (!options.dryRun && isSqlite(knex)) await knex.raw('PRAGMA shrink_memory');
    options.onProgress?.({ rows: report.rows, imported: report.imported, time: newest });
  };

  const flush = async (consumed: number) => {
    await settle();
    const hours = pending;
    const days = pendingDays;
    pending = new Map();
    pendingDays = new Map();
    pendingRows = 0;
    if (!overlap) return write(consumed, hours, days);
    inFlight = new Set([...hours.keys(), ...days.keys()]);
    writing = write(consumed, hours, days);
    // Awaited by the next flush or at the end; until then a failure must not count as unhandled.
    writing.catch(() => {});
  };

  try {
    for await (const row of reader.rows()) {
      n++;
      if (n <= position) continue;
      const period = reader.kind === 'samples' ? hourOf(row.time) : row.time;
      if (inFlight.has(period)) await settle();
      // A chunk ends between two periods, so no hour (or day) is split across chunks.
      const stop = options.signal?.aborted === true;
      if ((pendingRows >= chunkRows || stop) && period > newestPending(pending, pendingDays)) {
        await flush(n - 1);
        if (options.signal?.aborted) {
          await settle();
          report.status = 'cancelled';
          break;
        }
      }
      report.rows++;
      if (row.time < EARLIEST_PLAUSIBLE || hourOf(row.time) >= currentHour) {
        report.tooRecent += row.time < EARLIEST_PLAUSIBLE ? 0 : 1;
        if (row.time < EARLIEST_PLAUSIBLE) badLine(report, { line: row.line, reason: 'Time out of range' });
        continue;
      }
      report.from = report.from === null ? row.time : Math.min(report.from, row.time);
      report.to = report.to === null ? row.time : Math.max(report.to, row.time);
      if (row.time > newest) newest = row.time;
      if (done.has(period)) {
        report.duplicates++;
        continue;
      }
      pendingRows++;
      if ('aggs' in row) addDay(pendingDays, row, counter);
      else addSample(pending, row, device, counter, report, quality);
    }
    if (report.status !== 'cancelled') await flush(n);
    await settle();
  } catch (error) {
    // A chunk still being written finishes (or fails) before the job is marked failed.
    await settle().catch(() => {});
    if (jobId)
      await knex('importJobs')
        .where({ _id: jobId })
        .update({
          status: 'failed',
          error: String((error as Error).message).slice(-300),
          updatedAt: Date.now(),
        });
    throw error;
  }
  for (const b of reader.bad) badLine(report, b);
  report.metrics = [...counter.values]
    .map(([key, values]) => ({ key, unit: reader.units[key] ?? METRIC_BY_KEY[key]?.unit ?? '', values }))
    .sort((a, b) => a.key.localeCompare(b.key));
  report.outOfRange = [...counter.bad].map(([key, b]) => ({ key, ...b }));
  if (jobId) {
    await knex('importJobs')
      .where({ _id: jobId })
      .update({ status: report.status === 'cancelled' ? 'cancelled' : 'done', updatedAt: Date.now() });
    // Provenance (issue 24): what the job stored is an import's or a backfill's.
    if (report.from !== null && report.to !== null && report.imported > 0)
      await noteImported(knex, device._id, jobId, options.source ?? 'file', report.from, report.to);
  }
  return report;
}

function badLine(report: ImportReport, bad: BadLine) {
  report.badLines++;
  if (report.firstBad.length < 20) report.firstBad.push(bad);
}

function newestPending(hours: Map<number, Hour>, days: Map<number, unknown>): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const k of hours.keys()) if (k > max) max = k;
  for (const k of days.keys()) if (k > max) max = k;
  return max;
}

function addSample(
  pending: Map<number, Hour>,
  row: SampleRow,
  device: ImportDevice,
  counter: Counter,
  report: ImportReport,
  quality: Quality,
) {
  const hour = hourOf(row.time);
  let h = pending.get(hour);
  if (!h) {
    h = { rows: 0, fives: new Map(), times: new Set(), probes: new Map(), flags: [] };
    pending.set(hour, h);
  }
  if (h.times.has(row.time)) {
    report.duplicates++;
    return;
  }
  h.times.add(row.time);
  h.rows++;
  const sent = row.values;
  const values = cleanInto({ ...sent });
  for (const key in values) {
    if (sent[key] === null) continue;
    if (values[key] === null) counter.outOfRange(key, sent[key] as number);
    else counter.value(key);
  }
  const t5 = row.time - (row.time % FIVE_MINUTES);
  // Before deriving, as for an upload: a dew point is not computed from a spiking temperature.
  for (const f of judgeInto(values, row.time, quality.tracks, quality.limits)) {
    if (f.reason === 'stuck') {
      if (quality.stuck.get(f.key) === t5) continue;
      quality.stuck.set(f.key, t5);
    }
    h.flags.push({ time: row.time, ...f });
  }
  deriveInto(values, {
    time: row.time,
    latitude: device.latitude ?? null,
    longitude: device.longitude ?? null,
  });
  noteReading(h.probes, row.time, values, h.fives.get(t5));
  const aggs = h.fives.get(t5) ?? {};
  foldInto(aggs, values);
  h.fives.set(t5, aggs);
}

function addDay(
  pending: Map<number, { aggs: Record<string, Agg>; rows: number }>,
  row: DayRow,
  counter: Counter,
) {
  const d = pending.get(row.time);
  const aggs = cleanAggs(row.aggs, counter);
  if (d) {
    mergeInto(d.aggs, aggs);
    d.rows++;
  } else pending.set(row.time, { aggs, rows: 1 });
}

/** What one chunk changed: per hour its 1h row and 5-minute rows as they were; per day its row as it was. */
export interface Changes {
  hours: [time: number, before: string | null, fives: [number, string][]][];
  days: [time: number, before: string | null][];
  /** The qcFlags rows the chunk added (absent in chunks written before imports were quality-controlled). */
  flags?: string[];
}

/**
 * A chunk's transaction. On PostgreSQL its commit does not wait for the WAL to reach the disk (synchronous_commit
 * off, for this transaction only): a crash may lose the last chunks committed, but each chunk's rows and the job's
 * position commit together, so a resume redoes exactly those; the database stays consistent either way. Waiting
 * for the flush at each of a hundred commits was a fifth of a 100,000-row import (17.0/15.4 s → 13.0/13.1 s).
 * SQLite already commits without a sync (synchronous = NORMAL in WAL mode, storage/db.ts).
 */
async function inChunk(knex: Knex, apply: (trx: Knex) => Promise<void>): Promise<void> {
  await knex.transaction(async (trx) => {
    if (!isSqlite(trx)) await trx.raw('SET LOCAL synchronous_commit = off');
    await apply(trx);
  });
}

/** Records a chunk in the job, in the chunk's transaction (null on a dry run). */
type Save = (trx: Knex, changes: Changes, imported: number, skipped: number) => Promise<void> | null;

async function saveChunk(
  trx: Knex,
  job: string,
  chunk: number,
  changes: Changes,
  position: number,
  imported: number,
  skipped: number,
): Promise<void> {
  if (changes.hours.length > 0 || changes.days.length > 0)
    await trx('importChanges').insert({ job, chunk, data: JSON.stringify(changes) });
  await trx('importJobs')
    .where({ _id: job })
    .update({ position, updatedAt: Date.now() })
    .increment({ imported, skipped });
}

async function rowsIn(trx: Knex, table: string, seq: number, from: number, to: number) {
  const rows = (await trx(table)
    .where({ device: seq })
    .andWhere('time', '>=', from)
    .andWhere('time', '<', to)
    .select('time', 'data')) as { time: number | string; data: Buffer }[];
  return new Map(rows.map((r) => [Number(r.time), r.data]));
}

/** Upserts bucket rows (bulk.ts: a thousand per statement, prepared once on SQLite). */
export const upsert = (trx: Knex, table: string, rows: BucketRow[]) => writeBuckets(trx, table, rows);

async function writeHours(
  knex: Knex,
  seq: number,
  device: string,
  tz: string,
  climate: ClimateSettings & { longitude: number | null },
  hours: Map<number, Hour>,
  options: RunOptions,
  report: ImportReport,
  done: Set<number>,
  save: Save,
) {
  if (hours.size === 0) return;
  const times = [...hours.keys()].sort((a, b) => a - b);
  const from = times[0];
  const to = times[times.length - 1] + 3600;
  const apply = async (trx: Knex) => {
    const existing = await rowsIn(trx, 'buckets1h', seq, from, to);
    const changes: Changes = { hours: [], days: [] };
    const fives: { device: number; time: number; data: Buffer }[] = [];
    const hourRows: { device: number; time: number; data: Buffer }[] = [];
    const days = new Map<number, { aggs: Aggs; recompute: boolean; hours: Set<number> }>();
    let imported = 0;
    let skipped = 0;
    const written: number[] = [];
    const replaced = new Set<number>();
    /** Hours filled around the station's own buckets (policy fill), with those buckets. */
    const filled = new Map<number, Map<number, Buffer>>();
    for (const hour of times) {
      const h = hours.get(hour)!;
      const before = existing.get(hour);
      const had = before !== undefined && Object.keys(unpack(before)).length > 0;
      let old5: Map<number, Buffer> | null = null;
      if (had) {
        report.overlaps.rows += h.rows;
        report.overlaps.periods++;
        if (options.policy === 'keep') {
          skipped += h.rows;
          continue;
        }
        if (options.policy === 'fill') {
          old5 = await rowsIn(trx, 'buckets5m', seq, hour, hour + 3600);
          const dropped = dropStored(h, old5);
          skipped += dropped;
          if (h.fives.size === 0) continue;
          imported += h.rows - dropped;
          filled.set(hour, old5);
        }
      }
      if (!filled.has(hour)) imported += h.rows;
      done.add(hour);
      if (options.dryRun) continue;
      old5 ??= had ? await rowsIn(trx, 'buckets5m', seq, hour, hour + 3600) : new Map<number, Buffer>();
      changes.hours.push([hour, b64(before), [...old5].map(([t, d]) => [t, b64(d)!] as [number, string])]);
      // A filled hour keeps the station's buckets (rollback puts the hour's old ones back all the same).
      if (old5.size > 0 && !filled.has(hour))
        await trx('buckets5m')
          .where({ device: seq })
          .andWhere('time', '>=', hour)
          .andWhere('time', '<', hour + 3600)
          .delete();
      written.push(hour);
      if (had) replaced.add(hour);
    }
    // The day so far of each written slot, from the day's buckets (a replaced hour's old ones are gone by now, a
    // filled hour's stay).
    if (!options.dryRun)
      await addClimateToday(
        trx,
        seq,
        climate,
        written.map((hour) => ({ hour, ...hours.get(hour)! })),
        new Set([...filled.values()].flatMap((stored) => [...stored.keys()])),
      );
    for (const hour of written) {
      const h = hours.get(hour)!;
      const had = replaced.has(hour);
      const hourAggs: Aggs = {};
      const stored = filled.get(hour);
      for (const t5 of [...h.fives.keys(), ...(stored?.keys() ?? [])].sort((a, b) => a - b)) {
        // The station's own bucket of a filled hour: in the hour's aggregate, in time order, and nowhere else
        // (the day is recomputed from its hours).
        if (!h.fives.has(t5)) {
          mergeOwnedInto(hourAggs, unpack(stored!.get(t5)!));
          continue;
        }
        // A copy: the bucket was built key by key (foldInto, the day-so-far values), which leaves V8 a slow
        // dictionary-mode object past ~16 keys; an object spread makes a fast one, walked three times below.
        const aggs = { ...h.fives.get(t5)! };
        fives.push({ device: seq, time: t5, data: pack(aggs) });
        mergeOwnedInto(hourAggs, aggs);
        const day = dayStartFor(t5, tz);
        const d = days.get(day) ?? { aggs: {}, recompute: false, hours: new Set<number>() };
        mergeOwnedInto(d.aggs, aggs);
        d.hours.add(hour);
        d.recompute ||= had;
        days.set(day, d);
      }
      hourRows.push({ device: seq, time: hour, data: pack(hourAggs) });
    }
    if (!options.dryRun) {
      await insertFlags(trx, device, written, hours, changes);
      await upsert(trx, 'buckets5m', fives);
      await upsert(trx, 'buckets1h', hourRows);
      const dayRows: { device: number; time: number; data: Buffer }[] = [];
      const sortedDays = [...days].sort((a, b) => a[0] - b[0]);
      // The days' rows as they were, in one query (a round trip per day cost PostgreSQL more than the writes).
      const dayRowsBefore =
        sortedDays.length > 0
          ? await rowsIn(trx, 'buckets1d', seq, sortedDays[0][0], sortedDays[sortedDays.length - 1][0] + 1)
          : new Map<number, Buffer>();
      for (const [day, d] of sortedDays) {
        const before = dayRowsBefore.get(day);
        changes.days.push([day, b64(before)]);
        let aggs: Aggs;
        if (d.recompute) {
          // A replaced hour: the day is its hours again, in time order.
          aggs = {};
          const hoursOfDay = await rowsIn(trx, 'buckets1h', seq, day, localDayEnd(day, tz));
          for (const t of [...hoursOfDay.keys()].sort((a, b) => a - b))
            mergeInto(aggs, unpack(hoursOfDay.get(t)!));
        } else if (before) {
          // The day's `last` is its newest value: the import's only when every other hour of the day is older.
          const others = (
            (await trx('buckets1h')
              .where({ device: seq })
              .andWhere('time', '>=', day)
              .andWhere('time', '<', localDayEnd(day, tz))
              .pluck('time')) as (number | string)[]
          )
            .map(Number)
            .filter((t) => !d.hours.has(t));
          const later = others.length > 0 && Math.max(...others) < Math.min(...d.hours);
          aggs = later ? mergeInto(unpack(before), d.aggs) : mergeAggsEarlier(d.aggs, unpack(before));
        } else aggs = d.aggs;
        dayRows.push({ device: seq, time: day, data: pack(aggs) });
      }
      await upsert(trx, 'buckets1d', dayRows);
      await save(trx, changes, imported, skipped);
    }
    report.imported += imported;
    report.skipped += skipped;
  };
  if (options.dryRun) await apply(knex);
  else await inChunk(knex, apply);
}

/**
 * What quality control left out of the hours written, for the owner's Data quality page (only where the file's
 * rows were stored: not in a filled hour's buckets the station had). Recorded in the chunk's changes: a rollback
 * takes them away with the rows.
 */
async function insertFlags(
  trx: Knex,
  device: string,
  written: number[],
  hours: Map<number, Hour>,
  changes: Changes,
): Promise<void> {
  const now = Date.now();
  const rows = written.flatMap((hour) => {
    const h = hours.get(hour)!;
    return h.flags
      .filter((f) => h.fives.has(f.time - (f.time % FIVE_MINUTES)))
      .map((f) => ({
        _id: objectId(now),
        device,
        time: f.time,
        key: f.key,
        value: f.value,
        reason: f.reason,
        // A lifetime rain counter that went backwards is kept (the gauge was reset): shown, already accepted.
        status: f.reason === 'rainReset' ? 'accepted' : 'flagged',
        createdAt: now,
        decidedAt: f.reason === 'rainReset' ? now : null,
      }));
  });
  if (rows.length === 0) return;
  // 9 values a row: 500 rows stay under SQLite's limit of bound parameters.
  for (let i = 0; i < rows.length; i += 500) await trx('qcFlags').insert(rows.slice(i, i + 500));
  changes.flags = rows.map((r) => r._id);
}

/** Removes from a pending hour the 5-minute buckets the station has data in; answers the rows they held. */
function dropStored(h: Hour, stored: Map<number, Buffer>): number {
  let dropped = 0;
  for (const t5 of [...h.fives.keys()]) {
    const own = stored.get(t5);
    if (own === undefined || Object.keys(unpack(own)).length === 0) continue;
    h.fives.delete(t5);
    h.probes.delete(t5);
    for (const t of h.times) if (t - (t % FIVE_MINUTES) === t5) dropped++;
  }
  return dropped;
}

/** `earlier` merged before `later` (a new object). */
function mergeAggsEarlier(earlier: Aggs, later: Aggs): Aggs {
  return mergeInto(mergeInto({}, earlier), later);
}

async function writeDays(
  knex: Knex,
  seq: number,
  days: Map<number, { aggs: Record<string, Agg>; rows: number }>,
  options: RunOptions,
  report: ImportReport,
  done: Set<number>,
  save: Save,
) {
  if (days.size === 0) return;
  const times = [...days.keys()].sort((a, b) => a - b);
  const apply = async (trx: Knex) => {
    const existing = await rowsIn(trx, 'buckets1d', seq, times[0], times[times.length - 1] + 1);
    const changes: Changes = { hours: [], days: [] };
    const rows: { device: number; time: number; data: Buffer }[] = [];
    let imported = 0;
    let skipped = 0;
    for (const day of times) {
      const d = days.get(day)!;
      const before = existing.get(day);
      if (before !== undefined && Object.keys(unpack(before)).length > 0) {
        report.overlaps.rows += d.rows;
        report.overlaps.periods++;
        if (options.policy === 'keep') {
          skipped += d.rows;
          continue;
        }
      }
      imported += d.rows;
      done.add(day);
      changes.days.push([day, b64(before)]);
      rows.push({ device: seq, time: day, data: pack(d.aggs) });
    }
    if (!options.dryRun) {
      await upsert(trx, 'buckets1d', rows);
      await save(trx, changes, imported, skipped);
    }
    report.imported += imported;
    report.skipped += skipped;
  };
  if (options.dryRun) await apply(knex);
  else await inChunk(knex, apply);
}

/**
 * Undoes an import, newest chunk first: rows it created are deleted, rows it replaced get their old content
 * back. Each chunk is undone in one transaction, so a rollback that stops can be run again.
 */
export async function rollbackImport(knex: Knex, jobId: string): Promise<{ chunks: number }> {
  const job = await knex('importJobs').where({ _id: jobId }).first();
  if (!job) throw new ImportError('No such import');
  if (job.status === 'running') throw new ImportError('That import is still running');
  const seq = await seqOf(knex, job.device);
  const chunks = (await knex('importChanges')
    .where({ job: jobId })
    .orderBy('chunk', 'desc')
    .select('chunk')) as {
    chunk: number;
  }[];
  const put = async (trx: Knex, table: string, time: number, before: string | null) => {
    if (before === null) await trx(table).where({ device: seq, time }).delete();
    else await upsert(trx, table, [{ device: seq, time, data: Buffer.from(before, 'base64') }]);
  };
  for (const { chunk } of chunks)
    await knex.transaction(async (trx) => {
      const row = await trx('importChanges').where({ job: jobId, chunk }).first('data');
      const changes = JSON.parse(row.data) as Changes;
      const flags = changes.flags ?? [];
      for (let i = 0; i < flags.length; i += 500)
        await trx('qcFlags')
          .whereIn('_id', flags.slice(i, i + 500))
          .delete();
      for (const [day, before] of changes.days) await put(trx, 'buckets1d', day, before);
      for (const [hour, before, fives] of changes.hours) {
        await trx('buckets5m')
          .where({ device: seq })
          .andWhere('time', '>=', hour)
          .andWhere('time', '<', hour + 3600)
          .delete();
        await upsert(
          trx,
          'buckets5m',
          fives.map(([time, data]) => ({ device: seq, time, data: Buffer.from(data, 'base64') })),
        );
        await put(trx, 'buckets1h', hour, before);
      }
      await trx('importChanges').where({ job: jobId, chunk }).delete();
    });
  await knex('importJobs').where({ _id: jobId }).update({ status: 'rolledBack', updatedAt: Date.now() });
  await knex('sampleSources').where({ job: jobId }).delete();
  return { chunks: chunks.length };
}
