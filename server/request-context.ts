// Which request a log line belongs to: each HTTP request gets an id (the caller's X-Request-Id when usable, so a
// balancer's id follows it; answered in X-Request-Id), and each socket call one of its own; the signed-in user is
// added once authentication knows it. With LOG_LEVEL=debug one line per HTTP request (method, path without its
// query, status, duration); health checks are left out (a balancer asks every few seconds).
import type { NextFunction } from '@feathersjs/feathers';
import type { FeathersKoaContext } from '@feathersjs/koa';
import type { HookContext } from './declarations';
import { currentLogContext, type Logger, loggablePath, requestId, withLogContext } from './log';

export const QUIET_PATHS = new Set(['/healthz', '/readyz']);

export function requestContext(log: Logger) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    const store = { requestId: requestId(ctx.get('x-request-id')) };
    ctx.set('X-Request-Id', store.requestId);
    const timed = log.enabled('debug') && !QUIET_PATHS.has(ctx.path);
    const started = timed ? performance.now() : 0;
    try {
      await withLogContext(store, next);
    } finally {
      if (timed)
        withLogContext(store, () =>
          log.debug('request', {
            method: ctx.method,
            path: loggablePath(ctx.path),
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          }),
        );
    }
  };
}

/** First around hook: a socket call gets a context of its own (an HTTP request already has one). */
export async function callContext(context: HookContext, next: NextFunction): Promise<void> {
  if (currentLogContext() || !context.params.provider) return next();
  return withLogContext({ requestId: requestId() }, next);
}

/** After authentication: lines logged during the call name the signed-in user. */
export async function callUser(context: HookContext, next: NextFunction): Promise<void> {
  const store = currentLogContext();
  const user = context.params.user as { _id?: unknown } | undefined;
  if (store && user?._id !== undefined) store.userId = String(user._id);
  return next();
}
