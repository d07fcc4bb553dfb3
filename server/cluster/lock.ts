// "One process per cluster forwards": a lock behind a small interface. On PostgreSQL a session advisory lock
// (pg_try_advisory_lock) held on a connection of its own, outside the pool: it is released when that connection
// ends, so a crashed holder frees it and another process takes over at its next pass. On SQLite one process
// owns the database file, so it always holds the lock.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Storage } from '../storage/db';

export interface ClusterLock {
  /** True when this process holds the lock (taking it if free). Cheap to call every pass. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** A 63-bit key from the lock's name and the deployment (the schema: tests share one database). */
function lockKey(name: string): string {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 16)}`),
  ).toString();
}

export function clusterLock(storage: Storage, name: string): ClusterLock {
  const connect = storage.ownConnection;
  if (!connect) return { acquire: async () => true, release: async () => {} };
  const key = lockKey(name);
  let held: pg.Client | null = null;
  const end = (conn: pg.Client) => conn.end().catch(() => {});
  return {
    async acquire() {
      if (held) {
        try {
          await held.query('SELECT 1');
          return true;
        } catch {
          // The connection died, and the lock with it: try again on a fresh one.
          void end(held);
          held = null;
        }
      }
      let conn: pg.Client | null = null;
      try {
        conn = await connect();
        // A connection that fails later (server restart) must not crash the process: the next pass sees it.
        conn.on('error', () => {});
        const { rows } = await conn.query('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key]);
        if (rows[0]?.ok === true) {
          held = conn;
          return true;
        }
      } catch {
        // Counted as not holding it; the next pass tries again.
      }
      if (conn) await end(conn);
      return false;
    },
    async release() {
      if (!held) return;
      const conn = held;
      held = null;
      await conn.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => {});
      await end(conn);
    },
  };
}
