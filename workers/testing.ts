// Test helpers for the worker modules: a throwaway Dexie database and a fake Connection that answers finds
// from a table of handlers (no socket).
import 'fake-indexeddb/auto';
import { ApiError } from '../src/bridge/errors';
import { PortalDb } from '../src/db/schema';
import { coded, ERRORS } from '../src/domain/errors';
import type { Connection } from './connection';

export function tempDb(): PortalDb {
  return new PortalDb(`test-${Math.random().toString(36).slice(2)}`);
}

export type Handler = (query: Record<string, unknown>) => unknown;

export interface FakeConnection {
  conn: Connection;
  calls: { path: string; method: string; query?: Record<string, unknown>; data?: unknown }[];
}

export function fakeConnection(
  handlers: Record<string, Handler>,
  state: Record<string, unknown> = {},
): FakeConnection {
  const calls: FakeConnection['calls'] = [];
  const answer = async (path: string, method: string, query?: Record<string, unknown>, data?: unknown) => {
    // As Connection.call: every service call first waits for the socket (or fails at once when it is down).
    await conn.whenConnected();
    calls.push({ path, method, query, data });
    const h = handlers[`${method} ${path}`] ?? handlers[path];
    if (!h) throw Object.assign(new Error(`no fake for ${method} ${path}`), { code: 404 });
    return h(query ?? (data as Record<string, unknown>) ?? {});
  };
  const conn = {
    origin: 'http://test',
    connected: true,
    lastMessageAt: 0,
    getState: () => ({ online: true, auth: 'authenticated', ...state }),
    setState: async () => undefined,
    find: (path: string, query: Record<string, unknown>) => answer(path, 'find', query),
    create: (path: string, data: unknown) => answer(path, 'create', undefined, data),
    patch: (path: string, _id: string, data: unknown) => answer(path, 'patch', undefined, data),
    remove: (path: string, id: string) => answer(path, 'remove', { id }),
    reauthenticate: async () => true,
    // A test sets `connected` false for "offline": the real connection, its socket known to be down, then
    // rejects at once with the offline error.
    whenConnected: () =>
      conn.connected
        ? Promise.resolve()
        : Promise.reject(new ApiError(ERRORS.offline, 0, 'Offline', coded('offline'))),
  } as unknown as Connection;
  return { conn, calls };
}
