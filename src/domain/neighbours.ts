// The neighbour check (issue 24): a station's temperature and sea-level pressure compared hour by hour with the
// median of the public stations around it. An offset that holds for days is a sensor that reads off, shown to
// the owner as a hint with a calibration that would remove it. Only the median and the number of neighbours
// leave this module: never a neighbour's own readings.

/** How far a neighbour may be. */
export const NEIGHBOUR_RADIUS_KM = 25;
/** Hours compared with at least this many neighbours reporting. */
export const MIN_NEIGHBOURS = 3;
/** The window compared, and how much of it must be covered. */
export const HINT_DAYS = 3;
const MIN_HOURS = 36;
/** The share of hours that must be off the same way: a passing front moves a single hour, not a sensor. */
const CONSISTENT = 0.8;

/** What is compared and the offset worth a hint (in the stored unit). */
export const NEIGHBOUR_METRICS = [
  { key: 'tempc0', threshold: 1 },
  { key: 'relbaro', threshold: 1 },
] as const;
export type NeighbourMetric = (typeof NEIGHBOUR_METRICS)[number]['key'];

export interface Place {
  latitude: number;
  longitude: number;
}

/** Great-circle distance (km). */
export function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box around a place holding every point within `km` (for the database's first cut). */
export function boxAround(p: Place, km: number) {
  const dLat = km / 111.2;
  const dLon = km / (111.2 * Math.max(0.01, Math.cos((p.latitude * Math.PI) / 180)));
  return {
    minLat: p.latitude - dLat,
    maxLat: p.latitude + dLat,
    minLon: p.longitude - dLon,
    maxLon: p.longitude + dLon,
  };
}

/**
 * Sea-level pressure from the station's absolute pressure, elevation (m) and temperature (°C), by the
 * hypsometric formula as WMO stations reduce it; used for a neighbour that sends no relative pressure.
 */
export function seaLevelPressure(absHpa: number, elevationM: number, tempC: number): number {
  const t = tempC + 273.15;
  return absHpa * (1 - (0.0065 * elevationM) / (t + 0.0065 * elevationM)) ** -5.257;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Hourly means by hour start (unix s). */
export type HourlySeries = ReadonlyMap<number, number>;

export interface NeighbourHint {
  key: NeighbourMetric;
  /** Own minus the neighbours' median, the median over the hours compared (stored unit). */
  offset: number;
  /** Neighbours that reported in the hours compared. */
  neighbours: number;
  hours: number;
  /** Whole days the comparison spans. */
  days: number;
}

/**
 * A hint when the station's readings sit on one side of the neighbours' median, by more than the metric's
 * threshold, in most of at least MIN_HOURS hours; null otherwise (too few neighbours or hours, or no offset).
 */
export function neighbourHint(
  key: NeighbourMetric,
  own: HourlySeries,
  neighbours: readonly HourlySeries[],
): NeighbourHint | null {
  const threshold = NEIGHBOUR_METRICS.find((m) => m.key === key)?.threshold ?? 1;
  const diffs: number[] = [];
  const hours: number[] = [];
  const seen = new Set<number>();
  for (const [hour, value] of own) {
    const around: number[] = [];
    const who: number[] = [];
    neighbours.forEach((series, i) => {
      const v = series.get(hour);
      if (v !== undefined) {
        around.push(v);
        who.push(i);
      }
    });
    if (around.length < MIN_NEIGHBOURS) continue;
    for (const i of who) seen.add(i);
    diffs.push(value - median(around));
    hours.push(hour);
  }
  if (diffs.length < MIN_HOURS) return null;
  const offset = median(diffs);
  if (Math.abs(offset) < threshold) return null;
  const sameWay = diffs.filter((d) => Math.sign(d) === Math.sign(offset)).length / diffs.length;
  if (sameWay < CONSISTENT) return null;
  const span = (Math.max(...hours) - Math.min(...hours) + 3600) / 86400;
  return {
    key,
    offset: Math.round(offset * 10) / 10,
    neighbours: seen.size,
    hours: diffs.length,
    days: Math.max(1, Math.round(span)),
  };
}

/** stationNeighbours find's answer. */
export interface NeighbourAnswer {
  radiusKm: number;
  /** Public stations within the radius that reported in the window. */
  neighbours: number;
  /** Whether the station has a position to compare from. */
  positioned: boolean;
  hints: NeighbourHint[];
}
