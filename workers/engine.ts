// The data worker's implementation of DataWorkerApi, free of comlink so tests drive it directly in Node.
// data.worker.ts exposes one instance. It owns the connection while a page is open and writes Dexie; the page
// only reads Dexie (src/db/hooks.ts) and calls these methods.
import { type Device, SERVICES, type User } from '../src/api/contract';
import { ApiError } from '../src/api/errors';
import { applyDevice } from '../src/db/apply';
import { getAuth, setAuth } from '../src/db/authStorage';
import { clearDevice, clearUserData } from '../src/db/clear';
import { relationOf } from '../src/db/devices';
import { db as defaultDb, type PortalDb } from '../src/db/schema';
import { getSetting, setSetting } from '../src/db/settings';
import type { BucketRange } from '../src/domain';
import * as account from './account';
import {
  type AccountInfo,
  type DataWorkerApi,
  type ExportRequest,
  type NewDeviceInput,
  SETTING,
  type SeriesData,
  type SignupInput,
  type WeatherServerView,
  type WorkerBench,
} from './api';
import { workerBench } from './bench';
import { Connection, type ConnectionOptions } from './connection';
import { Forecasts } from './forecast';
import { History } from './history';
import { Live } from './live';
import { OutboxRunner } from './outbox';
import { Series } from './series';
import { Sync } from './sync';
import { asList, eachLimit } from './util';

export interface EngineOptions {
  db?: PortalDb;
  socket?: ConnectionOptions['socket'];
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Tests: no 1 s tick / hourly timer. */
  timers?: boolean;
}

export class DataEngine implements DataWorkerApi {
  readonly db: PortalDb;
  conn!: Connection;
  sync!: Sync;
  live!: Live;
  history!: History;
  series!: Series;
  outbox!: OutboxRunner;
  forecasts!: Forecasts;
  private started: Promise<void> | null = null;

  constructor(private opts: EngineOptions = {}) {
    this.db = opts.db ?? defaultDb;
  }

  start(origin: string): Promise<void> {
    this.started ??= this.boot(origin);
    return this.started;
  }

  private async boot(origin: string): Promise<void> {
    const { db } = this;
    this.conn = new Connection({ db, origin, socket: this.opts.socket, timeoutMs: this.opts.timeoutMs });
    this.conn.open();
    this.sync = new Sync(db, this.conn);
    this.live = new Live(db, this.conn, this.sync);
    this.history = new History(db, this.conn);
    this.series = new Series(db, this.conn, this.history);
    this.outbox = new OutboxRunner(db, this.conn, this.sync, this.opts.fetch);
    this.forecasts = new Forecasts(db, this.conn, () => this.live.selectedDevice);
    this.live.attach();
    this.conn.app
      .service(SERVICES.forecastEvents)
      .on('created', (e: { device?: string }) => void this.forecasts.onEvent(e).catch(() => undefined));

    // After every (re)authentication: a different user's leftovers go, then data, watches, queued edits.
    this.conn.onReady(async () => {
      const auth = await getAuth(db);
      const last = await getSetting<string>(db, 'lastUserId');
      if (auth?.user && last && last !== auth.user._id) await clearUserData(db, { keepAuth: true });
      if (auth?.user) await setSetting(db, 'lastUserId', auth.user._id);
      // Watch before reloading (on a reconnect the devices are known): an upload from now on arrives live, an
      // earlier one is in the reloaded last data. The other order loses uploads that fall in between.
      const known = (await db.devices.count()) > 0;
      if (known) await this.live.restore();
      const devices = await this.sync.loadAll();
      if (known) await this.live.rewatch();
      else await this.live.restore();
      void this.outbox.flush().catch(() => undefined);
      // Rows missed while the socket was down: extend the held history to now (the selected device first).
      const selected = this.live.selectedDevice;
      const ids = devices.map((d) => d._id).filter((id) => id !== selected);
      void eachLimit(selected ? [selected, ...ids] : ids, 2, (id) =>
        this.history.catchUp(id).catch((e) => console.warn('[engine] history catch-up', id, e)),
      );
      if (selected) void this.forecasts.load(selected).catch(() => undefined);
    });
    this.conn.onSignedOut(() => this.outbox.stop());

    const auth = await getAuth(db);
    await this.conn.setState({
      online: this.conn.connected,
      auth: auth?.accessToken ? 'authenticating' : 'unauthenticated',
      devices: (await db.devices.count()) > 0 ? 'loaded' : undefined,
    });
    if (this.opts.timers !== false) {
      this.live.startTick();
      this.forecasts.schedule();
    }
    // Not awaited: an offline start must not wait for the server; the page shows Dexie meanwhile.
    if (auth?.accessToken) void this.conn.resume();
  }

