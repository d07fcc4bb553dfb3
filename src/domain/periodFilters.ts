// The graph's quick filters (spec §2 "Filter labels"): today, this week, this month, past 7/30/90 days, year to
// date and past year, next to day/24 h/week/month/year/custom. Each ends now; "this …" starts at the station's
// local midnight (weeks on Monday, ISO 8601), "past N days" N×24 h back. The bucket follows the span like custom.
import { bucketForSpan, type PeriodWindow } from './periods';
import { localParts, zonedMidnight } from './timeZones';

export type PeriodFilter =
  | 'today'
  | 'thisWeek'
  | 'thisMonth'
  | 'past7'
  | 'past30'
  | 'past90'
  | 'ytd'
  | 'pastYear';
export const PERIOD_FILTERS: readonly PeriodFilter[] = [
  'today',
  'thisWeek',
  'thisMonth',
  'past7',
  'past30',
  'past90',
  'ytd',
  'pastYear',
];

const DAY = 86400;

export function filterWindow(filter: PeriodFilter, now: number, timeZone: string): PeriodWindow {
  // Up to the next 5 minutes, like last24H: the bucket being filled is in view.
  const to = Math.ceil(now / 300) * 300;
  const p = localParts(now, timeZone);
  let from: number;
  switch (filter) {
    case 'today':
      from = zonedMidnight(p.y, p.m, p.d, timeZone);
      break;
    case 'thisWeek': {
      const weekday = new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay(); // 0 = Sunday
      from = zonedMidnight(p.y, p.m, p.d - ((weekday + 6) % 7), timeZone);
      break;
    }
    case 'thisMonth':
      from = zonedMidnight(p.y, p.m, 1, timeZone);
      break;
    case 'ytd':
      from = zonedMidnight(p.y, 1, 1, timeZone);
      break;
    case 'past7':
      from = to - 7 * DAY;
      break;
    case 'past30':
      from = to - 30 * DAY;
      break;
    case 'past90':
      from = to - 90 * DAY;
      break;
    default:
      from = to - 365 * DAY;
  }
  if (to - from < 3600) from = to - 3600; // just after midnight: still an hour to draw
  return { from, to, bucket: bucketForSpan(to - from) };
}

export const isPeriodFilter = (v: unknown): v is PeriodFilter => PERIOD_FILTERS.includes(v as PeriodFilter);
