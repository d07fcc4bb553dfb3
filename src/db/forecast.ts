// The forecast of a station as the worker stored it (Dexie `forecasts`, one row per type): tables → records.
import type { ForecastRow } from './schema';
import { useStoreQuery } from './store';

export type ForecastRecord = Record<string, number | string | null>;

export interface StoredForecast {
  current: ForecastRecord | null;
  hourly: ForecastRecord[];
  daily: ForecastRecord[];
  /** Unix ms of the newest stored part. */
  fetchedAt: number;
  /** Who made it: 'open-meteo', else the station's own barometric forecast ('local', or unknown before). */
  source: string | null;
}

const records = (row: ForecastRow | undefined): ForecastRecord[] =>
  row ? row.rows.map((r) => Object.fromEntries(row.columns.map((c, i) => [c, r[i] ?? null]))) : [];

/** undefined while loading; null when nothing is stored for the device. */
export function useForecast(device?: string): StoredForecast | null | undefined {
  return useStoreQuery(
    async (db) => {
      if (!device) return null;
      const rows = await db.forecasts.where('device').equals(device).toArray();
      if (rows.length === 0) return null;
      const of = (type: ForecastRow['type']) => rows.find((r) => r.type === type);
      return {
        current: records(of('current'))[0] ?? null,
        hourly: records(of('hourly')),
        daily: records(of('daily')),
        fetchedAt: Math.max(...rows.map((r) => r.fetchedAt)),
        source: (of('current') ?? of('daily'))?.source ?? null,
      };
    },
    [device],
  );
}
