// Device-local time: wall clocks and local days of a station's IANA time zone, in unix seconds. The zone rules
// come from Intl; wall times the clocks skip or repeat are decided as Temporal does ('compatible': a skipped time
// moves forward by the gap, a repeated one is the earlier instant), as @internationalized/date does (the test
// compares the two minute by minute). Plain Intl: this module is on the dashboard's first paint (issue 21).

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

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Local wall-clock fields of an instant in a time zone (RangeError for a zone Intl does not know). */
export function localParts(t: number, timeZone: string): LocalParts {
  const p: LocalParts = { y: 0, m: 0, d: 0, h: 0, mi: 0, s: 0 };
  for (const { type, value } of formatterOf(timeZone).formatToParts(Math.floor(t) * 1000)) {
    if (type === 'year') p.y = Number(value);
    else if (type === 'month') p.m = Number(value);
    else if (type === 'day') p.d = Number(value);
    else if (type === 'hour') p.h = Number(value);
    else if (type === 'minute') p.mi = Number(value);
    else if (type === 'second') p.s = Number(value);
  }
  return p;
}

/** The wall clock of an instant in a zone, written as the unix seconds it would be in UTC. */
function wallOf(t: number, timeZone: string): number {
  const p = localParts(t, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) / 1000;
}

/** Seconds the zone is ahead of UTC at an instant. */
export const zoneOffset = (t: number, timeZone: string): number => wallOf(t, timeZone) - Math.floor(t);

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

/**
 * The instant of a wall time: read with the zone's offsets a day before and a day after (a zone changes its
 * offset at most once within two days), the candidates whose wall clock is that wall time; the earlier of two (a
 * repeated time), else, for a skipped time, the later reading (forward by the gap).
 */
function convert(wall: number, timeZone: string): number {
  if (timeZone === 'UTC') return wall;
  const early = wall - zoneOffset(wall - DAY_SECONDS, timeZone);
  const late = wall - zoneOffset(wall + DAY_SECONDS, timeZone);
  const valid = (early === late ? [early] : [early, late]).filter((t) => wallOf(t, timeZone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  return Math.max(early, late);
}

const DAY_SECONDS = 86400;

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
