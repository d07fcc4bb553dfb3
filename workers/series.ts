// Graph data (spec §9 graph periods): from Dexie history when it covers the range (aggregating 5m → 30m/1h in
// the worker), else `weatherMetrics/queryGroup`, whose answers are cached in Dexie `series` so a graph seen once
// works offline. Values are converted to the user's units here, once, into transferable Float64Arrays.

import { isTransient } from '../src/bridge/errors';
import type { PortalDb, SeriesRow } from '../src/db/schema';
import { getSetting, SETTING } from '../src/db/settings';
import type { BucketRange, Sample } from '../src/domain';
import {
  aggColumn,
  DEFAULT_UNIT_PREFS,
  fromCoded,
  HISTORY_5M_SECONDS,
  HISTORY_DAILY_SECONDS,
  primaryOf,
  type TimedRow,
} from '../src/domain';
import { SERVICES } from '../src/domain/contract';
import { BUCKET_SECONDS, breakAtGaps } from '../src/domain/gaps';
import { aggregateRows } from './aggregate';
import type { SeriesData } from './api';
import type { Connection } from './connection';
import type { History, HistoryKind } from './history';
import { toSeries } from './units';
import { nowSeconds } from './util';

/** Cached graph answers kept (oldest dropped first). */
export const SERIES_CACHE_MAX = 200;

export const seriesId = (device: string, bucket: BucketRange, from: number, to: number, keys: string[]) =>
  `${device}|${bucket}|${from}|${to}|${keys.join(',')}`;

/** Keys drawn with a low/high band: averaged readings (temperature, humidity, wind…) above 5-minute buckets. */
export const bandKeys = (keys: string[], bucket: BucketRange) =>
  bucket === '5m' ? [] : keys.filter((k) => primaryOf(k) === 'mean');

/** `queryGroup` metric names: plain keys at 5m, else the key's primary aggregate ('mean_tempc0'). */
export const groupNames = (keys: string[], bucket: BucketRange) =>
  bucket === '5m' ? keys : keys.map((k) => aggColumn(primaryOf(k), k));

export class Series {
  constructor(
    private db: PortalDb,
    private conn: Connection,
    private history: History,
  ) {}

  async load(
    device: string,
    keys: string[],
    from: number,
    to: number,
    bucket: BucketRange,
    now = nowSeconds(),
  ): Promise<SeriesData> {
    const prefs = {
      ...DEFAULT_UNIT_PREFS,
      ...(await getSetting(this.db, SETTING.units)),
    };
    const tz = (await this.db.devices.get(device))?.timezone;
    const kind: HistoryKind | null =
      bucket !== '1d' && from >= now - HISTORY_5M_SECONDS
        ? '5m'
        : bucket === '1d' && from >= now - HISTORY_DAILY_SECONDS
          ? '1d'
          : null;

    let rows: Sample[] | null = null;
    let fromCache = false;
    if (kind) {
      try {
        await this.history.ensureKind(device, kind, from, to, now);
        rows = await this.local(device, kind, keys, from, to, bucket, tz);
      } catch (e) {
        if (!isTransient(e)) throw e;
        // Offline: a cached answer, else whatever history we hold.
        rows = await this.cached(device, keys, from, to, bucket);
        if (rows) fromCache = true;
        else rows = await this.local(device, kind, keys, from, to, bucket, tz);
        fromCache = true;
      }
    } else {
      try {
        rows = await this.remote(device, keys, from, to, bucket);
      } catch (e) {
        if (!isTransient(e)) throw e;
        rows = await this.cached(device, keys, from, to, bucket);
        if (!rows) throw e;
        fromCache = true;
      }
    }
    // A hole in the data is drawn as a hole (issue 27), not a straight line across it.
    const { x, ys, units } = toSeries(breakAtGaps(rows, BUCKET_SECONDS[bucket]), keys, prefs);
    const bands = await this.bands(device, kind, keys, from, to, bucket, x, prefs, tz).catch((e) => {
      // The mean line is drawn without its band rather than not at all.
      if (!isTransient(e)) console.warn('[series] band', e);
      return undefined;
    });
    return { keys, units, x, ys, bucket, from, to, fromCache, ...(bands?.length ? { bands } : {}) };
  }

