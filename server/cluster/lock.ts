// "One process per cluster forwards": a lock behind a small interface. On PostgreSQL a session advisory lock
// (pg_try_advisory_lock) held on a connection kept out of the pool: it is released when that connection ends,
// so a crashed holder frees it and another process takes over at its next pass. On SQLite one process owns the
// database file, so it always holds the lock.
import { createHash } from 'node:crypto';
import type { Storage } from '../storage/db';

export interface ClusterLock {
  /** True when this process holds the lock (taking it if free). Cheap to call every pass. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

interface PgConnection {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** A 63-bit key from the lock's name and the deployment (the schema: tests share one database). */
function lockKey(name: string): string {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 16)}`),
  ).toString();
}

export function clusterLock(storage: Storage, name: string): ClusterLock {
  if (storage.engine !== 'pg') return { acquire: async () => true, release: async () => {} };
  const key = lockKey(name);
  // Knex's public client API lends a raw connection; it is given back (or destroyed) by release().
  const client = storage.knex.client as {
    acquireConnection(): Promise<PgConnection>;
    releaseConnection(c: PgConnection): Promise<void>;
  };
  let held: PgConnection | null = null;
  return {
    async acquire() {
      if (held) {
        try {
          await held.query('SELECT 1');
          return true;
        } catch {
          // The connection died, and the lock with it: try again on a fresh one.
          const dead = held;
          held = null;
          await client.releaseConnection(dead).catch(() => {});
        }
      }
      const conn = await client.acquireConnection();
      try {
        const { rows } = await conn.query('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key]);
        if (rows[0]?.ok === true) {
          held = conn;
          return true;
        }
      } catch {
        // Counted as not holding it; the next pass tries again.
      }
      await client.releaseConnection(conn);
      return false;
    },
    async release() {
      if (!held) return;
      const conn = held;
      held = null;
      await conn.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => {});
      await client.releaseConnection(conn).catch(() => {});
    },
  };
}
