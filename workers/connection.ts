// The worker's socket.io connection (spec §7/§8): 30 s call timeout, session from the stored token, one
// re-authentication + retry on NotAuthenticated, sign-out (settings.auth cleared → the page redirects once to
// /login) when that fails, and a full reload of data after a reconnect (the new socket has no auth or channels).
import { CALL_TIMEOUT_MS, createClient, type PortalClient } from '../src/bridge/client';
import { ApiError, isNotAuthenticated, toApiError } from '../src/bridge/errors';
import { dexieAuthStorage, getAuth, setAuth } from '../src/db/authStorage';
import type { PortalDb } from '../src/db/schema';
import { SETTING, setSetting } from '../src/db/settings';
import type { User } from '../src/domain/contract';
import { coded, ERRORS, errorCodeOf } from '../src/domain/errors';
import type {
  Create,
  CreateData,
  CreateResult,
  Find,
  FindQuery,
  FindResult,
  Patch,
  PatchData,
  PatchResult,
  PathWith,
  Query,
  Remove,
  RemoveResult,
  ServicePath,
} from '../src/domain/services';
import type { ConnectionState } from './api';

export interface ConnectionOptions {
  db: PortalDb;
  origin: string;
  timeoutMs?: number;
  /** Tests: socket options such as `reconnection: false`. */
  socket?: Parameters<typeof createClient>[1]['socket'];
}

export interface AuthResult {
  accessToken: string;
  user: User;
}

type Listener = () => void | Promise<void>;

/** Reject after `ms` with a 408 (the socket's own ack timeout covers calls; this covers auth promises too). */
export function withTimeout<T>(p: Promise<T>, ms: number, message = ERRORS.requestTimeout): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ApiError(
              message,
              408,
              'Timeout',
              message === ERRORS.requestTimeout ? coded('requestTimeout') : undefined,
            ),
          ),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** English source text (translated by the page, src/i18n/messages.ts); same as workers/account.ts. */
const OFFLINE = ERRORS.offline;
const offline = () => new ApiError(OFFLINE, 0, 'Offline', coded('offline'));

/** Fire and forget from an event handler: failures are logged, never unhandled. */
function quiet(p: Promise<unknown>): void {
  p.catch((e) => {
    if ((e as { name?: string })?.name !== 'DatabaseClosedError') console.warn('[connection]', e);
  });
}

/**
 * The service at `path` through the signature of the method about to be called. TypeScript cannot resolve
 * `ServiceTypes[L]` for a generic path, so the map's entry is named here once: the callers' types come from it.
 */
function serviceAt<S>(app: PortalClient, path: ServicePath): S {
  return app.service(path) as unknown as S;
}

export class Connection {
  readonly db: PortalDb;
  readonly origin: string;
  readonly timeoutMs: number;
  /** Made with the connection; its socket connects on open(). (Tests replace it with a fake.) */
  app: PortalClient;
  /** unix ms of the last event or answer from the server (written by the 1 s tick, not per message). */
  lastMessageAt = 0;
  private readyListeners: Listener[] = [];
  private signedOutListeners: Listener[] = [];
  private reauthing: Promise<boolean> | null = null;
  private state: ConnectionState = { online: false, auth: 'unauthenticated' };
  /**
   * The socket is known to be down (a connect attempt failed, or it disconnected) until it connects again:
   * calls then fail at once as offline instead of waiting in socket.io's buffer for the 30 s timeout, so
   * offline reads fall back to Dexie without delay.
   */
  private down = false;

  constructor(opts: ConnectionOptions) {
    this.db = opts.db;
    this.origin = opts.origin;
    this.timeoutMs = opts.timeoutMs ?? CALL_TIMEOUT_MS;
    this.app = createClient(this.origin, {
      storage: dexieAuthStorage(this.db),
      timeoutMs: this.timeoutMs,
      socket: { autoConnect: false, ...opts.socket },
    });
  }

