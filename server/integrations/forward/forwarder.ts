// The forwarder: each pass, the targets that are due (enabled, not paused, nextAttemptAt reached) get the newest
// stored sample of their station that is newer than the last one they were sent, in their network's format.
// Nothing is queued in memory: the samples table is the queue, so a restart or a crash loses nothing, and ingest
// never waits for a network. A passing failure is retried with backoff (30 s doubling, at most an hour); a
// network that keeps refusing the key (PAUSE_AFTER_REJECTIONS times in a row) pauses the target and the owner
// is mailed once. Only the process holding the cluster lock sends.
//
// Every request goes through server/net/guarded.ts (issue #20, SSRF): a custom server's address is resolved and
// checked at the connection (FORWARD_ALLOW_PRIVATE=on lets it be on a home network), redirects are not
// followed, and what is stored and shown is a reason code of ours (src/domain/errors.ts forward*), never the
// answer's body nor a system error: a custom target must not turn into a reader of internal pages or a port
// scanner. FORWARD_CUSTOM=off sends nothing to custom servers.
import type { UploadTarget } from '../../../src/domain/contract';
import { ERRORS, isErrorCode } from '../../../src/domain/errors';
import { NETWORKS, PAUSE_AFTER_REJECTIONS } from '../../../src/domain/networks';
import type { Sample } from '../../../src/domain/types';
import { MAIL_WORDS } from '../../../src/domain/words';
import type { ClusterLock } from '../../cluster/lock';
import type { Application } from '../../declarations';
import { translator } from '../../i18n/catalogs';
import { guardedAprs } from '../../net/aprs';
import { BlockedTarget, guardedRequest } from '../../net/guarded';
import { fromDb, present, TABLE, type TargetRow } from '../../services/upload-targets/target-record';
import { primaryRow } from '../../storage/buckets';
import type { IntegrationsConfig } from '../config';
import { type FixedNetwork, formatFor, type Verdict } from './formats';
import { registeredId, registerRequest } from './formats/openweathermap';

/** A sample older than this is not forwarded by the timer (networks show current conditions). */
const STALE_SECONDS = 3600;
const MAX_BACKOFF_MS = 3600_000;
const REQUEST_TIMEOUT_MS = 10_000;
const PARALLEL = 8;
const PER_PASS = 500;
/** Late readings sent per target and pass (catch-up.ts): a backlog goes out over a few passes, not in a burst. */
const CATCH_UP_PER_PASS = 12;

export interface SendResult {
  verdict: Verdict;
  target: UploadTarget;
  /** The class of the answer's HTTP status ('4xx'), null when nothing was answered. */
  statusClass: string | null;
}

/** Our reason for a network's verdict on an answer with `status` (its body is never shown). */
export function reasonOf(kind: Verdict['kind'], status: number): string {
  if (kind === 'ok') return 'ok';
  if (kind === 'rejected') return 'forwardRefusedKey';
  if (status === 429) return 'forwardBusy';
  if (status >= 500) return 'forwardServerError';
  if (status >= 300 && status < 400) return 'forwardRedirect';
  if (status >= 400) return 'forwardRefused';
  return 'forwardUnexpected';
}

export class Forwarder {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  /** Targets due with a sample waiting, as the last pass found them (the queue-depth gauge). */
  queueDepth = 0;

  constructor(
    private app: Application,
    private config: IntegrationsConfig,
    private lock: ClusterLock,
    private send: typeof guardedRequest = guardedRequest,
    private aprs: typeof guardedAprs = guardedAprs,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.pass(), this.config.forwardTickMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.lock.release();
  }