  /**
   * Each averaged key's low and high per bucket (over 5 minutes): folded from held 5-minute rows, else asked of
   * the server (min_/max_ columns, cached like a graph answer). On the times of `x`; NaN where there is none.
   */
  private async bands(
    device: string,
    kind: HistoryKind | null,
    keys: string[],
    from: number,
    to: number,
    bucket: BucketRange,
    x: Float64Array,
    prefs: Parameters<typeof toSeries>[2],
    tz?: string,
  ): Promise<SeriesData['bands']> {
    const banded = bandKeys(keys, bucket);
    if (banded.length === 0 || x.length === 0) return undefined;
    let lows: Sample[];
    let highs: Sample[];
    if (kind === '5m') {
      const rows = (await this.db.metrics
        .where('[device+time]')
        .between([device, from], [device, to], true, false)
        .toArray()) as TimedRow[];
      lows = aggregateRows(rows, bucket, banded, tz, 'min') as Sample[];
      highs = aggregateRows(rows, bucket, banded, tz, 'max') as Sample[];
    } else {
      const rows = await this.bandRows(device, banded, from, to, bucket);
      const pick = (side: 'min' | 'max') =>
        rows.map((r) => {
          const out: Record<string, number | null> = { time: r.time };
          for (const k of banded) out[k] = (r[aggColumn(side, k)] as number | null | undefined) ?? null;
          return out as unknown as Sample;
        });
      lows = pick('min');
      highs = pick('max');
    }
    const at = new Map<number, number>();
    for (let i = 0; i < x.length; i++) at.set(x[i], i);
    const place = (rows: Sample[]) => {
      const s = toSeries(rows, banded, prefs);
      return s.ys.map((y) => {
        const out = new Float64Array(x.length).fill(Number.NaN);
        s.x.forEach((t, i) => {
          const j = at.get(t);
          if (j !== undefined) out[j] = y[i];
        });
        return out;
      });
    };
    const lo = place(lows);
    const hi = place(highs);
    return banded.map((key, i) => ({ key, lo: lo[i], hi: hi[i] }));
  }

  /** min_/max_ columns of `keys` from queryGroup (cached under a `band` id, so a graph seen once has it offline). */
  private async bandRows(device: string, keys: string[], from: number, to: number, bucket: BucketRange) {
    const id = seriesId(device, bucket, from, to, ['band', ...keys]);
    const names = keys.flatMap((k) => [aggColumn('min', k), aggColumn('max', k)]);
    try {
      const [columns, values] = await this.conn.find(SERVICES.queryGroup, {
        device,
        range: bucket,
        metrics: names.join(','),
        startTime: new Date(from * 1000).toISOString(),
        endTime: new Date(to * 1000).toISOString(),
      });
      await this.db.series.put({
        id,
        device,
        bucket,
        from,
        to,
        columns,
        rows: values.map((r) => r.map((v) => (typeof v === 'number' ? v : null))),
        fetchedAt: Date.now(),
      });
      await this.trimCache();
      return fromCoded<Sample & Record<string, number | null>>([columns, values]);
    } catch (e) {
      if (!isTransient(e)) throw e;
      const hit = await this.db.series.get(id);
      return hit ? fromCoded<Sample & Record<string, number | null>>([hit.columns, hit.rows]) : [];
    }
  }

  /** Held rows in [from, to), folded to the bucket. */
  private async local(
    device: string,
    kind: HistoryKind,
    keys: string[],
    from: number,
    to: number,
    bucket: BucketRange,
    tz?: string,
  ): Promise<Sample[]> {
    const table = kind === '5m' ? this.db.metrics : this.db.metricsDaily;
    const rows = await table
      .where('[device+time]')
      .between([device, from], [device, to], true, false)
      .toArray();
    if (bucket === '5m' || kind === '1d') return rows;
    return aggregateRows(rows as TimedRow[], bucket, keys, tz);
  }

  private async remote(device: string, keys: string[], from: number, to: number, bucket: BucketRange) {
    const names = groupNames(keys, bucket);
    const coded = await this.conn.find(SERVICES.queryGroup, {
      device,
      range: bucket,
      metrics: names.join(','),
      startTime: new Date(from * 1000).toISOString(),
      endTime: new Date(to * 1000).toISOString(),
    });
    // Columns come back as the requested names; store them under the plain keys.
    const [columns, values] = coded;
    const plain = columns.map((c) => (c === 'time' ? c : (keys[names.indexOf(c)] ?? c)));
    const rows = fromCoded<Sample>([plain, values]);
    const row: SeriesRow = {
      id: seriesId(device, bucket, from, to, keys),
      device,
      bucket,
      from,
      to,
      columns: plain,
      rows: values.map((r) => r.map((v) => (typeof v === 'number' ? v : null))),
      fetchedAt: Date.now(),
    };
    await this.db.series.put(row);
    await this.trimCache();
    return rows;
  }

  private async cached(device: string, keys: string[], from: number, to: number, bucket: BucketRange) {
    const hit = await this.db.series.get(seriesId(device, bucket, from, to, keys));
    return hit ? fromCoded<Sample>([hit.columns, hit.rows]) : null;
  }

  private async trimCache(): Promise<void> {
    const n = await this.db.series.count();
    if (n > SERIES_CACHE_MAX)
      await this.db.series
        .orderBy('fetchedAt')
        .limit(n - SERIES_CACHE_MAX)
        .delete();
  }
}
