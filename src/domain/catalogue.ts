// The metric catalogue (docs/architecture.md §7): every key, its base unit, valid range, decimals, units and aggregates.
// Order matters: it is the column order of the coded wire format.
import type { Aggregate, MetricDef, MetricGroup, UnitType } from './types';
import { UNIT_TYPES } from './unitTypes';

/**
 * How a metric folds into buckets:
 * - reading: instantaneous value, graph the mean.
 * - total: running total that resets (daily rain, daily max gust, strikes today): the max is the bucket's value.
 * - rate / gust: peaks matter more than the mean.
 * - window: a count over a rolling window (lightning 5m/30m/1h) that every upload repeats, so summing would
 *   count the same strikes many times; the max is the busiest window in the bucket. No metric uses `sum`.
 * - nearest: lightning distance, the closest strike is the one that matters.
 * - latest: unix time of the last strike, the max is the latest.
 * - any: leak flag, a leak anywhere in the bucket shows.
 * - state: batteries, links, sensor type: last value only.
 * - direction: degrees cannot be averaged arithmetically (350° and 10° are not 180°): last value only.
 * - running: a value of the day so far that may fall as well as rise (degree days from the day's mean so far):
 *   the last is the bucket's value, so a day's bucket holds the whole day's.
 */
type Fold =
  | 'reading'
  | 'total'
  | 'rate'
  | 'gust'
  | 'window'
  | 'nearest'
  | 'latest'
  | 'any'
  | 'state'
  | 'direction'
  | 'running';

const FOLDS: Record<Fold, [Aggregate[], Aggregate]> = {
  reading: [['mean', 'min', 'max', 'last'], 'mean'],
  total: [['max', 'last'], 'max'],
  rate: [['mean', 'min', 'max', 'last'], 'max'],
  gust: [['mean', 'min', 'max', 'last'], 'max'],
  window: [['max', 'last'], 'max'],
  nearest: [['mean', 'min', 'max', 'last'], 'min'],
  latest: [['max', 'last'], 'max'],
  any: [['max', 'last'], 'max'],
  state: [['last'], 'last'],
  direction: [['last'], 'last'],
  running: [['max', 'last'], 'last'],
};

interface Kind {
  unitType: UnitType;
  min: number;
  max: number;
  fold: Fold;
  /** Readings that rest for days and jump (soil moisture, leaf wetness): no rate or stuck rule (qc.ts). */
  steady?: true;
}

const temp = (min = -60, max = 80): Kind => ({
  unitType: 'temperature',
  min,
  max,
  fold: 'reading',
});
const HUM: Kind = { unitType: 'humidity', min: 0, max: 100, fold: 'reading' };
const WETNESS: Kind = { ...HUM, steady: true };
const BARO: Kind = { unitType: 'pressure', min: 300, max: 1100, fold: 'reading' };
const BATTERY: Kind = { unitType: 'battery', min: 0, max: 5, fold: 'state' };
const LINK: Kind = { unitType: 'state', min: 0, max: 1, fold: 'state' };
const speed = (fold: Fold): Kind => ({
  unitType: 'windSpeed',
  min: 0,
  max: 50,
  fold,
});
const RAIN_TOTAL: Kind = { unitType: 'rain', min: 0, max: 10000, fold: 'total' };
const STRIKES: Kind = { unitType: 'count', min: 0, max: 1000, fold: 'window' };
const PM: Kind = { unitType: 'pm', min: 0, max: 1000, fold: 'reading' };
const AQI: Kind = { unitType: 'aqi', min: 0, max: 500, fold: 'reading' };

// Apparent temperatures reach further than the air temperature (wind chill at -50 °C and 100 km/h is about -80).
const APPARENT = temp(-80, 80);
const HEAT = temp(-60, 100);

function metric(key: string, kind: Kind, group: MetricGroup, channel = 0): MetricDef {
  const [aggregates, primary] = FOLDS[kind.fold];
  const { units } = UNIT_TYPES[kind.unitType];
  return {
    key,
    unit: units[0].unit,
    unitType: kind.unitType,
    min: kind.min,
    max: kind.max,
    dp: units[0].dp,
    units,
    group,
    channel,
    aggregates,
    primary,
    ...(kind.steady ? { steady: true as const } : {}),
  };
}

/** Thermo-hygro channels 1..8 (channel 8 came later: its keys sit at the end of the catalogue). */
export const CHANNELS = 8;
/** Soil moisture (WH51), temperature probe (WN34) and leaf wetness (WN35) channels 1..8. */
export const SENSOR_CHANNELS = 8;
export const LEAK_CHANNELS = 7;
export const PM_CHANNELS = 4;

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