  /** One pass (never two at once). Resolves when it is done; errors are logged, never thrown. */
  pass(): Promise<void> {
    if (!this.running)
      this.running = this.run()
        .catch((error) => this.log('forwarding pass failed', error))
        .finally(() => {
          this.running = null;
        });
    return this.running;
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  private async run(): Promise<void> {
    const now = Date.now();
    const query = this.knex(TABLE)
      .where({ enabled: true })
      .whereNull('pausedAt')
      .where('nextAttemptAt', '<=', now)
      .orderBy('nextAttemptAt')
      .limit(PER_PASS);
    // FORWARD_CUSTOM=off: custom servers are not sent to (their targets stay, untouched).
    if (!this.config.forwardCustom) query.whereNot({ network: 'custom' });
    const rows = (await query).map(fromDb);
    // The lock is taken only when there is work: an idle server keeps no connection out of the pool.
    if (rows.length === 0 || !(await this.lock.acquire())) {
      this.queueDepth = 0;
      return;
    }
    const devices = [...new Set(rows.map((r) => r.device))];
    const latest = await this.app.ctx.samples.latest(devices);
    // A paid device type without its plan sends its readings nowhere (issue #14); its targets wait for one.
    const locked = new Set<string>();
    for (const id of devices) {
      const device = await this.app.ctx.devices.get(id);
      if (!device || !(await this.app.ctx.plans.allows(device))) locked.add(id);
    }
    // Late readings first, so a network receives them before the newest one of this pass.
    for (const row of rows.filter((r) => r.catchUpFrom !== null && !locked.has(r.device)))
      await this.catchUp(row).catch((e) => this.log('catching up failed', e));
    const due = rows.filter((r) => {
      const sample = latest.get(r.device);
      return (
        !locked.has(r.device) &&
        sample &&
        sample.time > (r.lastSampleTime ?? 0) &&
        sample.time > now / 1000 - STALE_SECONDS
      );
    });
    this.queueDepth = due.length;
    for (let i = 0; i < due.length; i += PARALLEL)
      await Promise.all(
        due
          .slice(i, i + PARALLEL)
          .map((row) =>
            this.deliver(row, latest.get(row.device)!).catch((e) => this.log('forwarding failed', e)),
          ),
      );
    this.queueDepth = 0;
  }

  /**
   * Sends a target's late readings (its 5-minute points from catchUpFrom up to the newest reading it sent) in order,
   * CATCH_UP_PER_PASS at most; a network that is busy or refuses keeps the rest for a later pass. The newest sent
   * time is not moved back, and the target's own schedule is not changed.
   */
  private async catchUp(row: TargetRow): Promise<void> {
    const from = row.catchUpFrom as number;
    const newest = row.lastSampleTime ?? 0;
    const until = newest - (newest % 300);
    const points =
      from < until ? await this.app.ctx.samples.buckets('buckets5m', row.device, from, until) : [];
    let next: number | null = null;
    for (const [i, point] of points.entries()) {
      if (i === CATCH_UP_PER_PASS) {
        next = point.time;
        break;
      }
      const { verdict } = await this.request(row, primaryRow(point.time, point.aggs));
      this.app.ctx.metrics?.forwarded(row.network, verdict.kind);
      // A refused key or a busy network: the rest waits (a reading the network will never take is skipped).
      if (verdict.kind === 'retry' || verdict.kind === 'rejected') {
        next = point.time;
        break;
      }
    }
    // Sent something: the next batch waits for the target's interval, as a live reading would.
    const schedule = points.length > 0 ? { nextAttemptAt: Date.now() + row.interval * 1000 } : {};
    await this.knex(TABLE)
      .where({ _id: row._id })
      .update({ catchUpFrom: next, ...schedule });
  }

  /** "Test now": sends the newest sample whatever the interval, pause or age, and records the result. */
  async sendNow(row: TargetRow): Promise<SendResult> {
    const sample = (await this.app.ctx.samples.latest([row.device])).get(row.device);
    if (!sample) {
      const verdict: Verdict = { kind: 'failed', message: 'forwardNoUpload' };
      return { verdict, target: present(row), statusClass: null };
    }
    return this.deliver(row, sample);
  }

  private async deliver(target: TargetRow, sample: Sample): Promise<SendResult> {
    const { verdict, status, stationId } = await this.request(target, sample);
    // A station registered on the way (OpenWeatherMap) has its ID from now on.
    const row = stationId ? { ...target, stationId } : target;
    const updated = await this.record(row, sample, verdict);
    this.app.ctx.metrics?.forwarded(row.network, verdict.kind);
    // A target removed meanwhile has nothing to tell anyone.
    if (updated) this.app.service('uploadTargets').emit('patched', present(updated));
    const statusClass = status ? `${Math.floor(status / 100)}xx` : null;
    return { verdict, target: present(updated ?? row), statusClass };
  }

  private async request(
    row: TargetRow,
    sample: Sample,
  ): Promise<{ verdict: Verdict; status: number; stationId?: string }> {
    const custom = row.network === 'custom';
    if (custom && !this.config.forwardCustom)
      return { verdict: { kind: 'failed', message: 'targetCustomOff' }, status: 0 };
    const format = formatFor(row.network, row.format);
    const device = await this.app.ctx.devices.get(row.device);
    const endpoint =
      row.network === 'custom' ? (row.url ?? '') : this.config.endpoints[row.network as FixedNetwork];
    // An APRS weather report is a position report: without the station's position there is nothing to send.
    if (row.network === 'cwop' && (device?.latitude == null || device?.longitude == null))
      return { verdict: { kind: 'failed', message: 'forwardNoPosition' }, status: 0 };
    // A CWOP target may name its own APRS-IS server: that address is the user's, like a custom server's.
    const usersAddress = custom || (row.network === 'cwop' && !!row.url);
    try {
      const rain24h =
        row.network === 'cwop' || row.network === 'openweathermap'
          ? await this.rain24h(row.device, device?.timezone ?? 'UTC', sample)
          : null;
      const station = { latitude: device?.latitude ?? null, longitude: device?.longitude ?? null, rain24h };
      // The networks' endpoints are the operator's (FORWARD_URL_*, may be local); a custom server is the user's.
      const guard = { allowPrivate: !usersAddress || this.config.forwardAllowPrivate };
      let stationId: string | undefined;
      if (row.network === 'openweathermap' && !row.stationId) {
        const reg = registerRequest(
          { stationId: '', key: row.key, url: null },
          {
            ...station,
            id: row.device,
            name: device?.name ?? row.device,
            elevation: device?.elevation ?? null,
          },
          endpoint,
        );
        const res = await this.send(
          reg.url,
          { method: reg.method, headers: reg.headers, body: reg.body, timeoutMs: REQUEST_TIMEOUT_MS },
          guard,
        );
        stationId = registeredId(res.status, res.body) ?? undefined;
        if (!stationId) {
          const { kind } = format.judge(res.status, res.body);
          if (kind === 'ok')
            return { verdict: { kind: 'failed', message: 'forwardUnexpected' }, status: res.status };
          return { verdict: { kind, message: reasonOf(kind, res.status) }, status: res.status };
        }
        await this.knex(TABLE).where({ _id: row._id }).update({ stationId, updatedAt: Date.now() });
      }
      const req = format.build(
        { stationId: stationId ?? row.stationId, key: row.key, url: row.url },
        sample,
        station,
        endpoint,
      );
      const res =
        req.method === 'APRS'
          ? await this.aprs(req.url, req.lines, { timeoutMs: REQUEST_TIMEOUT_MS }, guard)
          : await this.send(
              req.url,
              { method: req.method, headers: req.headers, body: req.body, timeoutMs: REQUEST_TIMEOUT_MS },
              guard,
            );
      const { kind } = format.judge(res.status, res.body);
      return { verdict: { kind, message: reasonOf(kind, res.status) }, status: res.status, stationId };
    } catch (error) {
      if (error instanceof BlockedTarget)
        return { verdict: { kind: 'failed', message: 'targetAddress' }, status: 0 };
      const name = (error as Error).name;
      const timeout = name === 'TimeoutError' || name === 'AbortError';
      return {
        verdict: { kind: 'retry', message: timeout ? 'forwardTimeout' : 'forwardUnreachable' },
        status: 0,
      };
    }
  }

  /** Rain of the 24 hours up to `sample` (mm) from the stored totals since the device's midnight: every rise
   *  counts, and on a new local day (or a console's own reset) the new total counts from zero. Null when the
   *  station reports no daily rain. */
  private async rain24h(device: string, timezone: string, sample: Sample): Promise<number | null> {
    const rows = await this.app.ctx.samples.samples(device, sample.time - 86400 + 1, sample.time);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, dateStyle: 'short' });
    let total = 0;
    let previous: { value: number; day: string } | undefined;
    for (const row of [...rows, sample]) {
      const v = row.dailyrain;
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      const today = day.format(row.time * 1000);
      if (previous) total += today !== previous.day || v < previous.value ? v : v - previous.value;
      previous = { value: v, day: today };
    }
    if (!previous) return null;
    // The window's first total is rain since that day's midnight, of which only a part may fall in the window:
    // what is known is at least the rain since this midnight.
    return Math.max(total, previous.value);
  }

  /** Stores the attempt's outcome and schedules the next one; pauses and alerts on repeated key refusals. */
  private async record(row: TargetRow, sample: Sample, verdict: Verdict): Promise<TargetRow | null> {
    const now = Date.now();
    // Whatever a network answered, the key never ends up in what is stored, shown or mailed.
    const message = scrub(verdict.message, row.key).slice(0, 200);
    const next: TargetRow = {
      ...row,
      lastUploadAt: now,
      lastResult: message,
      lastOk: verdict.kind === 'ok',
      updatedAt: now,
    };
    const interval = row.interval * 1000;
    if (verdict.kind === 'ok') {
      Object.assign(next, {
        failures: 0,
        rejections: 0,
        lastSampleTime: sample.time,
        nextAttemptAt: now + interval,
        pausedAt: null,
        alertedAt: null,
      });
    } else {
      next.failures = row.failures + 1;
      const backoff = Math.min(
        this.config.forwardRetryMs * 2 ** Math.min(next.failures - 1, 20),
        MAX_BACKOFF_MS,
      );
      if (verdict.kind === 'failed')
        Object.assign(next, { rejections: 0, lastSampleTime: sample.time, nextAttemptAt: now + interval });
      else if (verdict.kind === 'retry') next.nextAttemptAt = now + backoff;
      else {
        next.rejections = row.rejections + 1;
        next.nextAttemptAt = now + Math.max(backoff, interval);
        if (next.rejections >= PAUSE_AFTER_REJECTIONS && row.pausedAt === null) next.pausedAt = now;
      }
    }
    const alert = next.pausedAt !== null && next.alertedAt === null;
    if (alert) next.alertedAt = now;
    const changed = await this.knex(TABLE).where({ _id: row._id }).update({
      lastUploadAt: next.lastUploadAt,
      lastResult: next.lastResult,
      lastOk: next.lastOk,
      lastSampleTime: next.lastSampleTime,
      failures: next.failures,
      rejections: next.rejections,
      nextAttemptAt: next.nextAttemptAt,
      pausedAt: next.pausedAt,
      alertedAt: next.alertedAt,
      updatedAt: now,
    });
    if (changed === 0) return null;
    if (alert) void this.alertOwner(next).catch((e) => this.log('pause alert not mailed', e));
    return next;
  }

  private async alertOwner(row: TargetRow): Promise<void> {
    const device = await this.app.ctx.devices.get(row.device);
    if (!device) return;
    const user = await this.knex('users').where({ _id: device.user }).first('email', 'locale');
    if (!user?.email) return;
    const t = translator(user.locale);
    const network = NETWORKS[row.network].name;
    // A reason code of ours in the owner's language (catalogs hold the app's messages by their English text).
    const last = isErrorCode(row.lastResult)
      ? t({ id: ERRORS[row.lastResult], message: ERRORS[row.lastResult] })
      : row.lastResult;
    const where = this.app.ctx.config.publicUrl ? ` (${this.app.ctx.config.publicUrl}/server)` : '';
    const values = {
      network,
      station: device.name,
      count: PAUSE_AFTER_REJECTIONS,
      answer: last,
      where,
    };
    await this.app.ctx.mailer.send({
      to: user.email,
      subject: t(MAIL_WORDS.pausedSubject, values),
      text: `${t(MAIL_WORDS.pausedBody, values)}\n`,
    });
  }

  private log(message: string, error: unknown): void {
    this.app.ctx.log.error(message, error);
  }
}

/** The text with every occurrence of the key hidden. */
export function scrub(text: string, key: string): string {
  return key.length >= 3 ? text.split(key).join('••••') : text;
}
