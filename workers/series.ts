// Graph data (spec §9 graph periods): from Dexie history when it covers the range (aggregating 5m → 30m/1h in
// the worker), else `weatherMetrics/queryGroup`, whose answers are cached in Dexie `series` so a graph seen once
// works offline. Values are converted to the user's units here, once, into transferable Float64Arrays.

import { isTransient } from '../src/api/errors';
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
    const { x, ys, units } = toSeries(rows, keys, prefs);
    return { keys, units, x, ys, bucket, fromCache };
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
