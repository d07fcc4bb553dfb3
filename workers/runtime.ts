// The parts of a started data engine, made together once the origin is known (DataEngine.start): the
// connection, the sync/live/history/series/outbox/forecast features and the wiring of their events. Handlers
// (features/*.ts) receive it whole; nothing in it is filled in later.

import { getAuth } from '../src/db/authStorage';
import type { PortalDb } from '../src/db/schema';
import { SERVICES } from '../src/domain/contract';
import { Connection, type ConnectionOptions } from './connection';
import { onAnonymousConnect } from './features/devices';
import { onSignedIn } from './features/session';
import { Forecasts } from './forecast';
import { History } from './history';
import { Live } from './live';
import { OutboxRunner } from './outbox';
import { Series } from './series';
import { Sync } from './sync';
import { logFailure } from './util';

export interface RuntimeOptions {
  socket?: ConnectionOptions['socket'];
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Tests: no 1 s tick / hourly timer. */
  timers?: boolean;
}

export interface Runtime {
  readonly db: PortalDb;
  readonly conn: Connection;
  readonly sync: Sync;
  readonly live: Live;
  readonly history: History;
  readonly series: Series;
  readonly outbox: OutboxRunner;
  readonly forecasts: Forecasts;
  /** REST calls (outbox, account actions); the global fetch unless a test passes one. */
  readonly fetch?: typeof fetch;
}

/** Build and wire the runtime; the socket starts connecting at once (nothing here waits for the server). */
export function createRuntime(db: PortalDb, origin: string, opts: RuntimeOptions): Runtime {
  const conn = new Connection({ db, origin, socket: opts.socket, timeoutMs: opts.timeoutMs });
  conn.open();
  const sync = new Sync(db, conn);
  const live = new Live(db, conn, sync);
  const history = new History(db, conn);
  const rt: Runtime = {
    db,
    conn,
    sync,
    live,
    history,
    series: new Series(db, conn, history),
    outbox: new OutboxRunner(db, conn, sync, opts.fetch, history),
    forecasts: new Forecasts(db, conn, () => live.selectedDevice),
    fetch: opts.fetch,
  };
  live.attach();
  // Connection and service events → the feature that handles them.
  conn.app
    .service(SERVICES.forecastEvents)
    .on('created', (e: { device?: string }) =>
      rt.forecasts.onEvent(e).catch(logFailure('storing a forecast event of', e?.device)),
    );
  conn.onReady(() => onSignedIn(rt));
  // Without a stored session nothing signs in, so onReady never runs: an anonymous visitor's socket (public
  // station page) watches its station again and refreshes its last data on every (re)connect.
  conn.app.io.on('connect', () =>
    onAnonymousConnect(rt).catch(logFailure('watching the public station anonymously')),
  );
  conn.onSignedOut(() => rt.outbox.stop());
  return rt;
}

/** Publish the first connection state from Dexie, start the timers and, with a stored session, sign in. */
export async function bootRuntime(rt: Runtime, opts: RuntimeOptions): Promise<void> {
  const auth = await getAuth(rt.db);
  const devices = (await rt.db.devices.count()) > 0 ? 'loaded' : undefined;
  // `connected` is read after the last await: read before it, a socket that connected meanwhile (its handler
  // set online) was written back as offline, and the top bar said "Connecting…" until the next reconnect.
  await rt.conn.setState({
    online: rt.conn.connected,
    auth: auth?.accessToken ? 'authenticating' : 'unauthenticated',
    devices,
  });
  if (opts.timers !== false) {
    rt.live.startTick();
    rt.forecasts.schedule();
  }
  // Not awaited: an offline start must not wait for the server; the page shows Dexie meanwhile. resume()
  // handles its own failures (offline keeps the session); anything else is logged.
  if (auth?.accessToken) rt.conn.resume().catch(logFailure('resuming the stored session'));
}

/** Stop timers and close the socket (tests; a worker is simply terminated). */
export function stopRuntime(rt: Runtime): void {
  rt.live.stopTick();
  rt.forecasts.stop();
  rt.outbox.stop();
  rt.conn.close();
}
