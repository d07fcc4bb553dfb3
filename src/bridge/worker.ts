// The page side of the data worker. One worker per browser (issue 32): src/bridge/data-bridge.ts elects the tab
// that runs it; in the other tabs every call goes to that tab. Created on first use and started with
// location.origin. Call startDataWorker() at boot so the connection and sync begin before any screen asks.
import type { Remote } from 'comlink';
import type { DataWorkerApi } from '../../workers/api';
import type { DataBridge } from './data-bridge';

let bridge: Promise<DataBridge> | null = null;
let started: Promise<void> | null = null;

/**
 * The bridge, its code loaded on first use: comlink, the tab bridge and the outbox are not on the first paint's
 * path (issue 21's bundle budget); the first use is after it (app/Root.tsx) or a user's action.
 */
function connect(): Promise<DataBridge> {
  bridge ??= (async () => {
    const [{ wrap }, { createDataBridge }, { setOutboxFlusher }] = await Promise.all([
      import('comlink'),
      import('./data-bridge'),
      import('../db/edits'),
    ]);
    const b = createDataBridge(
      // Written inline so Vite bundles the worker (module worker, `worker.format: 'es'`).
      () =>
        wrap<DataWorkerApi>(
          new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module' }),
        ),
      location.origin,
      // Which tab runs the worker, for diagnostics and the e2e (<html data-data-worker="leader">).
      (role) => {
        document.documentElement.dataset.dataWorker = role;
      },
    );
    // Before any other call: the worker starts first.
    started = b.call('start', [location.origin]) as Promise<void>;
    started.catch((e) => console.error('[data worker] start failed', e));
    setOutboxFlusher(() => dataWorker.flushOutbox());
    // Measuring hook of `npm run bench` (bench/browser.ts): its init script sets __portalBench before the app
    // runs, and reads the worker's bench() through __portalWorker. Nothing is exposed otherwise.
    const g = globalThis as { __portalBench?: boolean; __portalWorker?: Remote<DataWorkerApi> };
    if (g.__portalBench) g.__portalWorker = dataWorker;
    return b;
  })();
  // A chunk that did not load (offline before it was cached, a deploy): logged, and the next call tries again.
  const loading = bridge;
  loading.catch((e: unknown) => {
    console.error('[data worker] could not load', e);
    if (bridge === loading) bridge = null;
  });
  return loading;
}

/** Create and start the data worker, or find the tab that runs it (idempotent); resolves once it has started. */
export async function startDataWorker(): Promise<void> {
  await connect();
  return started!;
}

/** Which role this tab has (e2e and diagnostics): 'leader' runs the worker and its socket. */
export function dataWorkerRole(): Promise<'leader' | 'follower'> {
  return connect().then((b) => b.role());
}

/**
 * The worker's API (DataWorkerApi, every method async). Lazy: importing this module creates nothing, so
 * component tests can import screens without a Worker. Errors reject with { name, message, code }.
 */
export const dataWorker: Remote<DataWorkerApi> = new Proxy({} as Remote<DataWorkerApi>, {
  get(_target, prop) {
    // Not a thenable, and no worker for symbol probes (React dev tools, test printers).
    if (prop === 'then' || typeof prop === 'symbol') return undefined;
    return (...args: unknown[]) => connect().then((b) => b.call(prop, args));
  },
});
