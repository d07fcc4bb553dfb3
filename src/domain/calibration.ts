// A station's calibration (issue 24): per metric an offset, a multiplier and an optional quadratic term, each from
// the time it takes effect, as CumulusMX has them (value' = q·v² + m·v + o). The station's owner sets it; ingest
// applies it to what the console sent before the values are cleaned and derived, so cards, alerts, forwarding
// and MQTT see calibrated values. Pure: the input rules, the default and the arithmetic.
import { METRIC_BY_KEY } from './catalogue';
import { DERIVED_FROM } from './formulas';
import type { InputReaders } from './readers';

export interface CalibrationEntry {
  /** The catalogue key. */
  key: string;
  offset: number;
  multiplier: number;
  quadratic: number;
  /** When it takes effect (unix ms); readings before it are not changed. */
  since: number;
}

export interface CalibrationSettings {
  _id?: string;
  weatherDevice: string;
  entries: CalibrationEntry[];
}

/** At most this many entries per station (a few per metric over the years). */
export const MAX_CALIBRATIONS = 200;
const SETTABLE = new Set(['entries', 'weatherDevice', '_id']);

/** The kinds of measured quantity a sensor can be off by (directions, counters, states and indices are not). */
const MEASURED = new Set([
  'temperature',
  'humidity',
  'pressure',
  'windSpeed',
  'rain',
  'rainRate',
  'light',
  'uv',
]);

/** A measured metric the console sends; values computed from others (dew point…) follow their inputs. */
export function calibratable(key: string): boolean {
  const def = METRIC_BY_KEY[key];
  return !!def && MEASURED.has(def.unitType) && !(key in DERIVED_FROM);
}

export const defaultCalibration = (weatherDevice: string): CalibrationSettings => ({
  weatherDevice,
  entries: [],
});

export function calibrationRules(r: InputReaders) {
  /** The entries to store, sorted by metric and time; a duplicate (same metric and time) is refused. */
  return function calibrationFields(input: unknown, creating: boolean): Partial<CalibrationSettings> {
    const data = r.asObject(input);
    for (const key of Object.keys(data)) if (!SETTABLE.has(key)) throw r.fail(`${key} cannot be set`);
    if (data.entries === undefined) return creating ? { entries: [] } : {};
    if (!Array.isArray(data.entries) || data.entries.length > MAX_CALIBRATIONS)
      throw r.fail(`entries must be a list of at most ${MAX_CALIBRATIONS} calibrations`, {
        field: 'entries',
      });
    const seen = new Set<string>();
    const entries = data.entries.map((raw, i): CalibrationEntry => {
      const e = r.asObject(raw, `calibration ${i + 1}`);
      const key = r.str(e, 'key', { required: true, max: 40 }) as string;
      if (!calibratable(key)) throw r.fail(`${key} cannot be calibrated`, { field: 'entries' });
      const entry = {
        key,
        offset: r.num(e, 'offset', { min: -1000, max: 1000 }) ?? 0,
        multiplier: r.num(e, 'multiplier', { min: -100, max: 100 }) ?? 1,
        quadratic: r.num(e, 'quadratic', { min: -10, max: 10 }) ?? 0,
        since: r.num(e, 'since', { required: true, min: 0, max: 8.64e15, integer: true }) as number,
      };
      if (entry.multiplier === 0 && entry.quadratic === 0)
        throw r.fail('A calibration needs a multiplier or a quadratic term', { field: 'entries' });
      const id = `${key}@${entry.since}`;
      if (seen.has(id)) throw r.fail(`${key} has two calibrations from the same time`, { field: 'entries' });
      seen.add(id);
      return entry;
    });
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.since - b.since));
    return { entries };
  };
}

/** The entry in effect for `key` at `timeMs` (the newest one from before it), if any. */
export function calibrationAt(
  entries: readonly CalibrationEntry[],
  key: string,
  timeMs: number,
): CalibrationEntry | undefined {
  let found: CalibrationEntry | undefined;
  for (const e of entries)
    if (e.key === key && e.since <= timeMs && (!found || e.since > found.since)) found = e;
  return found;
}

/** Whether an entry changes nothing (offset 0, multiplier 1, no quadratic term). */
export const isIdentity = (e: CalibrationEntry): boolean =>
  e.offset === 0 && e.multiplier === 1 && e.quadratic === 0;

export const calibrate = (e: CalibrationEntry, v: number): number =>
  e.quadratic * v * v + e.multiplier * v + e.offset;

/**
 * Calibrate the values of one reading in place (unix seconds), and answer the raw values it changed by key: the
 * console's own numbers, kept so a later calibration can be re-applied.
 */
export function calibrateInto(
  values: Record<string, number | null>,
  entries: readonly CalibrationEntry[],
  timeSec: number,
): Record<string, number> | null {
  if (entries.length === 0) return null;
  let raw: Record<string, number> | null = null;
  for (const key in values) {
    const v = values[key];
    if (v === null || v === undefined) continue;
    const e = calibrationAt(entries, key, timeSec * 1000);
    if (!e || isIdentity(e)) continue;
    raw ??= {};
    raw[key] = v;
    values[key] = calibrate(e, v);
  }
  // What the console derived from a raw input is stale: computed again from the calibrated one.
  if (raw)
    for (const [derived, inputs] of Object.entries(DERIVED_FROM))
      if (values[derived] != null && inputs.some((k) => raw && k in raw)) {
        raw[derived] = values[derived] as number;
        values[derived] = null;
      }
  return raw;
}

/** After deriving: a derived value that could not be computed again (an input missing) keeps the console's. */
export function keepUnderived(
  values: Record<string, number | null>,
  raw: Record<string, number> | null,
): void {
  if (raw) for (const k in raw) if (k in DERIVED_FROM && values[k] == null) values[k] = raw[k] as number;
}

/** The entries in effect now, one per metric, for the card details and the Weather Server page. */
export function activeCalibrations(entries: readonly CalibrationEntry[], nowMs: number): CalibrationEntry[] {
  const keys = [...new Set(entries.map((e) => e.key))];
  return keys.flatMap((k) => {
    const e = calibrationAt(entries, k, nowMs);
    return e && !isIdentity(e) ? [e] : [];
  });
}
