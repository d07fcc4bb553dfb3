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
  // Issue #26: the station's own climate of the day so far (derived at ingest); an add-on, shown once the
  // station has the inputs (its place and a temperature: ET₀ needs the sun's position).
  card('climate', ['et0day', 'hddday', 'cddday', 'gddday'], 'et0day', ['hddday', 'cddday', 'gddday']),
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
  feature('overview', ['tempc0', 'humc0', 'windspd', 'dailyrain', 'absbaro', 'uvi', 'relbaro'], 'tempc0'),
  feature('sky'),
  // Issue 28: the station's camera (any type may have one); offered once it has sent an image.
  feature('camera'),
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

/**
 * The card a reading belongs to, to name it outside the card ("Outdoor · Temperature": alert items, export
 * headers): the one it is the primary reading of, else the first other one that shows it.
 */
export function homeCard(key: string): CardDef | undefined {
  const metric = CARDS.filter((c) => c.kind === 'metric');
  return (
    metric.find((c) => c.primary === key) ??
    metric.find((c) => c.key !== 'wbgt' && c.metrics.includes(key)) ??
    metric.find((c) => c.metrics.includes(key))
  );
}

/** The baro card's primary key for the barometer preference. */
export function baroPrimary(barometer: 'Abs' | 'Rel' = 'Abs'): string {
  return barometer === 'Rel' ? 'relbaro' : 'absbaro';
}

/**
 * The pressure to show (issue 22): the preferred one when the station sends it, else the one it has (a
 * Wunderground station sends only sea-level pressure), so a barometer never reads "---" while one exists.
 */
export function baroShown(
  barometer: 'Abs' | 'Rel' | undefined,
  sample: Record<string, number | null | undefined> | null | undefined,
): string {
  const want = baroPrimary(barometer);
  const other = want === 'absbaro' ? 'relbaro' : 'absbaro';
  const has = (k: string) => Number.isFinite(sample?.[k]);
  return !has(want) && has(other) ? other : want;
}

/** Cards of a numbered thermo-hygro channel or of a soil, probe or leaf sensor on that channel number. */
const CHANNEL_CARD = /^(channel|soil|probe|leaf)\d+$/;

/**
 * The cards a device type offers, each limited to the keys that type has. A channel beyond the type's count (an
 * eighth on a 7-channel type) is offered only once the station has sent it (`seen`). Unknown types act as type 0.
 */
export function cardsForType(typeId: number, seen: ReadonlySet<string> = new Set()): CardDef[] {
  const type = deviceType(typeId);
  const has = new Set(type.metrics);
  const out: CardDef[] = [];
  for (const c of CARDS) {
    const metrics = c.metrics.filter((k) => has.has(k));
    const offered =
      c.key === 'camera'
        ? true
        : c.kind === 'feature'
          ? (type.features as string[]).includes(c.key)
          : c.primary === null
            ? metrics.length > 0
            : has.has(c.primary);
    const extraChannel = CHANNEL_CARD.test(c.key) && c.channel > type.channels;
    if (offered && (!extraChannel || metrics.some((k) => seen.has(k))))
      out.push({ ...c, metrics, secondary: c.secondary.filter((k) => has.has(k)) });
  }
  return out;
}

/** The display setting fields that decide which cards show (contract DisplaySettings). */
export interface CardChoices {
  _id?: string;
  /** Visible cards in the owner's order (the type's default until the owner edits it). */
  metricsList: string[];
  /**
   * Cards the owner showed or hid by hand: for these the list decides. null on a record stored before
   * choices were kept (issue 22): every card of it then counts as chosen, so nothing the owner set changes.
   */
  chosenList?: string[] | null;
}

/** A card's readings without its battery and link flags (a battery level alone is no reading). */
const readings = (c: CardDef) => c.metrics.filter((k) => !/^(bat|cn)/.test(k));

/** The reading that tells a card's sensor is there: the black globe for WBGT (the portal estimates WBGT). */
function sensorKeys(c: CardDef): string[] {
  if (c.key === 'wbgt') return ['bgt'];
  return c.primary ? [c.primary] : c.metrics;
}

/**
 * The cards the dashboard shows and the ones "Show hidden cards" offers (issue 22). The owner's own show/hide
 * choices win; otherwise a card follows its sensor: it appears once the sensor has reported (`seen`: keys
 * that ever had a value, plus 'forecast' when a forecast is held) and is not shown while it never had data.
 * Feature cards (sun/moon, overview, sky) need no sensor and follow the list. Shown cards keep the list's
 * order; cards that appeared by themselves follow, in the default order.
 */
export function dashboardCards(
  offered: CardDef[],
  display: CardChoices,
  seen: ReadonlySet<string>,
): { shown: CardDef[]; hidden: CardDef[] } {
  const listed = new Set(display.metricsList);
  const legacy = display.chosenList == null && display._id !== undefined;
  const chosen = new Set(display.chosenList ?? []);
  const visible = (c: CardDef): boolean => {
    // The camera card needs images ('camera' once the station has one); a hide by the owner wins. Older records
    // (legacy) never chose it: it follows the images there too.
    if (c.key === 'camera') return seen.has('camera') && (!chosen.has(c.key) || listed.has(c.key));
    if (legacy || chosen.has(c.key)) return listed.has(c.key);
    if (c.key === 'forecast') return listed.has(c.key) || seen.has('forecast');
    if (c.kind === 'feature') return listed.has(c.key);
    // A card of the type's default list shows with any of its readings; an add-on needs its own sensor.
    const keys = listed.has(c.key) && c.primary ? readings(c) : sensorKeys(c);
    return keys.some((k) => seen.has(k));
  };
  const shown: CardDef[] = [];
  const hidden: CardDef[] = [];
  for (const c of offered) {
    // No image, no camera: not even among the hidden cards to show (showing it would show nothing).
    if (c.key === 'camera' && !seen.has('camera')) continue;
    (visible(c) ? shown : hidden).push(c);
  }
  const at = (k: string) => (listed.has(k) ? display.metricsList.indexOf(k) : Number.MAX_SAFE_INTEGER);
  // A stable sort: cards outside the list keep the offered (default) order.
  shown.sort((a, b) => at(a.key) - at(b.key));
  return { shown, hidden };
}

/**
 * The list fields after the owner shows (`show` true) or hides a card. The choice is kept as theirs; a shown
 * card goes after the cards on screen (`shownKeys`, in order), before listed cards still waiting for data.
 */
export function chooseCard(
  display: CardChoices,
  offeredKeys: string[],
  shownKeys: string[],
  key: string,
  show: boolean,
): { metricsList: string[]; chosenList: string[] } {
  // A legacy record: every card of the type was the owner's choice, and stays so.
  const chosen = display.chosenList ?? (display._id !== undefined ? offeredKeys : []);
  const onScreen = shownKeys.filter((k) => k !== key);
  const waiting = display.metricsList.filter((k) => k !== key && !shownKeys.includes(k));
  return {
    metricsList: show ? [...onScreen, key, ...waiting] : [...onScreen, ...waiting],
    chosenList: [...new Set([...chosen, key])],
  };
}