  /** Stop timers and close the socket (tests; a worker is simply terminated). */
  stop(): void {
    this.live?.stopTick();
    this.forecasts?.stop();
    this.outbox?.stop();
    this.conn?.close();
  }

  private async ready(): Promise<void> {
    if (!this.started) throw new ApiError('Data worker not started', 500);
    await this.started;
  }

  async login(email: string, password: string): Promise<User> {
    await this.ready();
    const result = await this.conn.login(email, password);
    return result.user;
  }

  /** Creates the account, then signs in (best effort) so the app can send an unverified user to /signup/verify. */
  async signup(input: SignupInput): Promise<User> {
    await this.ready();
    const user = await this.conn.create<User>(SERVICES.users, input);
    try {
      return (await this.conn.login(input.email, input.password)).user;
    } catch {
      return user;
    }
  }

  async verify(email: string, code: string): Promise<{ verified: boolean }> {
    await this.ready();
    const answer = await this.conn.create<{ verified: boolean }>(SERVICES.verify, { email, code });
    const auth = await getAuth(this.db);
    if (answer?.verified && auth?.user && auth.user.email === email) {
      await setAuth(this.db, { ...auth, user: { ...auth.user, verified: true } });
      // The server refused data to the unverified account: load it now.
      void this.conn.resume().catch(() => undefined);
    }
    return { verified: !!answer?.verified };
  }

  async resendCode(email: string): Promise<void> {
    await this.ready();
    await this.conn.create(SERVICES.verify, { email, resend: true });
  }

  async logout(): Promise<void> {
    await this.ready();
    this.outbox.stop();
    await this.conn.logout();
    await clearUserData(this.db);
    await this.conn.setState({ devices: undefined, deviceTime: null, age: null });
  }

  async reload(): Promise<void> {
    await this.ready();
    await this.sync.loadAll();
    await this.live.restore();
  }

  async selectDevice(id: string | null, manage = false): Promise<void> {
    await this.ready();
    await this.live.select(id, manage);
    if (id) void this.forecasts.load(id).catch(() => undefined);
  }

  async addDevice(input: NewDeviceInput): Promise<Device> {
    await this.ready();
    const device = await this.conn.create<Device>(SERVICES.devices, input);
    await this.remember(device);
    void this.sync.loadLastData(device._id).catch(() => undefined);
    return device;
  }

  async removeDevice(id: string): Promise<void> {
    await this.ready();
    await this.conn.remove(SERVICES.devices, id);
    await this.forget(id);
  }

  async forgetDevice(id: string): Promise<void> {
    await this.ready();
    const device = await this.db.devices.get(id);
    const userId = (await getAuth(this.db))?.user?._id;
    if (device && relationOf(device, userId) !== 'public')
      throw new ApiError('Only public devices can be forgotten', 400, 'BadRequest');
    await this.forget(id);
  }

  async lookupStation(wsid: string): Promise<Device> {
    await this.ready();
    const list = asList(
      await this.conn.find<Device[]>(SERVICES.devices, { wsid: wsid.trim(), $limit: 1, $paginate: false }),
    );
    if (!list[0]) throw new ApiError('Device not found', 404, 'NotFound');
    await this.remember(list[0]);
    await Promise.all([
      this.sync.loadLastData(list[0]._id),
      this.sync.loadDisplaySettings(list[0]._id),
    ]).catch(() => undefined);
    return list[0];
  }

  ensureHistory(device: string, from: number, to: number): Promise<void> {
    return this.ready().then(() => this.history.ensure(device, from, to));
  }

