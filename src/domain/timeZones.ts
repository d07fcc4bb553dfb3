// Device-local time: wall clocks and local days of a station's IANA time zone, in unix seconds. The zone rules
// come from Intl through @internationalized/date, which also decides wall times the clocks skip or repeat as
// Temporal does ('compatible': a skipped time moves forward by the gap, a repeated one is the earlier instant).
import { CalendarDateTime, fromAbsolute, toZoned } from '@internationalized/date';

/** The zone of a station that has none (the existing portal's home). */
export const DEFAULT_TIME_ZONE = 'Asia/Hong_Kong';

/**
 * The zones a station can be given, for a picker: Intl's canonical list (which leaves out UTC, a common choice for
 * a station) with UTC first, and the current value if Intl does not list it.
 */
export function timeZoneChoices(current: string): string[] {
  const listed = ['UTC', ...(Intl.supportedValuesOf?.('timeZone') ?? []).filter((z) => z !== 'UTC')];
  return listed.includes(current) ? listed : [current, ...listed];
}

export interface LocalParts {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** Local wall-clock fields of an instant in a time zone (RangeError for a zone Intl does not know). */
export function localParts(t: number, timeZone: string): LocalParts {
  const z = fromAbsolute(Math.floor(t) * 1000, timeZone);
  return { y: z.year, m: z.month, d: z.day, h: z.hour, mi: z.minute, s: z.second };
}

/** Seconds the zone is ahead of UTC at an instant. */
export const zoneOffset = (t: number, timeZone: string): number =>
  fromAbsolute(Math.floor(t) * 1000, timeZone).offset / 1000;

/**
 * The instant a wall-clock reading names in a zone. The reading is written as the unix seconds it would be in
 * UTC (`Date.UTC(…) / 1000`), so fields that overflow (day 32, month 13) roll over as Date.UTC rolls them.
 */
export function zonedTime(wallAsUtc: number, timeZone: string): number {
  const wall = Math.floor(wallAsUtc);
  // Every upload names its wall time: the zone's offset is remembered for the quarter hour of wall time last
  // asked, per zone. Clocks change only at whole quarter hours of wall time (by 30 or 60 minutes) since long
  // before any station uploaded, so one quarter hour has one offset, even around a change; earlier dates are
  // not remembered.
  const slot = Math.floor(wall / 900);
  const hit = lastSlot.get(timeZone);
  if (hit && hit[0] === slot && wall >= SLOTS_FROM) return wall - hit[1];
  const time = convert(wall, timeZone);
  if (lastSlot.size >= 256) lastSlot.clear();
  lastSlot.set(timeZone, [slot, wall - time]);
  return time;
}

const SLOTS_FROM = Date.UTC(1980, 0, 1) / 1000;
const lastSlot = new Map<string, [slot: number, offset: number]>();

function convert(wallAsUtc: number, timeZone: string): number {
  const w = new Date(wallAsUtc * 1000);
  const wall = new CalendarDateTime(
    w.getUTCFullYear(),
    w.getUTCMonth() + 1,
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
  );
  return toZoned(wall, timeZone, 'compatible').toDate().getTime() / 1000;
}

/** Local midnight of a calendar date; where DST skips midnight, the first instant of that day (01:00). */
export const zonedMidnight = (y: number, m: number, d: number, timeZone: string): number =>
  zonedTime(Date.UTC(y, m - 1, d) / 1000, timeZone);

// The last local day asked for, per zone. Ingest, aggregation and export ask for the day of
// one row after another, and each miss costs a few Intl calls.
const lastDay = new Map<string, [start: number, end: number]>();

function localDay(t: number, timeZone: string): [start: number, end: number] {
  const hit = lastDay.get(timeZone);
  if (hit && t >= hit[0] && t < hit[1]) return hit;
  const p = localParts(t, timeZone);
  const day: [number, number] = [
    zonedMidnight(p.y, p.m, p.d, timeZone),
    zonedMidnight(p.y, p.m, p.d + 1, timeZone),
  ];
  if (lastDay.size >= 256) lastDay.clear();
  lastDay.set(timeZone, day);
  return day;
}

/** Start (local midnight) of the local day containing `t`. */
export const localDayStart = (t: number, timeZone = DEFAULT_TIME_ZONE): number => localDay(t, timeZone)[0];

/** End of the local day containing `t`: the next local midnight (exclusive); 23 or 25 h after on DST days. */
export const localDayEnd = (t: number, timeZone = DEFAULT_TIME_ZONE): number => localDay(t, timeZone)[1];

/** Whether Intl knows the zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
