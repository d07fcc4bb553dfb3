// Health checks for load balancers and uptime monitors, unauthenticated and cheap. GET (or HEAD) /healthz: the
// process answers. /readyz: it can serve, i.e. the database answers a trivial query and, when REDIS_URL is set,
// Redis answers a PING, each within a second; 503 otherwise, with which check failed. They come ahead of every
// other middleware, so no rate limit counts them and no upload route or ROLE=ingest refusal sees them.
import type { FeathersKoaContext } from '@feathersjs/koa';
import type { Knex } from 'knex';
import { VERSION } from './version';

export type CheckResult = 'ok' | 'down';

export interface ReadinessChecks {
  database: Knex;
  /** Whether Redis answers (absent without REDIS_URL). */
  redis?: (timeoutMs: number) => Promise<boolean>;
}

const TIMEOUT_MS = 1000;

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.catch(() => fallback),
    new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function readiness(checks: ReadinessChecks): Promise<Record<string, CheckResult>> {
  const [database, redis] = await Promise.all([
    within(
      checks.database.raw('SELECT 1').then(() => true),
      TIMEOUT_MS,
      false,
    ),
    checks.redis ? within(checks.redis(TIMEOUT_MS), TIMEOUT_MS, false) : Promise.resolve(null),
  ]);
  return {
    database: database ? 'ok' : 'down',
    ...(redis === null ? {} : { redis: redis ? 'ok' : 'down' }),
  };
}

export function healthRoutes(checks: () => ReadinessChecks) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = {
        name: 'MethodNotAllowed',
        message: 'GET or HEAD',
        code: 405,
        className: 'method-not-allowed',
      };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', version: VERSION };
      return;
    }
    const results = await readiness(checks());
    const ready = Object.values(results).every((r) => r === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ok' : 'unavailable', checks: results };
  };
}
