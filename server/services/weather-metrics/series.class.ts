// Series answers, all coded [columns, rows] (JSON or MessagePack):
//  weatherMetrics          raw samples            {device, from, to}
//  weatherMetrics/5m       5-minute points        {device, from, to}
//  weatherMetrics/query    5m or daily points     {device, from, to, type}
//  weatherMetrics/queryGroup  5m/30m/1h/1d aggregates {device, range, metrics, startTime, endTime}
//  weatherMetrics/batchLastData  newest row per device {devices}
// 30-minute and hourly answers are folded from 5-minute buckets; daily ones come from the daily buckets.
import type { Params } from '@feathersjs/feathers';
import { type Agg, aggValue, mergeAgg } from '../../../src/domain/aggregate';
import { METRIC_BY_KEY } from '../../../src/domain/catalogue';
import { toCoded } from '../../../src/domain/codec';
import type { Coded, Sample } from '../../../src/domain/types';
import { asCoded } from '../../codec';
import type { Application, AuthUser } from '../../declarations';
import { idList } from '../../hooks/validate';
import { type BucketRow, primaryRow } from '../../storage/samples';
import { canRead } from '../devices/device-record';
import { BUCKET, bucketRange, isoRange, metricColumns, timeRange } from './series.schema';

type P = Params & { user?: AuthUser };

abstract class SeriesBase {
  constructor(protected app: Application) {}

  protected device(params: P) {
    const devices = this.app.service('weatherDevices');
    return devices.readableData(params.query?.device, params.user);
  }
}

export class SamplesService extends SeriesBase {
  async find(params: P): Promise<Coded> {
    const device = await this.device(params);
    const { from, to } = timeRange(params.query ?? {}, 16);
    return asCoded(toCoded(await this.app.ctx.samples.samples(device._id, from, to)));
  }
}

export class FiveMinuteService extends SeriesBase {
  async find(params: P): Promise<Coded> {
    const device = await this.device(params);
    const { from, to } = timeRange(params.query ?? {}, 300);
    const buckets = await this.app.ctx.samples.buckets('buckets5m', device._id, from, to);
    return asCoded(toCoded(buckets.map((b) => primaryRow(b.time, b.aggs))));
  }
}

export class QueryService extends SeriesBase {
  async find(params: P): Promise<Coded> {
    const query = params.query ?? {};
    const device = await this.device(params);
    const type = bucketRange(query.type, ['5m', '1d']);
    const { from, to } = timeRange(query, BUCKET[type]);
    return asCoded(
      await this.app.ctx.samples.primaryCoded(
        type === '5m' ? 'buckets5m' : 'buckets1d',
        device._id,
        from,
        to,
      ),
    );
  }
}

export class QueryGroupService extends SeriesBase {
  async find(params: P): Promise<Coded> {
    const query = params.query ?? {};
    const device = await this.device(params);
    const range = bucketRange(query.range, ['5m', '30m', '1h', '1d'], 'range');
    const { from, to } = isoRange(query, BUCKET[range]);
    const columns = metricColumns(query.metrics, range);
    // Hours and days are stored rollups; half hours are folded from the 5-minute buckets.
    const table = range === '1d' ? 'buckets1d' : range === '1h' ? 'buckets1h' : 'buckets5m';
    const keys = [...new Set(columns.map((c) => c.key))];
    // The bucket holding `from` counts (days are device-local, so they are not aligned to the epoch).
    const start = range === '1d' ? from : from - (from % BUCKET[range]);
    const buckets = await this.app.ctx.samples.buckets(table, device._id, start, to, keys);
    const grouped = range === '30m' ? regroup(buckets, BUCKET[range]) : buckets;
    const rows = grouped.map(({ time, aggs }) => [
      time,
      ...columns.map(({ key, aggregate }) => {
        const agg = aggs[key];
        return agg ? aggValue(agg, aggregate ?? METRIC_BY_KEY[key].primary) : null;
      }),
    ]);
    return asCoded([['time', ...columns.map((c) => c.name)], rows]);
  }
}

/** Folds time-sorted 5-minute buckets into larger aligned buckets. */
function regroup(buckets: BucketRow[], seconds: number): BucketRow[] {
  const out: BucketRow[] = [];
  for (const b of buckets) {
    const t = b.time - (b.time % seconds);
    let last = out[out.length - 1];
    if (!last || last.time !== t) {
      last = { time: t, aggs: {} };
      out.push(last);
    }
    for (const key in b.aggs)
      last.aggs[key] = last.aggs[key] ? mergeAgg(last.aggs[key] as Agg, b.aggs[key]) : b.aggs[key];
  }
  return out;
}

export class BatchLastDataService {
  constructor(private app: Application) {}

  async find(params: P): Promise<Coded> {
    const ids = idList(params.query?.devices, 'devices');
    const readable: string[] = [];
    for (const id of ids) {
      const device = await this.app.ctx.devices.get(id);
      // A paid type without a plan answers no row, like a device the caller cannot read.
      if (device && canRead(device, params.user) && (await this.app.ctx.plans.allows(device)))
        readable.push(id);
    }
    const latest = await this.app.ctx.samples.latest(readable);
    const rows: (Sample & { device: string })[] = [];
    for (const id of readable) {
      const row = latest.get(id);
      if (row) rows.push({ ...row, device: id } as Sample & { device: string });
    }
    const [columns, values] = toCoded(rows as Sample[]);
    // `device` leads so a reader can match rows to the ids it asked for.
    const order = ['device', ...columns.filter((c) => c !== 'device')];
    const index = order.map((c) => columns.indexOf(c));
    return asCoded([order, values.map((r) => index.map((i) => r[i]))]);
  }
}
