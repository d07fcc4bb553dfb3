// msw in Node (vitest, component tests): `mockServer().listen()` answers fetch calls to `base` from the store.
import { setupServer } from 'msw/node';
import { db, type MockDb } from './db';
import { createHandlers } from './handlers';
import { notFoundFallback } from './respond';

export const MOCK_BASE = 'http://mock.test';

/** Every path under `base` is answered: unknown ones with the server's 404, so nothing leaks to the network. */
export function mockServer(base = MOCK_BASE, store: MockDb = db) {
  return setupServer(...createHandlers(base, store), notFoundFallback(base));
}

export { db, MockDb } from './db';
