// Retention (docs/architecture.md §3): raw samples are kept a few days (the rollups keep the history), replayed-edit
// answers a week, and each device's 5-minute buckets its plan's store period (issue #14: the account's "data log
// store period"; devices without a plan keep the free membership's), and so are its camera images (issue 28) and
// the readings quality control left out (qcFlags, issue 24: one a 5-minute bucket for a stuck sensor).
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
): Promise<{ samples: number; fiveMinute: number; cameraImages: number; qcFlags: number }> {
  const removed = await samples.prune(Math.floor(now / 1000) - RAW_SAMPLE_DAYS * 86400);
  await knex('idempotency')
    .where('createdAt', '<', now - IDEMPOTENCY_DAYS * 86400_000)
    .delete();
  let fiveMinute = 0;
  let cameraImages = 0;
  let qcFlags = 0;
  if (storeDays) {
    const devices = await knex('weatherDevices').select('_id', 'consoletype', 'mac', 'macAuth');
    for (const d of devices) {
      const days = (await storeDays.of({ ...d, consoletype: Number(d.consoletype) })) ?? storeDays.fallback;
      fiveMinute += await samples.prune5m(d._id, Math.floor(now / 1000) - days * 86400);
      cameraImages += await pruneCameraImages(knex, d._id, now - days * 86400_000);
      qcFlags += await pruneQcFlags(knex, d._id, now - days * 86400_000);
    }
  }
  return { samples: removed, fiveMinute, cameraImages, qcFlags };
}

/**
 * A station's quality flags of readings before `before` (ms) raised before then too: the 5-minute data they
 * belong to is gone by then, and a flag raised lately for old readings (an imported file's) still gets the whole
 * period for the owner to decide on.
 */
export async function pruneQcFlags(knex: Knex, device: string, before: number): Promise<number> {
  return knex('qcFlags')
    .where({ device })
    .andWhere('time', '<', Math.floor(before / 1000))
    .andWhere('createdAt', '<', before)
    .delete();
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
