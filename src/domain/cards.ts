// Dashboard cards of spec §1 and the metric keys each shows.
import { CHANNELS, LEAK_CHANNELS, METRICS, PIEZO_TOTALS, PM_CHANNELS, SENSOR_CHANNELS } from './catalogue';
import { deviceType } from './deviceTypeDefs';

export interface CardDef {
  key: string;
  /** 'feature' cards (forecast, sun/moon, overview, sky) come from the device type, not from its metrics. */
  kind: 'metric' | 'feature';
  /** Every key the card and its details show. */
  metrics: string[];
  /** The large reading; null for cards that are a list (leakage, battery) or not a reading (forecast). */
  primary: string | null;
  /** The 2-4 small readings under the primary one. */
  secondary: string[];
  /** Channel number for channel and PM cards, else 0. */
  channel: number;
}

function card(
  key: string,
  metrics: string[],
  primary: string | null,
  secondary: string[] = [],
  channel = 0,
): CardDef {
  return { key, kind: 'metric', metrics, primary, secondary, channel };
}

const feature = (key: string, metrics: string[] = [], primary: string | null = null): CardDef => ({
  key,
  kind: 'feature',
  metrics,
  primary,
  secondary: metrics.filter((k) => k !== primary).slice(0, 4),
  channel: 0,
});

const nums = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const LEAKS = nums(LEAK_CHANNELS);

/** Cards in their default dashboard order. */
export const CARDS: CardDef[] = [
  card('wbgt', ['wbgt', 'tempc0', 'humc0', 'bgt'], 'wbgt', ['tempc0', 'humc0', 'bgt']),
  card(
    'outdoor',
    ['tempc0', 'humc0', 'feelslike', 'dewpoint', 'heatindex', 'windchill', 'batc0', 'cnc0'],
    'tempc0',
    ['humc0', 'feelslike', 'dewpoint'],
  ),
  card('wind', ['windspd', 'gust', 'windavg10m', 'winddir', 'maxdailygust', 'winddiravg10m'], 'windspd', [
    'gust',
    'windavg10m',
    'winddir',
  ]),
  // The primary follows the barometer preference (default Abs); see baroPrimary().
  card('baro', ['absbaro', 'relbaro'], 'absbaro', ['relbaro']),
  card(
    'rain',
    [
      'dailyrain',
      'rainrate',
      'hourlyrain',
      'eventrain',
      'weeklyrain',
      'monthlyrain',
      'yearlyrain',
      'totalrain',
    ],
    'dailyrain',
    ['rainrate', 'hourlyrain', 'eventrain'],
  ),
  // A WS90's piezo gauge beside a tipping bucket: the second gauge, with the sensor's capacitor voltage.
  card(
    'piezoRain',
    [
      'dailyrainpiezo',
      'rainratepiezo',
      ...PIEZO_TOTALS.filter((k) => k !== 'dailyrainpiezo'),
      'rainingpiezo',
      'ws90capvolt',
    ],
    'dailyrainpiezo',
    ['rainratepiezo', 'hourlyrainpiezo', 'eventrainpiezo'],
  ),
  card('indoor', ['tempin', 'humin', 'batin'], 'tempin', ['humin']),
  card('uv', ['uvi'], 'uvi'),
  card('light', ['solarrad'], 'solarrad'),
  ...nums(CHANNELS).map((n) =>
    card(
      `channel${n}`,
      [`tempc${n}`, `humc${n}`, `dewpointc${n}`, `heatindexc${n}`, `typec${n}`, `batc${n}`, `cnc${n}`],
      `tempc${n}`,
      [`humc${n}`, `dewpointc${n}`, `heatindexc${n}`],
      n,
    ),
  ),
  ...nums(SENSOR_CHANNELS).map((n) => card(`soil${n}`, [`soilc${n}`, `batsoilc${n}`], `soilc${n}`, [], n)),
  ...nums(SENSOR_CHANNELS).map((n) => card(`probe${n}`, [`tfc${n}`, `battfc${n}`], `tfc${n}`, [], n)),
  ...nums(SENSOR_CHANNELS).map((n) => card(`leaf${n}`, [`leafc${n}`, `batleafc${n}`], `leafc${n}`, [], n)),
  feature('forecast'),
  feature('sunMoon'),
  feature('overview', ['tempc0', 'humc0', 'windspd', 'dailyrain', 'absbaro', 'uvi'], 'tempc0'),
  feature('sky'),
  card(
    'lightning',
    [
      'lightning1h',
      'lightningdist',
      'lightningtime',
      'lightning5m',
      'lightning30m',
      'lightning1d',
      'batlightning',
      'cnlightning',
    ],
    'lightning1h',
    ['lightningdist', 'lightningtime', 'lightning1d'],
  ),
  card(
    'leakage',
    LEAKS.flatMap((n) => [`leakc${n}`, `batleakc${n}`, `cnleakc${n}`]),
    null,
  ),
  ...nums(PM_CHANNELS).map((n) =>
    card(
      `pmChannel${n}`,
      [
        `pm25c${n}`,
        `pm10c${n}`,
        `pm25aqic${n}`,
        `pm10aqic${n}`,
        `pm25avg24hc${n}`,
        `pm10avg24hc${n}`,
        `batpmc${n}`,
        `cnpmc${n}`,
      ],
      `pm25c${n}`,
      [`pm10c${n}`, `pm25aqic${n}`, `pm10aqic${n}`],
      n,
    ),
  ),
  card('hcho', ['hcho', 'bathcho', 'cnhcho'], 'hcho'),
  // A WH45 also measures temperature and humidity, and sends 24-hour averages.
  card('co2', ['co2', 'co2avg24h', 'tempco2', 'humco2', 'batco2', 'cnco2'], 'co2', [
    'co2avg24h',
    'tempco2',
    'humco2',
  ]),
  card('co', ['co', 'batco', 'cnco'], 'co'),
  card('voc', ['voc', 'bathcho', 'cnhcho'], 'voc'),
  card(
    'battery',
    METRICS.filter((d) => d.unitType === 'battery').map((d) => d.key),
    null,
  ),
];

export const CARD_BY_KEY: Record<string, CardDef> = Object.fromEntries(CARDS.map((c) => [c.key, c]));

/** The baro card's primary key for the barometer preference. */
export function baroPrimary(barometer: 'Abs' | 'Rel' = 'Abs'): string {
  return barometer === 'Rel' ? 'relbaro' : 'absbaro';
}

/** The cards a device type offers, each limited to the keys that type has. Unknown types act as type 0. */
export function cardsForType(typeId: number): CardDef[] {
  const type = deviceType(typeId);
  const has = new Set(type.metrics);
  const out: CardDef[] = [];
  for (const c of CARDS) {
    const metrics = c.metrics.filter((k) => has.has(k));
    const offered =
      c.kind === 'feature'
        ? (type.features as string[]).includes(c.key)
        : c.primary === null
          ? metrics.length > 0
          : has.has(c.primary);
    if (offered) out.push({ ...c, metrics, secondary: c.secondary.filter((k) => has.has(k)) });
  }
  return out;
}
