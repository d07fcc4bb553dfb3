// Retention (docs/architecture.md §3): raw samples are kept a few days (the rollups keep the history), replayed-edit
// answers a week, and each device's 5-minute buckets its plan's store period (issue #14: the account's "data log
// store period"; devices without a plan keep the free membership's), and so are its camera images (issue 28).
// Hourly and daily rollups stay. Runs at
// start and then hourly, in one process of a cluster; each run is a couple of range deletes per device (and
// dropped day partitions of raw samples on PostgreSQL).
import type { Knex } from 'knex';
import { type Leader, onceInCluster } from '../cluster/leader';
import { pruneCameraImages } from './camera-images';
import type { SampleStore } from './samples';

export const RAW_SAMPLE_DAYS = 7;
const IDEMPOTENCY_DAYS = 7;

/** Days of 5-minute data a device keeps (its plans'), or null for the default. */
export type StoreDaysOf = (device: {
  _id: string;
  consoletype: number;
  mac: string | null;
  macAuth?: boolean | number | null;
}) => Promise<number | null>;

export async function applyRetention(
  knex: Knex,
  samples: SampleStore,
  now = Date.now(),
  storeDays?: { of: StoreDaysOf; fallback: number },
): Promise<{ samples: number; fiveMinute: number; cameraImages: number }> {
  const removed = await samples.prune(Math.floor(now / 1000) - RAW_SAMPLE_DAYS * 86400);
  await knex('idempotency')
    .where('createdAt', '<', now - IDEMPOTENCY_DAYS * 86400_000)
    .delete();
  let fiveMinute = 0;
  let cameraImages = 0;
  if (storeDays) {
    const devices = await knex('weatherDevices').select('_id', 'consoletype', 'mac', 'macAuth');
    for (const d of devices) {
      const days = (await storeDays.of({ ...d, consoletype: Number(d.consoletype) })) ?? storeDays.fallback;
      fiveMinute += await samples.prune5m(d._id, Math.floor(now / 1000) - days * 86400);
      cameraImages += await pruneCameraImages(knex, d._id, now - days * 86400_000);
    }
  }
  return { samples: removed, fiveMinute, cameraImages };
}

/** Hourly, in one process of a cluster: partitions created ahead (PostgreSQL), then retention. */
export function startRetention(
  knex: Knex,
  samples: SampleStore,
  leader: Leader,
  log: (e: unknown) => void,
  storeDays?: { of: StoreDaysOf; fallback: number },
): () => void {
  const run = () =>
    void onceInCluster(
      leader,
      async () => {
        await applyRetention(knex, samples, Date.now(), storeDays);
        await samples.maintain(Date.now());
      },
      log,
    );
  const timer = setInterval(run, 3600_000);
  const first = setTimeout(run, 10_000);
  timer.unref();
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
