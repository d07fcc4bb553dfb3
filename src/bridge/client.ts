// Feathers client factory for the data worker: socket.io transport (30 s call timeout) + authentication client
// whose token lives in Dexie `settings.auth` (workers have no localStorage; never pass `storage: undefined`).
import authentication, { type Storage } from '@feathersjs/authentication-client';
import { type Application, feathers } from '@feathersjs/feathers';
import socketio from '@feathersjs/socketio-client';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import type { ServiceTypes } from '../domain/services';

export const CALL_TIMEOUT_MS = 30_000;

export interface ClientOptions {
  /** Token store; the worker passes `dexieAuthStorage(db)`. */
  storage: Storage;
  timeoutMs?: number;
  /** Extra socket.io options (tests pass `reconnection: false`, …). */
  socket?: Partial<ManagerOptions & SocketOptions>;
}

/** Typed from the same service map as the server (src/domain/services.ts). */
export type PortalClient = Application<ServiceTypes>;

export function createClient(origin: string, opts: ClientOptions): PortalClient {
  const timeout = opts.timeoutMs ?? CALL_TIMEOUT_MS;
  const socket = io(origin, {
    path: '/socket.io',
    // Workers have no XMLHttpRequest; websocket is also what every target browser speaks.
    transports: ['websocket'],
    // The Feathers socket client reads `ackTimeout` and rejects a call that has no answer in time.
    ackTimeout: timeout,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 15_000,
    ...opts.socket,
  });
  const app = feathers<ServiceTypes>();
  app.configure(socketio(socket, { timeout }));
  app.configure(authentication({ storage: opts.storage, storageKey: 'accessToken' }));
  return app;
}
