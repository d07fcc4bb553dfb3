// The day-so-far climate metrics (issue 26: et0day, hddday, cddday, gddday) of imported samples. Ingest derives
// them once per 5-minute slot of a station from the day's stored buckets and the slot's first upload with a
// temperature, and every upload of the slot with a temperature carries them (ingest/climate-today.ts). An import
// skips ingest, so it does the same per chunk: while rows are read, each slot's first reading with a temperature
// is kept (a probe); when the chunk's hours are written, each local day they touch is computed at once by the
// same function ingest calls (climateTodayAt; ingest's climateToday is its one-probe case), from the day's buckets already stored (an
// earlier chunk's part of a day split between chunks, or hours kept from the station) and the chunk's own. The
// values are folded into the slot's bucket once per reading with a temperature, as ingest's uploads are.
import type { Knex } from 'knex';
import type { Agg } from '../../src/domain/aggregate';
import { addValue } from '../../src/domain/aggregate';
import {
  CLIMATE_KEYS,
  type ClimateBucket,
  type ClimateSettings,
  localDays,
} from '../../src/domain/climate/summary';
import { CLIMATE_TODAY_KEYS, climateTodayAt, type TodayProbe } from '../../src/domain/climate/today';
import { cleanValue } from '../../src/domain/validate';
import { type Aggs, dayStartFor, FIVE_MINUTES } from '../storage/buckets';
import { unpack } from '../storage/packed';

/** A slot's first reading with a temperature, what its slot held before it, and its readings with one. */
export interface SlotProbe {
  time: number;
  own: Aggs;
  before: Aggs | null;
  count: number;
}

const climateOnly = (aggs: Aggs): Aggs => {
  const out: Aggs = {};
  for (const k of CLIMATE_KEYS) if (aggs[k] && aggs[k][0] > 0) out[k] = [...aggs[k]] as Agg;
  return out;
};

/** Notes a reading (cleaned and derived) before it is folded into its slot's aggregates `slot`. */
export function noteReading(
  probes: Map<number, SlotProbe>,
  time: number,
  values: Record<string, number | null>,
  slot: Aggs | undefined,
): void {
  if (typeof values.tempc0 !== 'number') return;
  const t5 = time - (time % FIVE_MINUTES);
  let p = probes.get(t5);
  if (!p) {
    const own: Aggs = {};
    for (const k of CLIMATE_KEYS) {
      const v = values[k];
      if (typeof v === 'number') own[k] = [1, v, v, v, v];
    }
    const before = slot ? climateOnly(slot) : null;
    p = { time, own, before: before && Object.keys(before).length > 0 ? before : null, count: 0 };
    probes.set(t5, p);
  }
  p.count++;
}

export interface WrittenHour {
  hour: number;
  fives: Map<number, Aggs>;
  probes: Map<number, SlotProbe>;
}

/**
 * Adds the day-so-far values to the 5-minute aggregates of the hours a chunk writes (in the chunk's transaction,
 * after the hours it replaces were emptied). `settings.timeZone` is the station's.
 */
export async function addClimateToday(
  trx: Knex,
  seq: number,
  settings: ClimateSettings & { longitude: number | null },
  hours: WrittenHour[],
  /** Stored buckets of written hours that stay (an import that fills around the station's own, policy fill). */
  staying: ReadonlySet<number> = new Set(),
): Promise<void> {
  const tz = settings.timeZone;
  const byDay = new Map<number, WrittenHour[]>();
  for (const h of hours) {
    if (h.probes.size === 0) continue;
    // An hour may hold the end of one local day and the start of the next (zones off the whole hour).
    for (const t5 of h.probes.keys()) {
      const day = dayStartFor(t5, tz);
      const list = byDay.get(day);
      if (!list) byDay.set(day, [h]);
      else if (list[list.length - 1] !== h) list.push(h);
    }
  }
  if (byDay.size === 0) return;
  // The days' buckets stored before this chunk's (or kept between its hours), in one query for the chunk.
  const days = [...byDay.keys()].map((start) => localDays(start, start + 1, tz)[0]);
  const last = Math.max(...hours.map((h) => h.hour)) + 3600;
  const own = new Set(hours.map((h) => h.hour));
  const stored = (await trx('buckets5m')
    .where({ device: seq })
    .andWhere('time', '>=', Math.min(...days.map((d) => d.start)))
    .andWhere('time', '<', Math.min(Math.max(...days.map((d) => d.end)), last))
    .orderBy('time')
    .select('time', 'data')) as { time: number | string; data: Buffer }[];
  const kept: ClimateBucket[] = [];
  for (const r of stored) {
    const time = Number(r.time);
    if (!own.has(time - (time % 3600)) || staying.has(time))
      kept.push({ time, span: FIVE_MINUTES, aggs: climateOnly(unpack(r.data)) });
  }
  for (const day of days) {
    const list = byDay.get(day.start)!;
    const buckets = kept.filter((b) => b.time >= day.start && b.time < day.end);
    const probes: (TodayProbe & { t5: number; h: WrittenHour; count: number })[] = [];
    for (const h of list)
      for (const [t5, aggs] of h.fives) {
        if (t5 < day.start || t5 >= day.end) continue;
        buckets.push({ time: t5, span: FIVE_MINUTES, aggs });
        const p = h.probes.get(t5);
        if (p) {
          const reading: ClimateBucket = { time: p.time, span: 0, aggs: p.own };
          // As ingest: the slot's earlier readings (its stored open bucket), then the reading itself.
          const extra = p.before ? [{ time: t5, span: FIVE_MINUTES, aggs: p.before }, reading] : [reading];
          probes.push({ time: p.time, upTo: t5, extra, t5, h, count: p.count });
        }
      }
    probes.sort((a, b) => a.time - b.time);
    const values = climateTodayAt(buckets, probes, settings, day);
    for (let i = 0; i < probes.length; i++) {
      const p = probes[i];
      const aggs = p.h.fives.get(p.t5)!;
      for (const k of CLIMATE_TODAY_KEYS) {
        const v = values[i][k];
        const clean = v === null ? null : cleanValue(k, v);
        if (clean === null) continue;
        // Folded once per reading, as ingest's uploads are (the same sum, added the same way).
        let a = aggs[k];
        for (let n = 0; n < p.count; n++) a = addValue(a, clean);
        if (a) aggs[k] = a;
      }
    }
  }
}
