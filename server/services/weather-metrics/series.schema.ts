// Query rules for the series services (spec §7, §9 graph periods).
import { BadRequest } from '@feathersjs/errors';
import { METRIC_BY_KEY } from '../../../src/domain/catalogue';
import type { Aggregate, BucketRange } from '../../../src/domain/types';
import { MESSAGES } from '../../../src/domain/validate';
import { codedError } from '../../hooks/error-codes';
import { num, str } from '../../hooks/validate';

export const BUCKET: Record<BucketRange, number> = { '5m': 300, '30m': 1800, '1h': 3600, '1d': 86400 };
const MAX_POINTS = 20_000;
const AGGREGATES = new Set<Aggregate>(['mean', 'min', 'max', 'sum', 'count', 'last']);

/** `from`/`to` in unix seconds, to > from, at most MAX_POINTS buckets. */
export function timeRange(
  query: Record<string, unknown>,
  bucketSeconds: number,
): { from: number; to: number } {
  const from = num(query, 'from', { required: true, integer: true, min: 0, max: 4102444800 })!;
  const to = num(query, 'to', { required: true, integer: true, min: 0, max: 4102444800 })!;
  return checked(from, to, bucketSeconds);
}

/** `startTime`/`endTime` as ISO dates (or unix seconds). */
export function isoRange(
  query: Record<string, unknown>,
  bucketSeconds: number,
): { from: number; to: number } {
  return checked(isoSeconds(query, 'startTime'), isoSeconds(query, 'endTime'), bucketSeconds);
}

function isoSeconds(query: Record<string, unknown>, key: string): number {
  const raw = str(query, key, { required: true, max: 40 })!;
  const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw);
  if (!Number.isFinite(ms)) throw new BadRequest(`${key} must be an ISO date`, { field: key });
  return Math.floor(ms / 1000);
}

function checked(from: number, to: number, bucketSeconds: number) {
  if (to <= from) throw codedError(BadRequest, 'invalidTimePeriod');
  if ((to - from) / bucketSeconds > MAX_POINTS)
    throw new BadRequest(`${MESSAGES.invalidTimePeriod}: too many points`);
  return { from, to };
}

export function bucketRange(v: unknown, allowed: BucketRange[], field = 'type'): BucketRange {
  if (typeof v !== 'string' || !allowed.includes(v as BucketRange))
    throw new BadRequest(`${field} must be one of ${allowed.join(', ')}`, { field });
  return v as BucketRange;
}

export interface Column {
  name: string;
  key: string;
  aggregate: Aggregate | null;
}

/** `metrics` as an array or comma list of `mean_tempc0`-style names (plain keys allowed, and required at 5m). */
export function metricColumns(v: unknown, range: BucketRange): Column[] {
  const names = (
    Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : Object.values((v as object) ?? {})
  )
    .map((n) => (typeof n === 'string' ? n.trim() : ''))
    .filter(Boolean);
  if (names.length === 0) throw new BadRequest('metrics is required', { field: 'metrics' });
  if (names.length > 200) throw new BadRequest('Too many metrics', { field: 'metrics' });
  return names.map((name) => {
    const m = /^(mean|min|max|sum|count|last)_(.+)$/.exec(name);
    const key = m && range !== '5m' ? m[2] : name;
    const aggregate = m && range !== '5m' ? (m[1] as Aggregate) : null;
    if (!METRIC_BY_KEY[key] || (aggregate && !AGGREGATES.has(aggregate)))
      throw new BadRequest(`Unknown metric ${name}`, { field: 'metrics' });
    return { name, key, aggregate };
  });
}
