// weatherMetrics (raw), weatherMetrics/5m, /query (5m | 1d), /queryGroup (5m | 30m | 1h | 1d with
// `mean_`… prefixes) and /batchLastData: all coded [columns, rows], MessagePack when asked.
import { http } from 'msw';
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import { toCoded } from '../../src/domain/codec';
import type { Aggregate, BucketRange, Sample } from '../../src/domain/types';
import { MESSAGES } from '../../src/domain/validate';
import { caller, canRead, dataAllowed, readableData } from '../access';
import type { MockDb } from '../db';
import { answer, badRequest, codedError } from '../errors';
import type { Query } from '../query';
import { coded, queryOf } from '../respond';
import { aggregateOf, BUCKET, bucketsOf, primaryRow } from '../series';
import { idList, num, str } from '../validate';

const MAX_POINTS = 20_000;
const AGGREGATES = new Set<Aggregate>(['mean', 'min', 'max', 'sum', 'count', 'last']);

function checked(from: number, to: number, bucketSeconds: number) {
  if (to <= from) throw codedError(400, 'invalidTimePeriod');
  if ((to - from) / bucketSeconds > MAX_POINTS)
    throw badRequest(`${MESSAGES.invalidTimePeriod}: too many points`);
  return { from, to };
}

function timeRange(query: Query, bucketSeconds: number) {
  const from = num(query, 'from', { required: true, integer: true, min: 0, max: 4102444800 })!;
  const to = num(query, 'to', { required: true, integer: true, min: 0, max: 4102444800 })!;
  return checked(from, to, bucketSeconds);
}

function isoSeconds(query: Query, key: string): number {
  const raw = str(query, key, { required: true, max: 40 })!;
  const ms = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw);
  if (!Number.isFinite(ms)) throw badRequest(`${key} must be an ISO date`, { field: key });
  return Math.floor(ms / 1000);
}

function bucketRange(v: unknown, allowed: BucketRange[], field = 'type'): BucketRange {
  if (typeof v !== 'string' || !allowed.includes(v as BucketRange))
    throw badRequest(`${field} must be one of ${allowed.join(', ')}`, { field });
  return v as BucketRange;
}

function metricColumns(v: unknown, range: BucketRange) {
  const names = (
    Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : Object.values((v as object) ?? {})
  )
    .map((n) => (typeof n === 'string' ? n.trim() : ''))
    .filter(Boolean);
  if (names.length === 0) throw badRequest('metrics is required', { field: 'metrics' });
  if (names.length > 200) throw badRequest('Too many metrics', { field: 'metrics' });
  return names.map((name) => {
    const m = /^(mean|min|max|sum|count|last)_(.+)$/.exec(name);
    const key = m && range !== '5m' ? m[2] : name;
    const aggregate = m && range !== '5m' ? (m[1] as Aggregate) : null;
    if (!METRIC_BY_KEY[key] || (aggregate && !AGGREGATES.has(aggregate)))
      throw badRequest(`Unknown metric ${name}`, { field: 'metrics' });
    return { name, key, aggregate };
  });
}

export function seriesRoutes(base: string, db: MockDb) {
  const rowsOf = (id: string) => db.samples.get(id) ?? [];
  return [
    http.get(`${base}/weatherMetrics/batchLastData`, ({ request }) =>
      answer(() => {
        const user = caller(db, request);
        const ids = idList(queryOf(request).devices, 'devices');
        const rows: (Sample & { device: string })[] = [];
        for (const id of ids) {
          const device = db.devices.get(id);
          const last =
            device && canRead(device, user) && dataAllowed(db, device) ? rowsOf(id).at(-1) : undefined;
          if (last) rows.push({ ...last, device: id } as Sample & { device: string });
        }
        const [columns, values] = toCoded(rows);
        const order = ['device', ...columns.filter((c) => c !== 'device')];
        const index = order.map((c) => columns.indexOf(c));
        return coded(request, [order, values.map((r) => index.map((i) => r[i]))]);
      }),
    ),
    http.get(`${base}/weatherMetrics/queryGroup`, ({ request }) =>
      answer(() => {
        const query = queryOf(request);
        const device = readableData(db, query.device, caller(db, request));
        const range = bucketRange(query.range, ['5m', '30m', '1h', '1d'], 'range');
        const { from, to } = checked(
          isoSeconds(query, 'startTime'),
          isoSeconds(query, 'endTime'),
          BUCKET[range],
        );
        const columns = metricColumns(query.metrics, range);
        const start = range === '1d' ? from : from - (from % BUCKET[range]);
        const buckets = bucketsOf(rowsOf(device._id), range, device.timezone, start, to);
        const rows = buckets.map((b) => [b.time, ...columns.map((c) => aggregateOf(b, c.key, c.aggregate))]);
        return coded(request, [['time', ...columns.map((c) => c.name)], rows]);
      }),
    ),
    http.get(`${base}/weatherMetrics/query`, ({ request }) =>
      answer(() => {
        const query = queryOf(request);
        const device = readableData(db, query.device, caller(db, request));
        const type = bucketRange(query.type, ['5m', '1d']);
        const { from, to } = timeRange(query, BUCKET[type]);
        const buckets = bucketsOf(rowsOf(device._id), type, device.timezone, from, to);
        return coded(request, toCoded(buckets.map(primaryRow)));
      }),
    ),
    http.get(`${base}/weatherMetrics/5m`, ({ request }) =>
      answer(() => {
        const query = queryOf(request);
        const device = readableData(db, query.device, caller(db, request));
        const { from, to } = timeRange(query, 300);
        return coded(request, toCoded(bucketsOf(rowsOf(device._id), '5m', 'UTC', from, to).map(primaryRow)));
      }),
    ),
    http.get(`${base}/weatherMetrics`, ({ request }) =>
      answer(() => {
        const query = queryOf(request);
        const device = readableData(db, query.device, caller(db, request));
        const { from, to } = timeRange(query, 16);
        return coded(request, toCoded(rowsOf(device._id).filter((r) => r.time >= from && r.time < to)));
      }),
    ),
  ];
}
