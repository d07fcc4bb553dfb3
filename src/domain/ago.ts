// "Updated N ago" (re-exported by periods.ts). A module of its own: the connection status on every screen uses it,
// and the first paint should not load the time-zone library periods.ts needs (issue 21's bundle budget).

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86400;

/** "Updated N ago": seconds below 60, then minutes below 60, then hours below 24, then days (floored). */
export function updatedAgo(seconds: number): { value: number; unit: 's' | 'min' | 'h' | 'd' } {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s < MINUTE_S) return { value: s, unit: 's' };
  if (s < HOUR_S) return { value: Math.floor(s / MINUTE_S), unit: 'min' };
  if (s < DAY_S) return { value: Math.floor(s / HOUR_S), unit: 'h' };
  return { value: Math.floor(s / DAY_S), unit: 'd' };
}