  async loadSeries(
    device: string,
    keys: string[],
    from: number,
    to: number,
    bucket: BucketRange,
  ): Promise<SeriesData> {
    await this.ready();
    return this.series.load(device, keys, from, to, bucket);
  }

  async loadForecast(device: string): Promise<void> {
    await this.ready();
    await this.forecasts.load(device, true);
  }

  async flushOutbox(): Promise<number> {
    await this.ready();
    return this.outbox.flush();
  }

  async bench(device: string, keys: string[]): Promise<WorkerBench> {
    await this.ready();
    return workerBench(this.conn, device, keys, (await this.db.devices.get(device))?.timezone);
  }

  // ---- account and station actions (workers/account.ts) ----
  private async acct(): Promise<account.AccountDeps> {
    await this.ready();
    return { conn: this.conn, fetch: this.opts.fetch };
  }
  async changePassword(input: { oldPassword: string; password: string; confirmPassword: string }) {
    return account.changePassword(await this.acct(), input);
  }
  async requestReset(email: string) {
    return account.requestReset(await this.acct(), email);
  }
  async verifyResetCode(email: string, code: string) {
    return account.verifyResetCode(await this.acct(), email, code);
  }
  async resetPassword(email: string, code: string, password: string) {
    return account.resetPassword(await this.acct(), email, code, password);
  }
  async loadAccount(): Promise<AccountInfo | null> {
    return account.loadAccount(await this.acct());
  }
  async loadAvatar() {
    return account.loadAvatar(await this.acct());
  }
  async uploadAvatar(dataUrl: string) {
    return account.uploadAvatar(await this.acct(), dataUrl);
  }
  async removeAvatar() {
    return account.removeAvatar(await this.acct());
  }
  async deleteAccount(password: string) {
    await account.deleteAccount(await this.acct(), password);
    await this.logout();
  }
  async loadWeatherServer(device: string): Promise<WeatherServerView | null> {
    return account.loadWeatherServer(await this.acct(), device);
  }
  async regenerateStationKey(device: string) {
    return account.regenerateStationKey(await this.acct(), device);
  }
  async setMacIdentification(device: string, input: { mac: string | null; macAuth: boolean }) {
    return account.setMacIdentification(await this.acct(), device, input);
  }
  async exportData(
    id: string,
    req: ExportRequest,
    onProgress?: (received: number, total: number | null) => void,
  ) {
    return account.runExport(await this.acct(), id, req, onProgress);
  }
  async cancelExport(id: string) {
    account.cancelExport(id);
  }

  /** Keep a device in Dexie and the list order; a device the user neither owns nor shares becomes public. */
  private async remember(device: Device): Promise<void> {
    const userId = (await getAuth(this.db))?.user?._id;
    await applyDevice(this.db, device);
    const order = (await getSetting<string[]>(this.db, SETTING.deviceOrder)) ?? [];
    if (!order.includes(device._id)) await setSetting(this.db, SETTING.deviceOrder, [...order, device._id]);
    if (relationOf(device, userId) === 'public') {
      const ids = (await getSetting<string[]>(this.db, SETTING.publicDevices)) ?? [];
      if (!ids.includes(device._id)) await setSetting(this.db, SETTING.publicDevices, [...ids, device._id]);
    }
    await this.live.rewatch();
  }

  private async forget(id: string): Promise<void> {
    const ids = (await getSetting<string[]>(this.db, SETTING.publicDevices)) ?? [];
    await setSetting(
      this.db,
      SETTING.publicDevices,
      ids.filter((x) => x !== id),
    );
    const order = (await getSetting<string[]>(this.db, SETTING.deviceOrder)) ?? [];
    await setSetting(
      this.db,
      SETTING.deviceOrder,
      order.filter((x) => x !== id),
    );
    await clearDevice(this.db, id);
    // Spec §4: if the forgotten device was selected, the first device is selected.
    if (
      this.live.selectedDevice === id ||
      (await getSetting<string>(this.db, SETTING.lastViewDevice)) === id
    ) {
      const first = order.find((x) => x !== id) ?? null;
      await setSetting(this.db, SETTING.lastViewDevice, first ?? undefined);
      await this.live.select(first, false);
    } else await this.live.rewatch();
  }
}
