// The alerts engine (spec §9): every stored upload is checked against the alert rules of each user of the
// station (owner and shared users, one settings record each); a timer sweeps for stations that stopped
// uploading. An alert is raised once (stored, `alerts created` to the user, e-mail and/or push) and cleared
// with hysteresis: the value must come back past the threshold by a margin on two uploads in a row, so a
// value hovering at the threshold does not storm. Work per station is serialised (uploads of one station
// are evaluated in order); a sample older than the newest one evaluated is ignored.

import type { Sample } from '../../src/domain/types';
import { ALERT_WORDS } from '../../src/domain/words';
import type { Application } from '../declarations';
import { translator } from '../i18n/catalogs';
import { userLocale } from '../i18n/locale';
import {
  alertText,
  formatTime,
  formatValue,
  itemLabel,
  type Speaker,
  sensorLabel,
} from '../notify/alert-message';
import { Notifier } from '../notify/notifier';
import { publicOrigin } from '../notify/public-origin';
import type { DeviceRow } from '../services/devices/device-record';
import { isUniqueViolation } from '../storage/db';
import { objectId } from '../storage/ids';
import {
  type AlertRule,
  BARO_DROP,
  BARO_WINDOW,
  type CompiledRule,
  compile,
  LOST_DATA,
  LOST_DATA_AFTER,
  LOST_LINK,
  LOST_LINK_AFTER,
  meets,
  recovered,
} from './rules';

export type AlertStatus = 'active' | 'hidden' | 'cleared';

/** A stored alert as clients see it (src/db/schema.ts AlertRow plus details). */
export interface AlertRecord {
  _id: string;
  device: string;
  user: string;
  item: string;
  sensor?: string | null;
  status: AlertStatus;
  lastTrigger: number;
  /** The value that triggered, in the rule's unit (`unit`). */
  value: number | null;
  unit?: string | null;
  message: string;
}

interface Entry {
  user: string;
  disableAll: boolean;
  rules: CompiledRule[];
}

interface Held extends AlertRecord {
  rule: string;
  /** Consecutive uploads that met the clearing condition. */
  streak: number;
}

type Values = Record<string, number | null>;

/** How long alert settings are trusted from memory (other processes may change them). */
const SETTINGS_TTL = 60_000;
const CLEAR_AFTER = 2;
/** How far back a quiet sensor is looked for: the link rule's 30 minutes and as much again. */
const LINK_HISTORY = 2 * LOST_LINK_AFTER;
/** How long raised alerts are trusted from memory (other processes may raise or clear them). */
const HELD_TTL = 60_000;
const SWEEP_EVERY = 60_000;

export function fromDbAlert(row: Record<string, unknown>): AlertRecord {
  return {
    _id: row._id as string,
    device: row.device as string,
    user: row.user as string,
    item: row.item as string,
    sensor: (row.sensor as string | null) ?? null,
    status: row.status as AlertStatus,
    lastTrigger: Number(row.lastTrigger),
    value: row.value === null || row.value === undefined ? null : Number(row.value),
    unit: (row.unit as string | null) ?? null,
    message: row.message as string,
  };
}

export function present(a: AlertRecord): AlertRecord {
  return {
    _id: a._id,
    device: a.device,
    user: a.user,
    item: a.item,
    sensor: a.sensor ?? null,
    status: a.status,
    lastTrigger: a.lastTrigger,
    value: a.value,
    unit: a.unit ?? null,
    message: a.message,
  };
}

