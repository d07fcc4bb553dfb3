// The graph period picker's state → the time window (domain periodWindow) in the device's time zone.
import {
  type BucketRange,
  type GraphRange,
  periodWindow,
  validateTimePeriod,
  zonedMidnight,
} from '../domain';
import { filterWindow, type PeriodFilter } from '../domain/periodFilters';

export interface PeriodState {
  range: GraphRange;
  /** A quick filter (today, this week, past 30 days, …): when set it decides the window, not `range`. */
  filter?: PeriodFilter;
  /** 'YYYY-MM-DD' for day */
  day?: string;
  /** 'YYYY-MM' for month */
  month?: string;
  year?: number;
  /** 'YYYY-MM-DD' bounds for custom (both days included) */
  from?: string;
  to?: string;
}

export const RANGES: GraphRange[] = ['day', 'last24H', 'week', 'month', 'year', 'custom'];

const ymd = (s: string) => s.split('-').map(Number);

export function windowFor(
  p: PeriodState,
  nowS: number,
  timeZone: string,
): { from: number; to: number; bucket: BucketRange } {
  if (p.filter) return filterWindow(p.filter, nowS, timeZone);
  const opts: { timeZone: string; at?: number; from?: number; to?: number } = { timeZone };
  if (p.range === 'day' && p.day) {
    const [y, m, d] = ymd(p.day);
    opts.at = zonedMidnight(y, m, d, timeZone) + 43200;
  } else if (p.range === 'month' && p.month) {
    const [y, m] = ymd(p.month);
    opts.at = zonedMidnight(y, m, 15, timeZone);
  } else if (p.range === 'year' && p.year) {
    opts.at = zonedMidnight(p.year, 7, 1, timeZone);
  } else if (p.range === 'custom') {
    if (!p.from || !p.to) throw new RangeError('invalidTimePeriod');
    const [fy, fm, fd] = ymd(p.from);
    const [ty, tm, td] = ymd(p.to);
    opts.from = zonedMidnight(fy, fm, fd, timeZone);
    opts.to = zonedMidnight(ty, tm, td + 1, timeZone);
    const invalid = validateTimePeriod(opts.from, opts.to);
    if (invalid) throw new RangeError(invalid);
  }
  return periodWindow(p.range, nowS, opts);
}
