// Odd calls get a 4xx, never a 500 or silence (issue #10):
// - Feathers' router keeps a route's children in a plain object, so a path segment named like an Object
//   property (`constructor`, `__proto__`, `toString`) found the property instead of a route and failed with
//   "child.lookup is not a function". The children become objects without a prototype.
// - A socket event no service offers (e.g. `update` where no service has it) had no handler and got no answer:
//   its acknowledgement now carries a MethodNotAllowed at once.
// - An unexpected error of an external call is logged and answered as a bare "Internal error" (the raw
//   message reached socket clients; REST already hid it in app.ts).
import { FeathersError, GeneralError, MethodNotAllowed } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import type { Socket } from 'socket.io';
import type { Application, HookContext } from '../declarations';

interface RouteNode {
  children: Record<string, RouteNode>;
  placeholders: RouteNode[];
}

function harden(node: RouteNode): void {
  if (Object.getPrototypeOf(node.children) !== null) Object.setPrototypeOf(node.children, null);
  for (const child of Object.values(node.children)) harden(child);
  for (const child of node.placeholders) harden(child);
}

/** Call before services are registered: every route node, now and later, has prototype-free children. */
export function hardenRoutes(app: Application): void {
  const router = (app as unknown as { routes: { root: RouteNode; insert(...a: unknown[]): unknown } }).routes;
  harden(router.root);
  const insert = router.insert.bind(router);
  router.insert = (...args: unknown[]) => {
    const result = insert(...args);
    harden(router.root);
    return result;
  };
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
    if (context.app.ctx.config.logLevel !== 'silent') console.error(error);
    throw new GeneralError('Internal error');
  }
}
