// Records of a station from its stored buckets: hours up to today (cached per local day), today's 5-minute
// buckets fresh on each call. An hour's extreme is then placed on its 5-minute bucket, so a record's time is
// good to 5 minutes wherever those are kept.
import {
  mergeRecords,
  type PeriodBounds,
  periodStarts,
  RECORD_KEYS,
  RECORD_PERIODS,
  type RecordTable,
  recordsOf,
} from '../../src/domain/records';
import type { SampleStore } from '../storage/samples';

const HOUR = 3600;
const KEYS = RECORD_KEYS.map((r) => r.key);

interface Past {
  key: string;
  table: RecordTable;
}

/** Cache of the part before today, per device: it changes only when the day turns or the owner resets. */
const pastCache = new Map<string, Past>();

export function forgetRecords(device: string): void {
  pastCache.delete(device);
}

/** Moves each hourly extreme onto the 5-minute bucket inside that hour that holds the same value. */
async function refine(samples: SampleStore, device: string, table: RecordTable): Promise<void> {
  const hours = new Map<number, Awaited<ReturnType<SampleStore['buckets']>>>();
  for (const p of RECORD_PERIODS) {
    for (const key in table[p]) {
      const e = table[p][key];
      for (const side of ['max', 'min'] as const) {
        const r = e[side];
        if (!r || r.time % HOUR !== 0) continue;
        let fives = hours.get(r.time);
        if (!fives) {
          fives = await samples.buckets('buckets5m', device, r.time, r.time + HOUR, KEYS);
          hours.set(r.time, fives);
        }
        const hit = fives.find((b) => {
          const a = b.aggs[key];
          return a && a[0] > 0 && a[side === 'max' ? 3 : 2] === r.value;
        });
        if (hit) e[side] = { value: r.value, time: hit.time };
      }
    }
  }
}

async function pastRecords(
  samples: SampleStore,
  device: string,
  from: number,
  starts: PeriodBounds,
): Promise<RecordTable> {
  const key = `${from}|${starts.today}|${starts.year}`;
  const hit = pastCache.get(device);
  if (hit?.key === key) return hit.table;
  const hours =
    from < starts.today ? await samples.buckets('buckets1h', device, from, starts.today, KEYS) : [];
  const table = recordsOf(hours, starts);
  await refine(samples, device, table);
  pastCache.set(device, { key, table });
  return table;
}

/** The records table of a device at `now`, counting from `resetAt` (null: from the first upload). */
export async function computeRecords(
  samples: SampleStore,
  device: { _id: string; timezone: string; rainSeasonStart?: number | null },
  now: number,
  resetAt: number | null,
): Promise<RecordTable> {
  const starts = periodStarts(now, device.timezone, device.rainSeasonStart ?? 1);
  const from = resetAt ?? 0;
  const past = await pastRecords(samples, device._id, from, starts);
  const todayFrom = Math.max(from, starts.today);
  const fives = await samples.buckets(
    'buckets5m',
    device._id,
    todayFrom - (todayFrom % 300),
    now + 300,
    KEYS,
  );
  // A bucket that began before the reset carries readings from before it.
  const today = recordsOf(
    fives.filter((b) => b.time >= from),
    starts,
  );
  return mergeRecords(past, today);
}