function build(): MetricDef[] {
  const m: MetricDef[] = [
    metric('tempin', temp(), 'console'),
    metric('humin', HUM, 'console'),
    metric('absbaro', BARO, 'console'),
    metric('relbaro', BARO, 'console'),
    metric('batin', BATTERY, 'console'),

    metric('tempc0', temp(), 'outdoor'),
    metric('humc0', HUM, 'outdoor'),
    metric('dewpoint', APPARENT, 'outdoor'),
    metric('feelslike', APPARENT, 'outdoor'),
    metric('heatindex', HEAT, 'outdoor'),
    metric('windchill', APPARENT, 'outdoor'),
    metric('wbgt', temp(), 'outdoor'),
    metric('batc0', BATTERY, 'outdoor'),
    metric('cnc0', LINK, 'outdoor'),

    metric('winddir', { unitType: 'windDirection', min: 0, max: 360, fold: 'direction' }, 'wind'),
    metric('windspd', speed('reading'), 'wind'),
    metric('windavg10m', speed('reading'), 'wind'),
    metric('gust', speed('gust'), 'wind'),
    metric('maxdailygust', speed('total'), 'wind'),

    metric('rainrate', { unitType: 'rainRate', min: 0, max: 1000, fold: 'rate' }, 'rain'),
    ...['eventrain', 'hourlyrain', 'dailyrain', 'weeklyrain', 'monthlyrain', 'yearlyrain'].map((k) =>
      metric(k, RAIN_TOTAL, 'rain'),
    ),

    metric('uvi', { unitType: 'uv', min: 0, max: 20, fold: 'reading' }, 'sun'),
    metric('solarrad', { unitType: 'light', min: 0, max: 200000, fold: 'reading' }, 'sun'),
  ];

  for (const n of range(7)) m.push(...thermoHygroChannel(n));

  m.push(
    metric('lightningdist', { unitType: 'distance', min: 0, max: 40, fold: 'nearest' }, 'lightning'),
    // Unix seconds of the last strike, up to 2100-01-01.
    metric('lightningtime', { unitType: 'time', min: 0, max: 4102444800, fold: 'latest' }, 'lightning'),
    metric('lightning5m', STRIKES, 'lightning'),
    metric('lightning30m', STRIKES, 'lightning'),
    metric('lightning1h', STRIKES, 'lightning'),
    // A day's running count: more room than a window, still far below the 65536 sentinel.
    metric('lightning1d', { ...STRIKES, max: 10000, fold: 'total' }, 'lightning'),
    metric('batlightning', BATTERY, 'lightning'),
    metric('cnlightning', LINK, 'lightning'),
  );

  for (const n of range(LEAK_CHANNELS)) {
    m.push(
      metric(`leakc${n}`, { unitType: 'state', min: 0, max: 1, fold: 'any' }, 'leak', n),
      metric(`batleakc${n}`, BATTERY, 'leak', n),
      metric(`cnleakc${n}`, LINK, 'leak', n),
    );
  }

  for (const n of range(PM_CHANNELS)) {
    m.push(
      metric(`pm25c${n}`, PM, 'pm', n),
      metric(`pm10c${n}`, PM, 'pm', n),
      metric(`pm25aqic${n}`, AQI, 'pm', n),
      metric(`pm10aqic${n}`, AQI, 'pm', n),
      metric(`batpmc${n}`, BATTERY, 'pm', n),
      metric(`cnpmc${n}`, LINK, 'pm', n),
    );
  }

  m.push(
    metric('hcho', { unitType: 'hcho', min: 0, max: 1000, fold: 'reading' }, 'air'),
    // VOC level 1 (worst) .. 5 (best).
    metric('voc', { unitType: 'level', min: 1, max: 5, fold: 'reading' }, 'air'),
    metric('co2', { unitType: 'co2', min: 0, max: 10000, fold: 'reading' }, 'air'),
    metric('co', { unitType: 'co', min: 0, max: 1000, fold: 'reading' }, 'air'),
    metric('bathcho', BATTERY, 'air'),
    metric('cnhcho', LINK, 'air'),
    metric('batco2', BATTERY, 'air'),
    metric('cnco2', LINK, 'air'),
    metric('batco', BATTERY, 'air'),
    metric('cnco', LINK, 'air'),
  );
  m.push(...added());
  return m;
}

function thermoHygroChannel(n: number): MetricDef[] {
  return [
    metric(`tempc${n}`, temp(), 'channel', n),
    metric(`humc${n}`, HUM, 'channel', n),
    metric(`dewpointc${n}`, APPARENT, 'channel', n),
    metric(`heatindexc${n}`, HEAT, 'channel', n),
    // 2 thermo-hygro, 3 pool, 4 soil; room for future sensor types.
    metric(`typec${n}`, { unitType: 'none', min: 0, max: 10, fold: 'state' }, 'channel', n),
    metric(`batc${n}`, BATTERY, 'channel', n),
    metric(`cnc${n}`, LINK, 'channel', n),
  ];
}

