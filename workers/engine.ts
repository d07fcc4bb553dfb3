// The data worker's implementation of DataWorkerApi, free of comlink so tests drive it directly in Node.
// data.worker.ts exposes one. It owns the connection while a page is open and writes Dexie; the page only reads
// Dexie (src/db/hooks.ts) and calls these methods. Each method is a feature's handler (features/*.ts), called
// with the runtime that start() builds once the origin is known.
import { ApiError } from '../src/bridge/errors';
import { db as defaultDb, type PortalDb } from '../src/db/schema';
import type { DataWorkerApi } from './api';
import { accountHandlers } from './features/account';
import { adminHandlers } from './features/admin';
import { dataHandlers } from './features/data';
import { deviceHandlers } from './features/devices';
import type { EngineApi, Handlers } from './features/handlers';
import { importHandlers } from './features/imports';
import { orderHandlers } from './features/orders';
import { sessionHandlers } from './features/session';
import { uploadTargetHandlers } from './features/upload-targets';
import { bootRuntime, createRuntime, type Runtime, type RuntimeOptions, stopRuntime } from './runtime';

export interface EngineOptions extends RuntimeOptions {
  db?: PortalDb;
}

export interface DataEngine extends DataWorkerApi {
  /** Stop timers and close the socket (tests; a worker is simply terminated). */
  stop(): void;
  /** The started runtime (tests reach the socket through it). */
  runtime(): Promise<Runtime>;
}

/** Every API method but start, by feature. */
const HANDLERS: Handlers<keyof EngineApi> = {
  ...sessionHandlers,
  ...deviceHandlers,
  ...dataHandlers,
  ...accountHandlers,
  ...uploadTargetHandlers,
  ...adminHandlers,
  ...orderHandlers,
  ...importHandlers,
};

type AnyHandler = (rt: Runtime, ...args: unknown[]) => unknown;

export function createDataEngine(opts: EngineOptions = {}): DataEngine {
  const db = opts.db ?? defaultDb;
  // Made by the first start(); the methods wait for its boot to finish.
  let started: { rt: Runtime; booted: Promise<void> } | null = null;

  const runtime = async (): Promise<Runtime> => {
    if (!started) throw new ApiError('Data worker not started', 500);
    await started.booted;
    return started.rt;
  };

  const methods = Object.fromEntries(
    Object.entries(HANDLERS as Record<string, AnyHandler>).map(([name, handle]) => [
      name,
      async (...args: unknown[]) => handle(await runtime(), ...args),
    ]),
  ) as unknown as EngineApi;

  return {
    ...methods,
    start: async (origin) => {
      if (!started) {
        const rt = createRuntime(db, origin, opts);
        started = { rt, booted: bootRuntime(rt, opts) };
      }
      await started.booted;
    },
    stop: () => {
      if (started) stopRuntime(started.rt);
    },
    runtime,
  };
}