  /** Hook the socket's life cycle and connect. Does not wait for the server (offline start must be instant). */
  open(): void {
    const socket = this.app.io;
    socket.on('connect', () => {
      this.down = false;
      this.lastMessageAt = Date.now();
      quiet(this.setState({ online: true }));
    });
    socket.on('disconnect', () => {
      this.down = true;
      quiet(this.setState({ online: false }));
    });
    socket.on('connect_error', (e: Error) => {
      this.down = true;
      quiet(this.setState({ online: false, lastError: e.message }));
    });
    socket.onAny(() => {
      this.lastMessageAt = Date.now();
    });
    // Spec §4: on a socket reconnect, authentication is reset and data is reloaded.
    socket.io.on('reconnect', () => {
      // The transport is open again; the socket's own 'connect' follows: calls wait for it from now on.
      this.down = false;
      quiet(this.app.authentication.reset().then(() => this.resume()));
    });
    socket.connect();
  }

  close(): void {
    this.app?.io?.removeAllListeners();
    this.app?.io?.io?.removeAllListeners?.();
    this.app?.io?.disconnect();
  }

  get connected(): boolean {
    return !!this.app?.io?.connected;
  }

  /**
   * Before a call: go on when the socket is connected; while the first attempt to connect is still under way,
   * wait for its outcome; when the socket is known to be down, reject at once (code 0, transient).
   */
  whenConnected(): Promise<void> {
    const socket = this.app?.io;
    if (!socket || socket.connected) return Promise.resolve();
    if (this.down) return Promise.reject(offline());
    return withTimeout(
      new Promise<void>((resolve, reject) => {
        const done = (ok: boolean) => () => {
          socket.off('connect', onConnect);
          socket.off('connect_error', onError);
          if (ok) resolve();
          else reject(offline());
        };
        const onConnect = done(true);
        const onError = done(false);
        socket.on('connect', onConnect);
        socket.on('connect_error', onError);
      }),
      this.timeoutMs,
    );
  }

  onReady(fn: Listener): void {
    this.readyListeners.push(fn);
  }

  onSignedOut(fn: Listener): void {
    this.signedOutListeners.push(fn);
  }

  async setState(patch: Partial<ConnectionState>): Promise<void> {
    this.state = { ...this.state, ...patch };
    // The whole merged state, not the patch: concurrent read-modify-write patches (socket connect racing a
    // login) would lose one of them. IndexedDB applies these writes in the order they were made.
    await setSetting(this.db, SETTING.connection, this.state);
  }

  getState(): ConnectionState {
    return this.state;
  }

  private async emit(list: Listener[]): Promise<void> {
    for (const fn of list) {
      try {
        await fn();
      } catch (e) {
        console.warn('[connection] listener failed', e);
      }
    }
  }

  private async authenticated(result: AuthResult): Promise<void> {
    await setAuth(this.db, { accessToken: result.accessToken, user: result.user });
    await this.setState({ auth: 'authenticated', lastError: undefined });
  }

  /** The stored token was rejected: forget it; the page sees useAuth() === null and redirects to /login. */
  private async signOut(reason: string): Promise<void> {
    await this.app.authentication.reset();
    await setAuth(this.db, undefined);
    await this.setState({ auth: 'unauthenticated', lastError: reason });
    await this.emit(this.signedOutListeners);
  }

  /**
   * Authenticate the socket with the stored token; true when signed in. Offline or timed out keeps the
   * stored session (the app works from Dexie) and tries again on reconnect.
   */
  async reauthenticate(): Promise<boolean> {
    this.reauthing ??= (async () => {
      if (!(await getAuth(this.db))?.accessToken) {
        await this.setState({ auth: 'unauthenticated' });
        return false;
      }
      await this.setState({ auth: 'authenticating' });
      try {
        await this.whenConnected();
        const result = (await withTimeout(this.app.reAuthenticate(true), this.timeoutMs)) as AuthResult;
        await this.authenticated(result);
        return true;
      } catch (e) {
        const err = toApiError(e);
        if (isNotAuthenticated(err)) await this.signOut(err.message);
        else {
          // A timed-out authentication (authTimeout) or any other failure resets the auth state so it can be retried.
          await this.app.authentication.reset();
          await this.setState({ lastError: err.message });
        }
        return false;
      }
    })().finally(() => {
      this.reauthing = null;
    });
    return this.reauthing;
  }

  /** Authenticate with the stored token, then (re)load data through the ready listeners. */
  async resume(): Promise<boolean> {
    const ok = await this.reauthenticate();
    if (ok) await this.emit(this.readyListeners);
    return ok;
  }

