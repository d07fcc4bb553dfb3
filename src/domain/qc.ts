// Quality control of readings (issue 24): which values of an upload are left out of the data, and why. Pure: the
// rules, the owner's limits (a per-station settings record) and the judging of one upload against the station's
// previous accepted values. Every rate and duration comes from the declarations: physical limits are the
// catalogue's min/max (validate.ts drops what is outside them), rates and stuck hours are the unit types' `qc`.
import { calibratable } from './calibration';
import { METRIC_BY_KEY } from './catalogue';
import { DERIVED_FROM } from './formulas';
import type { GapReport } from './gaps';
import type { InputReaders } from './readers';
import { localParts } from './timeZones';
import { UNIT_TYPES } from './unitTypes';

/**
 * Why a value is not in the data: outside its metric's physical range, outside the owner's own limits, a change
 * faster than its kind can move, a sensor stuck on one value, a lifetime rain counter that went backwards (kept:
 * the gauge was reset, shown so the owner knows).
 */
export const QC_REASONS = ['limit', 'ownerLimit', 'spike', 'stuck', 'rainReset'] as const;
export type QcReason = (typeof QC_REASONS)[number];

/** flagged: left out, waiting for the owner; accepted: in the data; rejected: stays out. */
export type QcStatus = 'flagged' | 'accepted' | 'rejected';

export interface QcFlag {
  _id: string;
  device: string;
  /** Unix seconds of the reading. */
  time: number;
  key: string;
  value: number;
  reason: QcReason;
  status: QcStatus;
}

/** What the qcFlags service answers: a station's flags by local day, newest first, and its gaps. */
export interface QcAnswer {
  days: { day: string; flags: QcFlag[] }[];
  gaps: GapReport;
  /** More flags than one answer holds: the oldest were left out. */
  truncated: boolean;
}

/** The owner's limits of one metric (base units); a missing bound is not checked. */
export interface QcLimit {
  key: string;
  min?: number;
  max?: number;
}

export interface QcSettings {
  _id?: string;
  weatherDevice: string;
  limits: QcLimit[];
}

export const defaultQcSettings = (weatherDevice: string): QcSettings => ({ weatherDevice, limits: [] });

/** A station's previous accepted value of a metric: its time, and since when it has not changed. */
export interface QcTrack {
  v: number;
  t: number;
  since: number;
}

/**
 * A change is judged as if at least this many minutes had passed: consoles send instantaneous readings every 16 s
 * or so, noisier than the 1-minute means the step test's rates are for. 80 °C after 20 °C is still a spike.
 */
export const SPIKE_MIN_MINUTES = 5;

/** A stuck sensor's run of unchanged readings has no gap longer than this (seconds). */
export const STUCK_GAP = 3600;

/** The rules a metric falls under. */
interface Rules {
  spikePerMinute?: number;
  stuckHours?: number;
  stuckExcept?: number;
  stuckSlow?: { from: number; hours: number };
  /** A running total (rain): falling is a reset, only a rise can be a spike. */
  counter: boolean;
}

/**
 * The lifetime rain counters: they fall only when the gauge or console is reset, so a fall is shown to the owner
 * (the daily, weekly… totals fall on schedule and are not).
 */
const LIFETIME_COUNTERS = new Set(['totalrain']);

/** Every upload judges each of its keys: the answer per key is kept, none included. */
const RULES = new Map<string, Rules | null>();
/** The rules of a catalogue key; none for derived values (they follow their inputs) and steady readings. */
export function rulesOf(key: string): Rules | null {
  const known = RULES.get(key);
  if (known !== undefined) return known;
  const rules = findRules(key);
  RULES.set(key, rules);
  return rules;
}

function findRules(key: string): Rules | null {
  const def = METRIC_BY_KEY[key];
  const qc = def && UNIT_TYPES[def.unitType].qc;
  if (!def || !qc || def.steady || key in DERIVED_FROM) return null;
  const counter = def.unitType === 'rain';
  // Readings (graphed as a mean) and rain totals; gusts and daily maxima jump by nature.
  if (!counter && def.primary !== 'mean') return null;
  const rules: Rules = { ...qc, counter };
  if (counter) delete rules.stuckHours;
  return rules;
}

/** Rain since the previous reading of a counter: a counter that went backwards was reset, so all of it is new. */
export const rainSince = (previous: number, current: number): number =>
  current < previous ? current : current - previous;

/**
 * Judges one upload (unix seconds `time`) in place: a failing value becomes null and is answered with its reason;
 * `tracks` (the station's previous accepted values by key) move on with the values that pass. A console's value
 * derived from a failing one (its dew point from a spiking temperature) is left out with it, to be derived again.
 * Readings older than the previous accepted one (a relay's backlog) are judged against the owner's limits only.
 */
export function judgeInto(
  values: Record<string, number | null>,
  time: number,
  tracks: Map<string, QcTrack>,
  limits: readonly QcLimit[],
): { key: string; value: number; reason: QcReason }[] {
  const failed: { key: string; value: number; reason: QcReason }[] = [];
  for (const key in values) {
    const v = values[key];
    if (v === null || v === undefined) continue;
    const reason = judgeOne(key, v, time, tracks, limits);
    if (reason) {
      failed.push({ key, value: v, reason });
      if (reason !== 'rainReset') values[key] = null;
    }
  }
  if (failed.length > 0) dropDerivedOf(values, failed);
  return failed;
}

/**
 * Removes what was derived from a value left out (a console's dew point from a spiking temperature): it is
 * derived again from what passed, or not at all. For an upload's values and calibration's kept raw values.
 */
