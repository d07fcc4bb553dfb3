// Shapes shared by the forecast providers and the forecast service.

export type ForecastType = 'current' | 'hourly' | 'daily';
export const FORECAST_TYPES: readonly ForecastType[] = ['current', 'hourly', 'daily'];

/** Who made a forecast (issue 22: the card says which): Open-Meteo, or the station's own barometric one. */
export type ForecastSource = 'open-meteo' | 'local';

/** A forecast table: `dt` (unix s) first, then catalogue-like keys. */
export interface ForecastTable {
  columns: string[];
  rows: (number | string | null)[][];
  source?: ForecastSource;
}

export type Forecast = Record<ForecastType, ForecastTable>;

/** Weather summaries the UI draws an icon for. */
export type Summary = 'sunny' | 'partlyCloudy' | 'cloudy' | 'fog' | 'unsettled' | 'rain' | 'snow' | 'storm';

/** What a provider needs to know about the station. */
export interface ForecastSite {
  _id: string;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
}

export interface ForecastProvider {
  readonly name: string;
  forecast(site: ForecastSite, now: number): Promise<Forecast>;
}

/** Builds a table from records, in the order of `columns`; missing values become null. */
export function table(columns: string[], records: Record<string, number | string | null | undefined>[]) {
  return {
    columns,
    rows: records.map((r) => columns.map((c) => r[c] ?? null)),
  } satisfies ForecastTable;
}

/** The forecast with its maker on every table. */
export const withSource = (f: Forecast, source: ForecastSource): Forecast => ({
  current: { ...f.current, source },
  hourly: { ...f.hourly, source },
  daily: { ...f.daily, source },
});

export const round = (v: number | null | undefined, dp = 1): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Number(v.toFixed(dp)) : null;
