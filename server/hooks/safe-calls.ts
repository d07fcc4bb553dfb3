// Odd calls get a 4xx, never a 500 or silence (issue #10):
// - A path segment named like an Object property (`constructor`, `__proto__`, `toString`) made Feathers' route
//   lookup find the property instead of a route ("child.lookup is not a function"). No service or id of ours
//   has such a name, so these paths are answered 404 before any lookup: REST by a Koa middleware, socket.io by a
//   packet middleware (`socket.use`), both public APIs.
// - A socket event no service offers (e.g. `update` where no service has it) had no handler and got no answer:
//   its acknowledgement now carries a MethodNotAllowed at once.
// - An unexpected error of an external call is logged and answered as a bare "Internal error" (the raw
//   message reached socket clients; REST already hid it in app.ts).
import { FeathersError, GeneralError, MethodNotAllowed, NotFound } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import type { Middleware } from '@feathersjs/koa';
import type { Socket } from 'socket.io';
import type { HookContext } from '../declarations';

/** Whether a segment of `path` names a property every object has (`__proto__` included). */
export function hasPropertySegment(path: string): boolean {
  return path.split('/').some((raw) => {
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // A malformed escape is no property name; the route answers it.
    }
    return segment === '__proto__' || Object.hasOwn(Object.prototype, segment);
  });
}

const notFound = (path: string) => new NotFound(`Path ${path.slice(0, 200)} not found`);

/** REST: a property-named segment is a 404 (thrown into the errors middleware, which formats it). */
export const propertyPaths: Middleware = async (ctx, next) => {
  if (hasPropertySegment(ctx.path)) throw notFound(ctx.path);
  return next();
};

/** socket.io: a call on a property-named path is answered 404 through its acknowledgement, never dispatched. */
export function refusePropertyPaths(socket: Socket): void {
  socket.use((packet, next) => {
    const [, path] = packet;
    if (typeof path !== 'string' || !hasPropertySegment(path)) return next();
    const ack = packet[packet.length - 1];
    if (typeof ack === 'function') (ack as (error: unknown) => void)(notFound(path).toJSON());
  });
}

/** Events with no handler that expect an answer (their last argument is the acknowledgement) get an error. */
export function answerUnknownEvents(socket: Socket): void {
  socket.onAny((event: unknown, ...args: unknown[]) => {
    const ack = args[args.length - 1];
    if (typeof ack !== 'function' || typeof event !== 'string' || socket.listeners(event).length > 0) return;
    const path = typeof args[0] === 'string' ? args[0] : '';
    (ack as (error: unknown) => void)(
      new MethodNotAllowed(
        `Method '${event.slice(0, 64)}' not allowed on service '${path.slice(0, 200)}'`,
      ).toJSON(),
    );
  });
}

/** The first around hook of every call: internals of unexpected errors stay in the log. */
export async function hideInternalErrors(context: HookContext, next: NextFunction): Promise<void> {
  try {
    await next();
  } catch (error) {
    if (!context.params.provider || error instanceof FeathersError) throw error;
    const e = error as { status?: number; statusCode?: number; message?: string };
    const status = e.status ?? e.statusCode ?? 500;
    // Client errors of libraries (http-errors and the like) keep their status, as in app.ts.
    if (Number.isInteger(status) && status >= 400 && status < 500)
      throw new FeathersError(e.message ?? 'Bad request', 'BadRequest', status, 'bad-request', {});
    context.app.ctx.log.error(`${context.path}.${context.method} failed`, error);
    throw new GeneralError('Internal error');
  }
}