/**
 * Sensors added after the first catalogue (issue #9): appended, never inserted, since stored records index
 * the catalogue by position. Soil moisture, probes and leaf wetness have channels of their own: a WH51 on
 * channel 1 and a WH31 on channel 1 are two sensors.
 */
function added(): MetricDef[] {
  const m: MetricDef[] = [...thermoHygroChannel(8)];
  for (const n of range(SENSOR_CHANNELS)) {
    m.push(
      metric(`soilc${n}`, WETNESS, 'channel', n),
      metric(`batsoilc${n}`, BATTERY, 'channel', n),
      metric(`tfc${n}`, temp(), 'channel', n),
      metric(`battfc${n}`, BATTERY, 'channel', n),
      metric(`leafc${n}`, WETNESS, 'channel', n),
      metric(`batleafc${n}`, BATTERY, 'channel', n),
    );
  }
  // The black globe heats well above the air in full sun.
  m.push(metric('bgt', temp(-60, 100), 'outdoor'), metric('batbgt', BATTERY, 'outdoor'));
  m.push(
    metric('tempco2', temp(), 'air'),
    metric('humco2', HUM, 'air'),
    metric('co2avg24h', { unitType: 'co2', min: 0, max: 10000, fold: 'reading' }, 'air'),
  );
  for (const n of range(PM_CHANNELS))
    m.push(metric(`pm25avg24hc${n}`, PM, 'pm', n), metric(`pm10avg24hc${n}`, PM, 'pm', n));
  // The gauge's lifetime count: far more room than a year's.
  m.push(metric('totalrain', { ...RAIN_TOTAL, max: 100000 }, 'rain'));
  m.push(metric('winddiravg10m', { unitType: 'windDirection', min: 0, max: 360, fold: 'direction' }, 'wind'));
  // WS90: its supercapacitor (charged by the solar cell), and its piezo rain gauge as a second gauge.
  m.push(
    metric('ws90capvolt', { unitType: 'voltage', min: 0, max: 10, fold: 'reading' }, 'rain'),
    metric('rainratepiezo', { unitType: 'rainRate', min: 0, max: 1000, fold: 'rate' }, 'rain'),
    ...PIEZO_TOTALS.map((k) => metric(k, RAIN_TOTAL, 'rain')),
    // 1 while the piezo senses rain.
    metric('rainingpiezo', { ...LINK, fold: 'any' }, 'rain'),
  );
  // Issue #13: 1 when `wbgt` was estimated at ingest (wbgt.ts), not sent by the console; any estimate in a
  // bucket marks it.
  m.push(metric('wbgtestimated', { ...LINK, fold: 'any' }, 'outdoor'));
  // Issue #26: the day so far of the station's own climate, derived at ingest (server/ingest/climate-today.ts).
  // ET₀ accumulates over the day (a running total, as daily rain); degree days follow the day's mean so far.
  const DEGREE_DAYS: Kind = {
    unitType: 'degreeDays',
    min: 0,
    max: 100,
    fold: 'running',
  };
  m.push(
    metric('et0day', { ...RAIN_TOTAL, unitType: 'et0', max: 30 }, 'outdoor'),
    metric('hddday', DEGREE_DAYS, 'outdoor'),
    metric('cddday', DEGREE_DAYS, 'outdoor'),
    metric('gddday', DEGREE_DAYS, 'outdoor'),
  );
  return m;
}

export const PIEZO_TOTALS = [
  'eventrainpiezo',
  'hourlyrainpiezo',
  'dailyrainpiezo',
  'weeklyrainpiezo',
  'monthlyrainpiezo',
  'yearlyrainpiezo',
];

export const METRICS: MetricDef[] = build();

export const METRIC_BY_KEY: Record<string, MetricDef> = Object.fromEntries(METRICS.map((d) => [d.key, d]));

export const METRIC_KEYS: string[] = METRICS.map((d) => d.key);

const INDEX = new Map(METRIC_KEYS.map((k, i) => [k, i]));

export function isMetricKey(k: unknown): k is string {
  return typeof k === 'string' && INDEX.has(k);
}

/** Catalogue position of a key (for column order); unknown keys sort last. */
export function metricIndex(k: string): number {
  return INDEX.get(k) ?? METRIC_KEYS.length;
}

/** Keys of a group, optionally limited to channels 1..maxChannel (channel 0 always kept). */
export function groupKeys(group: MetricGroup, maxChannel = Number.POSITIVE_INFINITY): string[] {
  return METRICS.filter((d) => d.group === group && d.channel <= maxChannel).map((d) => d.key);
}
