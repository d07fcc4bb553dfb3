// The export's period: two 'YYYY-MM-DD' days in the station's time zone, both included, at most
// MAX_EXPORT_DAYS (spec §3 Export).
import { localParts, MAX_EXPORT_DAYS, zonedMidnight } from '../../domain';

export { MAX_EXPORT_DAYS };

const pad = (n: number) => String(n).padStart(2, '0');

/** The station-local day of a unix time, as 'YYYY-MM-DD'. */
export const ymd = (t: number, tz: string) => {
  const p = localParts(t, tz);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
};

/** The form's first period: the last 7 days, today included. */
export const defaultDays = (nowS: number, tz: string) => ({
  from: ymd(nowS - 6 * 86400, tz),
  to: ymd(nowS, tz),
});

/** [start, end) in unix s of two 'YYYY-MM-DD' days in the station's time zone, both days included. */
export function exportWindow(from: string, to: string, tz: string): { start: number; end: number } | null {
  const a = from.split('-').map(Number);
  const b = to.split('-').map(Number);
  if (a.length !== 3 || b.length !== 3 || [...a, ...b].some((n) => !Number.isFinite(n))) return null;
  const start = zonedMidnight(a[0], a[1], a[2], tz);
  const end = zonedMidnight(b[0], b[1], b[2] + 1, tz);
  return end > start ? { start, end } : null;
}

/** The spec §5 message for a period that cannot be exported, or null. */
export function periodError(win: { start: number; end: number } | null): string | null {
  if (!win || win.end - win.start > MAX_EXPORT_DAYS * 86400) return 'invalidTimePeriod';
  return null;
}
