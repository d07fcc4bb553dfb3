// The page side of the data worker: one comlink proxy, created and started (with location.origin) on first use.
// Call startDataWorker() at boot so the connection and sync begin before any screen asks for something.
import { type Remote, wrap } from 'comlink';
import type { DataWorkerApi } from '../../workers/api';
import { setOutboxFlusher } from '../db/edits';

let remote: Remote<DataWorkerApi> | null = null;
let started: Promise<void> | null = null;

function connect(): Remote<DataWorkerApi> {
  if (!remote) {
    // Written inline so Vite bundles the worker (module worker, `worker.format: 'es'`).
    const worker = new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module' });
    const api = wrap<DataWorkerApi>(worker);
    remote = api;
    started = api.start(location.origin);
    started.catch((e) => console.error('[data worker] start failed', e));
    setOutboxFlusher(() => api.flushOutbox());
    // Measuring hook of `npm run bench` (bench/browser.ts): its init script sets __portalBench before the app
    // runs, and reads the worker's bench() through __portalWorker. Nothing is exposed otherwise.
    const g = globalThis as { __portalBench?: boolean; __portalWorker?: Remote<DataWorkerApi> };
    if (g.__portalBench) g.__portalWorker = api;
  }
  return remote;
}

/** Create and start the data worker (idempotent); resolves once it has opened the connection. */
export function startDataWorker(): Promise<void> {
  connect();
  return started!;
}

/**
 * The worker's API (DataWorkerApi, every method async). Lazy: importing this module creates nothing, so
 * component tests can import screens without a Worker. Errors reject with { name, message, code }.
 */
export const dataWorker: Remote<DataWorkerApi> = new Proxy({} as Remote<DataWorkerApi>, {
  get(_target, prop) {
    // Not a thenable, and no worker for symbol probes (React dev tools, test printers).
    if (prop === 'then' || typeof prop === 'symbol') return undefined;
    return Reflect.get(connect(), prop);
  },
});