  async login(email: string, password: string): Promise<AuthResult> {
    await this.setState({ auth: 'authenticating' });
    try {
      await this.whenConnected();
      const result = (await withTimeout(
        this.app.authenticate({ strategy: 'local', email, password }),
        this.timeoutMs,
      )) as AuthResult;
      await this.authenticated(result);
      quiet(this.emit(this.readyListeners));
      return result;
    } catch (e) {
      const err = toApiError(e);
      await this.app.authentication.reset();
      await this.setState({ auth: 'unauthenticated', lastError: err.message });
      throw err;
    }
  }

  /** Sign the socket in with a new token the server handed out (after a password change), and keep it. */
  async adoptToken(accessToken: string): Promise<void> {
    const result = (await withTimeout(
      this.app.authenticate({ strategy: 'jwt', accessToken }),
      this.timeoutMs,
    )) as AuthResult;
    await this.authenticated(result);
  }

  async logout(): Promise<void> {
    // A sign-in with the stored token still under way (a tab that just started the worker, then signed out at
    // once) would store the token again after it was dropped, and the other tabs stayed signed in.
    await this.reauthing?.catch(() => false);
    try {
      // Short: signing out must not hang offline; the token is dropped locally either way.
      await withTimeout(this.app.logout(), Math.min(this.timeoutMs, 5000));
    } catch {
      // Spec §8: a logout failure triggers a reconnect and clears the user and token anyway.
      this.app.io.disconnect().connect();
    }
    await this.app.authentication.reset();
    await setAuth(this.db, undefined);
    await this.setState({ auth: 'loggedOut', lastError: undefined });
  }

  /**
   * One service call with the 30 s timeout. On NotAuthenticated: re-authenticate with the stored token and
   * retry once; if that fails the session is cleared (signOut) and the original error is thrown.
   */
  async call<T>(fn: (app: PortalClient) => Promise<T>): Promise<T> {
    await this.whenConnected();
    // A sign-in with the stored token under way (a worker just started, a new leader tab taking over): sent
    // before it, a call goes as an anonymous visitor's, and a service that serves visitors too answers as to one
    // (a private station looked up by its ID: 'Device not found') instead of refusing.
    await this.reauthing?.catch(() => false);
    try {
      return await withTimeout(fn(this.app), this.timeoutMs);
    } catch (e) {
      const err = toApiError(e);
      if (errorCodeOf(err) === 'authTimeout') {
        await this.app.authentication.reset();
        throw err;
      }
      if (!isNotAuthenticated(err) || !(await this.reauthenticate())) throw err;
      try {
        return await withTimeout(fn(this.app), this.timeoutMs);
      } catch (e2) {
        throw toApiError(e2);
      }
    }
  }

  // Typed by path from src/domain/services.ts: `find('weatherDevices', {wsid})` answers Device[].
  find<L extends PathWith<'find'>>(path: L, query: FindQuery<L>): Promise<FindResult<L>> {
    return this.call((app) => {
      const service = serviceAt<Find<FindResult<L>, FindQuery<L>>>(app, path);
      return service.find({ query });
    });
  }

  create<L extends PathWith<'create'>>(
    path: L,
    data: CreateData<L>,
    query?: Query,
  ): Promise<CreateResult<L>> {
    return this.call((app) => {
      const service = serviceAt<Create<CreateData<L>, CreateResult<L>>>(app, path);
      return service.create(data, { query });
    });
  }

  patch<L extends PathWith<'patch'>>(path: L, id: string, data: PatchData<L>): Promise<PatchResult<L>> {
    return this.call((app) => {
      const service = serviceAt<Patch<PatchData<L>, PatchResult<L>>>(app, path);
      return service.patch(id, data);
    });
  }

  remove<L extends PathWith<'remove'>>(path: L, id: string): Promise<RemoveResult<L>> {
    return this.call((app) => {
      const service = serviceAt<Remove<RemoveResult<L>>>(app, path);
      return service.remove(id);
    });
  }
}

/**
 * Whether the server can be asked now: waits for a socket still connecting (a page opened right after a reload,
 * when the stored link state still reads online from the last page), false when it is known to be down.
 */
export const reachable = (conn: Connection): Promise<boolean> =>
  conn.whenConnected().then(
    () => true,
    () => false,
  );
