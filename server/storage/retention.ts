// Retention (ARCHITECTURE §5): raw samples are kept a few days (the rollups keep the history), replayed-edit
// answers a week. Runs at start and then hourly; each run is a couple of range deletes.
import type { Knex } from 'knex';
import { type Leader, onceInCluster } from '../cluster/leader';
import type { SampleStore } from './samples';

export const RAW_SAMPLE_DAYS = 7;
const IDEMPOTENCY_DAYS = 7;

export async function applyRetention(
  knex: Knex,
  samples: SampleStore,
  now = Date.now(),
): Promise<{ samples: number }> {
  const removed = await samples.prune(Math.floor(now / 1000) - RAW_SAMPLE_DAYS * 86400);
  await knex('idempotency')
    .where('createdAt', '<', now - IDEMPOTENCY_DAYS * 86400_000)
    .delete();
  return { samples: removed };
}

/** Hourly, in one process of a cluster: partitions created ahead (PostgreSQL), then retention. */
export function startRetention(
  knex: Knex,
  samples: SampleStore,
  leader: Leader,
  log: (e: unknown) => void,
): () => void {
  const run = () =>
    void onceInCluster(
      leader,
      async () => {
        await applyRetention(knex, samples);
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
