// Subscription periods: calendar months in UTC (31 Jan + 1 month = 28/29 Feb), active = started and not ended
// (end null = permanent, spec §9).

export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

export function isActive(p: { start: number; end: number | null }, now = Date.now()): boolean {
  return p.start <= now && (p.end === null || p.end > now);
}