export function dropDerivedOf(
  values: Record<string, number | null>,
  failed: readonly { key: string; reason: QcReason }[],
): void {
  for (const [derived, inputs] of Object.entries(DERIVED_FROM))
    if (
      values[derived] != null &&
      inputs.some((k) => failed.some((f) => f.key === k && f.reason !== 'rainReset'))
    )
      delete values[derived];
}

function judgeOne(
  key: string,
  v: number,
  time: number,
  tracks: Map<string, QcTrack>,
  limits: readonly QcLimit[],
): QcReason | null {
  for (const l of limits)
    if (l.key === key && ((l.min !== undefined && v < l.min) || (l.max !== undefined && v > l.max)))
      return 'ownerLimit';
  const rules = rulesOf(key);
  if (!rules) return null;
  const prev = tracks.get(key);
  if (!prev) {
    tracks.set(key, { v, t: time, since: time });
    return null;
  }
  if (time <= prev.t) return null;
  if (rules.counter && v < prev.v) {
    tracks.set(key, { v, t: time, since: time });
    return LIFETIME_COUNTERS.has(key) ? 'rainReset' : null;
  }
  const minutes = Math.max((time - prev.t) / 60, SPIKE_MIN_MINUTES);
  if (rules.spikePerMinute !== undefined && Math.abs(v - prev.v) > rules.spikePerMinute * minutes)
    return 'spike';
  // A new value, or the same after a gap (nothing is known of the time between): a new run starts.
  if (v !== prev.v || time - prev.t > STUCK_GAP) {
    tracks.set(key, { v, t: time, since: time });
    return null;
  }
  const hours = rules.stuckSlow && v >= rules.stuckSlow.from ? rules.stuckSlow.hours : rules.stuckHours;
  if (hours !== undefined && v !== rules.stuckExcept && time - prev.since >= hours * 3600) return 'stuck';
  prev.t = time;
  return null;
}

/** Tracks from the station's newest stored reading (a process that has not seen the station yet). */
export function tracksFrom(
  latest: { time: number; [key: string]: number | null } | undefined,
): Map<string, QcTrack> {
  const tracks = new Map<string, QcTrack>();
  if (!latest) return tracks;
  for (const key in latest) {
    const v = latest[key];
    if (key !== 'time' && typeof v === 'number' && rulesOf(key))
      tracks.set(key, { v, t: latest.time, since: latest.time });
  }
  return tracks;
}

/** Which metrics an owner may limit: the measured ones a console sends (as calibration). */
export const limitable = calibratable;

/** At most this many owner limits per station (one per measured metric is far fewer). */
export const MAX_QC_LIMITS = 100;
const SETTABLE = new Set(['limits', 'weatherDevice', '_id']);

export function qcSettingsRules(r: InputReaders) {
  /** The limits to store, one per metric, sorted by catalogue key; min must be below max. */
  return function qcSettingsFields(input: unknown, creating: boolean): Partial<QcSettings> {
    const data = r.asObject(input);
    for (const key of Object.keys(data)) if (!SETTABLE.has(key)) throw r.fail(`${key} cannot be set`);
    if (data.limits === undefined) return creating ? { limits: [] } : {};
    if (!Array.isArray(data.limits) || data.limits.length > MAX_QC_LIMITS)
      throw r.fail(`limits must be a list of at most ${MAX_QC_LIMITS} limits`, { field: 'limits' });
    const seen = new Set<string>();
    const limits = data.limits.map((raw, i): QcLimit => {
      const e = r.asObject(raw, `limit ${i + 1}`);
      const key = r.str(e, 'key', { required: true, max: 40 }) as string;
      if (!limitable(key)) throw r.fail(`${key} cannot be limited`, { field: 'limits' });
      if (seen.has(key)) throw r.fail(`${key} has two limits`, { field: 'limits' });
      seen.add(key);
      const def = METRIC_BY_KEY[key];
      const min = r.num(e, 'min', { min: def.min, max: def.max });
      const max = r.num(e, 'max', { min: def.min, max: def.max });
      if (min === undefined && max === undefined)
        throw r.fail(`${key} needs a lowest or highest value`, { field: 'limits' });
      if (min !== undefined && max !== undefined && min >= max)
        throw r.fail(`${key}: the lowest value must be below the highest`, { field: 'limits' });
      return { key, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    });
    limits.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { limits };
  };
}

/** The station-local day (YYYY-MM-DD) of a unix second. */
export function localDay(time: number, timeZone: string): string {
  const p = localParts(time, timeZone);
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** Flags grouped by the station's local day, newest day first, each day's flags in time order. */
export function flagsByDay<F extends { time: number }>(flags: readonly F[], timeZone: string) {
  const days = new Map<string, F[]>();
  for (const f of [...flags].sort((a, b) => a.time - b.time)) {
    const day = localDay(f.time, timeZone);
    const list = days.get(day);
    if (list) list.push(f);
    else days.set(day, [f]);
  }
  return [...days].sort((a, b) => (a[0] < b[0] ? 1 : -1)).map(([day, list]) => ({ day, flags: list }));
}

/** Whether an owner's decision may move a flag from `from` to `to`: an accepted value is in the data for good. */
export function canDecide(from: QcStatus, to: QcStatus, reason: QcReason): boolean {
  if (to === 'flagged' || from === 'accepted' || from === to) return false;
  // Outside the physical range: it cannot be stored (the catalogue's range is the storage's too).
  if (to === 'accepted' && reason === 'limit') return false;
  return true;
}
