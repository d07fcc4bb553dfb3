// Jobs that run once per cluster, not once per process: retention and partition upkeep, the alerts' lost-data
// sweep, the hourly forecast refresh. Each pass asks the leader lock (lock.ts) first; the process holding it
// runs the job, the others skip it. A crashed leader's lock ends with its connection, and the next process to
// ask takes over. On SQLite the one process is always the leader.
import type { Storage } from '../storage/db';
import { clusterLock } from './lock';

export interface Leader {
  /** True when this process leads (taking the lock if free). Concurrent callers share one check. */
  leads(): Promise<boolean>;
  release(): Promise<void>;
}

/** `deployment` names the lock apart from other deployments on the same database (the schema). */
export function leader(storage: Storage, deployment: string): Leader {
  const lock = clusterLock(storage, `leader:${deployment}`);
  let asking: Promise<boolean> | null = null;
  return {
    leads() {
      // Two jobs asking at once on two connections would find the lock taken by the other one of this process.
      asking ??= lock.acquire().finally(() => {
        asking = null;
      });
      return asking;
    },
    release: () => lock.release(),
  };
}

/** Runs `job` only when this process leads; errors are logged, never thrown (the next pass tries again). */
export async function onceInCluster(
  lead: Leader,
  job: () => Promise<unknown>,
  log: (e: unknown) => void,
): Promise<void> {
  try {
    if (await lead.leads()) await job();
  } catch (error) {
    log(error);
  }
}
