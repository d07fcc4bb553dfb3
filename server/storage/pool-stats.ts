// Database pool figures for /metrics from Knex's public query events: Knex does not publish its pool's counters,
// and reading its client's pool would tie us to a private field. Each running query holds a pooled connection,
// so queries in flight are the connections in use; more than the pool holds are waiting for one.
import type { Knex } from 'knex';

export interface PoolStats {
  used: number;
  free: number;
  pending: number;
}

interface QueryEvent {
  __knexQueryUid?: string;
}

export function trackPool(knex: Knex, size: number): () => PoolStats {
  const running = new Set<string>();
  knex.on('query', (q: QueryEvent) => {
    if (q.__knexQueryUid) running.add(q.__knexQueryUid);
  });
  const done = (q: QueryEvent) => {
    if (q?.__knexQueryUid) running.delete(q.__knexQueryUid);
  };
  knex.on('query-response', (_response: unknown, q: QueryEvent) => done(q));
  knex.on('query-error', (_error: unknown, q: QueryEvent) => done(q));
  return () => {
    const used = Math.min(running.size, size);
    return { used, free: size - used, pending: running.size - used };
  };
}
