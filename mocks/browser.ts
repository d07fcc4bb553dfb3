// A no-server demo in the browser (dev only; not registered by the app): same-origin handlers and the store.
//   const worker = mockWorker(); await worker.start({ onUnhandledFrame: 'bypass' });
import { setupWorker } from 'msw/browser';
import { db, type MockDb } from './db';
import { createHandlers } from './handlers';

export function mockWorker(base = '', store: MockDb = db) {
  return setupWorker(...createHandlers(base, store));
}

export { db };