export class AlertEngine {
  /** Unix seconds; tests replace it to drive the lost-data sweep. */
  now: () => number = () => Math.floor(Date.now() / 1000);
  readonly notifier: Notifier;
  private settingsCache = new Map<string, { at: number; entries: Entry[] }>();
  private held = new Map<string, Map<string, Held>>();
  private heldAt = new Map<string, number>();
  private lastTime = new Map<string, number>();
  /** Server time of each station's last upload (unix s). */
  private received = new Map<string, number>();
  private chains = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private app: Application) {
    this.notifier = new Notifier(app);
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Resolves when every queued evaluation and delivery has finished. */
  async idle(): Promise<void> {
    for (let i = 0; i < 5; i++) {
      await Promise.all([...this.chains.values()]);
      await this.notifier.idle();
    }
  }

  /** Alert settings of a device changed: reload them on the next upload. */
  invalidate(deviceId: string): void {
    this.settingsCache.delete(deviceId);
  }

  /**
   * A user's alert settings of a device changed: reload them, and clear raised alerts whose rule is gone or
   * whose station is now silenced (disableAll), so nothing stays listed that can no longer clear itself.
   */
  async settingsChanged(deviceId: string): Promise<void> {
    this.invalidate(deviceId);
    const device = await this.app.ctx.devices.get(deviceId);
    if (!device) return;
    await this.serial(deviceId, async () => {
      const live = new Set(
        (await this.entries(device)).flatMap((e) => e.rules.map((r) => `${e.user}|${r.key}`)),
      );
      for (const h of [...(await this.heldFor(deviceId)).values()])
        if (!live.has(`${h.user}|${h.rule}`)) await this.clear(deviceId, h);
    });
  }

  /** An upload was stored. Never throws (an alert problem must not fail an upload). */
  onSample(device: DeviceRow, time: number, values: Values): Promise<void> {
    this.received.set(device._id, this.now());
    // Most stations have no rules: when that is known (and nothing is queued for them), stop here.
    const cached = this.settingsCache.get(device._id);
    if (
      cached?.entries.length === 0 &&
      Date.now() - cached.at <= SETTINGS_TTL &&
      !this.chains.has(device._id)
    ) {
      if (time > (this.lastTime.get(device._id) ?? 0)) this.lastTime.set(device._id, time);
      return Promise.resolve();
    }
    return this.serial(device._id, () => this.evaluate(device, time, values));
  }

  /** Lost data: stations with a lostData rule whose last upload is more than 30 minutes old. */
  async sweep(): Promise<void> {
    try {
      // One process of a cluster raises "lost data" alerts (each would raise its own otherwise).
      if (!(await this.app.ctx.leader.leads())) return;
      await this.sweepOnce();
    } catch (error) {
      this.log('alert sweep failed', error);
    }
  }

  /** The last upload in server time: a console whose clock is behind must not look silent. */
  private lastUploadOf(device: DeviceRow): number | null {
    const received = this.received.get(device._id);
    if (device.lastUpload === null || device.lastUpload === undefined) return received ?? null;
    return Math.max(device.lastUpload, received ?? 0);
  }

  private async sweepOnce(): Promise<void> {
    const now = this.now();
    const rows: { weatherDevice: string }[] = await this.knex('alertSettings')
      .where('settings', 'like', `%"${LOST_DATA}"%`)
      .distinct('weatherDevice');
    for (const { weatherDevice } of rows) {
      const device = await this.app.ctx.devices.get(weatherDevice);
      if (!device) continue;
      const seen = this.lastUploadOf(device);
      if (seen === null || now - seen <= LOST_DATA_AFTER) continue;
      await this.serial(device._id, async () => {
        const lastUpload = this.lastUploadOf(device) ?? now;
        if (now - lastUpload <= LOST_DATA_AFTER) return;
        for (const entry of await this.entries(device)) {
          for (const rule of entry.rules) {
            if (rule.item !== LOST_DATA || (await this.heldFor(device._id)).has(keyOf(entry.user, rule)))
              continue;
            const minutes = Math.floor((now - lastUpload) / 60);
            const what = (t: Speaker) =>
              t(ALERT_WORDS.noData, { minutes, time: formatTime(lastUpload, device.timezone, t.locale) });
            await this.raise(device, entry.user, rule, null, now, null, what);
          }
        }
      });
    }
  }

  /** The user hid an alert: it stays raised (no new alert while the condition holds) but is not listed. */
  hidden(deviceId: string, alertId: string): void {
    for (const h of this.held.get(deviceId)?.values() ?? []) if (h._id === alertId) h.status = 'hidden';
  }

  private serial(deviceId: string, work: () => Promise<void>): Promise<void> {
    const prev = this.chains.get(deviceId) ?? Promise.resolve();
    const next = prev
      .then(work)
      .catch((error) => this.log('alert evaluation failed', error))
      .finally(() => {
        if (this.chains.get(deviceId) === next) this.chains.delete(deviceId);
      });
    this.chains.set(deviceId, next);
    return next;
  }

  private async evaluate(device: DeviceRow, time: number, values: Values): Promise<void> {
    const last = this.lastTime.get(device._id);
    if (last !== undefined && time <= last) return;
    this.lastTime.set(device._id, time);
    // Stations nobody set alerts for cost nothing more (most of them: this runs for every upload).
    const entries = await this.entries(device);
    if (entries.length === 0) return;
    // Pressure and link history come from the stored raw samples (this upload included), loaded once and only
    // when a rule needs them: with several processes each one sees only some uploads of a station, and after
    // a restart memory would have forgotten when a sensor went quiet.
    let recent: { span: number; samples: Sample[] } | undefined;
    const history = async (span: number) => {
      if (!recent || recent.span < span)
        recent = { span, samples: await this.app.ctx.samples.samples(device._id, time - span, time + 1) };
      return recent.samples.filter((s) => s.time >= time - span);
    };
    const held = await this.heldFor(device._id);
    for (const entry of entries) {
      for (const rule of entry.rules) {
        if (rule.item === LOST_DATA) {
          const h = held.get(keyOf(entry.user, rule));
          if (h) await this.clear(device._id, h);
        } else if (rule.item === LOST_LINK) {
          const keys = rule.metric
            ? [rule.metric]
            : Object.keys(values).filter((k) => k.startsWith('cn') && typeof values[k] === 'number');
          for (const k of keys) {
            const v = values[k];
            if (typeof v !== 'number') continue;
            const since = v === 0 ? quietSince(await history(LINK_HISTORY), k) : undefined;
            const lost = since !== undefined && time - since >= LOST_LINK_AFTER;
            await this.step(device, entry.user, rule, k, time, lost, v === 1, null, (t) =>
              t(ALERT_WORDS.lostLink, {
                sensor: sensorLabel(k, t),
                minutes: Math.floor((time - (since ?? time)) / 60),
              }),
            );
          }
        } else if (rule.item === BARO_DROP) {
          // A console that sends only the absolute pressure: its drop is the same.
          const metric: 'relbaro' | 'absbaro' =
            !rule.sensor && typeof values.relbaro !== 'number'
              ? 'absbaro'
              : (rule.metric as 'relbaro' | 'absbaro');
          const cur = values[metric];
          if (typeof cur !== 'number') continue;
          const window = await history(BARO_WINDOW);
          const highest = Math.max(...window.map((s) => (s[metric] as number | undefined) ?? cur), cur);
          const drop = highest - cur;
          await this.step(
            device,
            entry.user,
            rule,
            null,
            time,
            meets(rule, drop),
            recovered(rule, drop),
            drop,
            (t) =>
              t(ALERT_WORDS.dropped, {
                item: itemLabel(metric, t),
                drop: formatValue(metric, drop, rule.unit, t.locale),
                value: formatValue(metric, cur, rule.unit, t.locale),
              }),
          );
        } else if (rule.metric) {
          const v = values[rule.metric];
          if (typeof v !== 'number') continue;
          const words = ALERT_WORDS[rule.condition ?? 'above'];
          const metric = rule.metric;
          await this.step(device, entry.user, rule, null, time, meets(rule, v), recovered(rule, v), v, (t) =>
            t(words, {
              item: itemLabel(metric, t),
              threshold: formatValue(metric, rule.threshold ?? 0, rule.unit, t.locale),
              value: formatValue(metric, v, rule.unit, t.locale),
            }),
          );
        }
      }
    }
  }

  private async step(
    device: DeviceRow,
    user: string,
    rule: CompiledRule,
    sensor: string | null,
    time: number,
    raise: boolean,
    recover: boolean,
    base: number | null,
    what: (t: Speaker) => string,
  ): Promise<void> {
    const held = await this.heldFor(device._id);
    const h = held.get(keyOf(user, rule, sensor ?? rule.sensor ?? null));
    if (!h) {
      if (raise) await this.raise(device, user, rule, sensor, time, base, what);
      return;
    }
    if (!recover) {
      h.streak = 0;
      return;
    }
    h.streak++;
    if (h.streak >= CLEAR_AFTER) await this.clear(device._id, h);
  }

  private async raise(
    device: DeviceRow,
    user: string,
    rule: CompiledRule,
    sensor: string | null,
    time: number,
    base: number | null,
    what: (t: Speaker) => string,
  ): Promise<void> {
    const t = translator(await userLocale(this.app, user));
    const text = alertText({
      stationName: device.name,
      deviceId: device._id,
      timeZone: device.timezone,
      time,
      what: what(t),
      origin: publicOrigin(this.app, user),
      t,
    });
    const s = sensor ?? rule.sensor ?? null;
    const held = await this.heldFor(device._id);
    // Another process (or this one before a restart) may have raised it already: adopt it, never raise twice.
    // The database holds at most one raised alert per rule and sensor (migration 010), so two processes raising
    // at the same moment cannot both succeed.
    const adopt = async () => {
      const existing = await this.knex('alerts')
        .where({ device: device._id, user, rule: rule.key })
        .andWhere((q) => (s === null ? q.whereNull('sensor') : q.where({ sensor: s })))
        .whereIn('status', ['active', 'hidden'])
        .first();
      if (existing) held.set(keyOf(user, rule, s), { ...fromDbAlert(existing), rule: rule.key, streak: 0 });
      return !!existing;
    };
    if (await adopt()) return;
    const shown = base === null || !rule.metric ? null : displayValue(rule.metric, base, rule.unit);
    const now = Date.now();
    const record: Held = {
      _id: objectId(),
      device: device._id,
      user,
      item: rule.item,
      sensor: s,
      status: 'active',
      lastTrigger: time,
      value: shown?.value ?? null,
      unit: shown?.unit ?? null,
      message: text.message.slice(0, 500),
      rule: rule.key,
      streak: 0,
    };
    const { streak: _s, ...row } = record;
    try {
      await this.knex('alerts').insert({ ...row, createdAt: now, updatedAt: now });
    } catch (error) {
      if (isUniqueViolation(error) && (await adopt())) return;
      throw error;
    }
    held.set(keyOf(user, rule, s), record);
    const alert = present(record);
    this.app.service('alerts').emit('created', alert);
    this.notifier.deliver(alert, rule.methods, text);
  }

  private async clear(deviceId: string, h: Held): Promise<void> {
    this.held.get(deviceId)?.delete(keyOf(h.user, { key: h.rule }, h.sensor ?? null));
    await this.knex('alerts').where({ _id: h._id }).update({ status: 'cleared', updatedAt: Date.now() });
    if (h.status === 'active')
      this.app.service('alerts').emit('patched', present({ ...h, status: 'cleared' }));
  }

  /**
   * Raised alerts (active or hidden) of a device, from the database and reloaded after a minute: another process
   * may have raised or cleared one meanwhile (a stale "still raised" would hide a new alert).
   */
  private async heldFor(deviceId: string): Promise<Map<string, Held>> {
    const cached = this.held.get(deviceId);
    if (cached && Date.now() - (this.heldAt.get(deviceId) ?? 0) <= HELD_TTL) return cached;
    const rows = await this.knex('alerts')
      .where({ device: deviceId })
      .whereIn('status', ['active', 'hidden']);
    const map = new Map<string, Held>();
    for (const row of rows) {
      const a = fromDbAlert(row);
      const key = keyOf(a.user, { key: row.rule as string }, a.sensor ?? null);
      // Keep the count of recovering uploads seen here.
      const streak = cached?.get(key)?._id === a._id ? cached.get(key)!.streak : 0;
      map.set(key, { ...a, rule: row.rule as string, streak });
    }
    this.held.set(deviceId, map);
    this.heldAt.set(deviceId, Date.now());
    return map;
  }

  /** Settings of every user of the device that may still receive its alerts and has not silenced it. */
  private async entries(device: DeviceRow): Promise<Entry[]> {
    let cached = this.settingsCache.get(device._id);
    if (!cached || Date.now() - cached.at > SETTINGS_TTL) {
      const rows = await this.knex('alertSettings').where({ weatherDevice: device._id });
      cached = {
        at: Date.now(),
        entries: rows.map((r: Record<string, unknown>) => ({
          user: r.user as string,
          disableAll: !!r.disableAll,
          rules: compile(JSON.parse(r.settings as string) as AlertRule[]),
        })),
      };
      this.settingsCache.set(device._id, cached);
    }
    return cached.entries.filter(
      (e) => !e.disableAll && (e.user === device.user || (device.shareUsers ?? []).includes(e.user)),
    );
  }

  private log(message: string, error: unknown): void {
    this.app.ctx.log.error(message, error);
  }
}

/** When a link flag's trailing run of 0s began (samples in time order; uploads without the flag are skipped). */
function quietSince(samples: Sample[], flag: string): number | undefined {
  let since: number | undefined;
  for (let i = samples.length - 1; i >= 0; i--) {
    const v = samples[i][flag];
    if (typeof v !== 'number') continue;
    if (v !== 0) break;
    since = samples[i].time;
  }
  return since;
}

function keyOf(user: string, rule: { key: string }, sensor: string | null = null): string {
  return `${user}|${rule.key}|${sensor ?? ''}`;
}

function displayValue(metric: string, base: number, unit?: string): { value: number; unit: string } | null {
  const text = formatValue(metric, base, unit);
  const m = /^(-?[\d.]+)\s*(.*)$/.exec(text);
  return m ? { value: Number(m[1]), unit: m[2] } : null;
}
