import { describe, expect, it } from 'vitest';
import {
  baroPrimary,
  baroShown,
  CARD_BY_KEY,
  CARDS,
  cardsForType,
  chooseCard,
  dashboardCards,
  homeCard,
} from './cards';
import { isMetricKey } from './catalogue';
import { deviceType } from './deviceTypeDefs';

// Spec §1 dashboard cards, with the second rain gauge, channel 8 and the soil, probe and leaf channels (issue #9).
const SPEC_CARDS = [
  'wbgt',
  'outdoor',
  'wind',
  'baro',
  'rain',
  'piezoRain',
  // Issue 26: ET₀ and degree days of the day so far.
  'climate',
  'indoor',
  'uv',
  'light',
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `channel${n}`),
  ...['soil', 'probe', 'leaf'].flatMap((c) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${c}${n}`)),
  'forecast',
  'sunMoon',
  'overview',
  'sky',
  // Issue 28: the station's camera.
  'camera',
  'lightning',
  'leakage',
  ...[1, 2, 3, 4].map((n) => `pmChannel${n}`),
  'hcho',
  'co2',
  'co',
  'voc',
  'battery',
];

describe('cards', () => {
  it('are the spec §1 cards', () => {
    expect(CARDS.map((c) => c.key)).toEqual(SPEC_CARDS);
  });

  it('name only catalogue keys; primary and secondary come from the card keys', () => {
    for (const c of CARDS) {
      expect(c.metrics.every(isMetricKey), c.key).toBe(true);
      if (c.primary) expect(c.metrics, c.key).toContain(c.primary);
      for (const k of c.secondary) expect(c.metrics, c.key).toContain(k);
      expect(c.secondary.length, c.key).toBeLessThanOrEqual(4);
    }
  });

  it('map to the right keys', () => {
    expect(CARD_BY_KEY.outdoor.primary).toBe('tempc0');
    expect(CARD_BY_KEY.channel4).toMatchObject({ primary: 'tempc4', channel: 4 });
    expect(CARD_BY_KEY.pmChannel2.metrics).toEqual([
      'pm25c2',
      'pm10c2',
      'pm25aqic2',
      'pm10aqic2',
      'pm25avg24hc2',
      'pm10avg24hc2',
      'batpmc2',
      'cnpmc2',
    ]);
    expect(CARD_BY_KEY.soil2).toMatchObject({
      metrics: ['soilc2', 'batsoilc2'],
      primary: 'soilc2',
      channel: 2,
    });
    expect(CARD_BY_KEY.probe8.primary).toBe('tfc8');
    expect(CARD_BY_KEY.leaf1.metrics).toEqual(['leafc1', 'batleafc1']);
    expect(CARD_BY_KEY.piezoRain.metrics).toEqual(expect.arrayContaining(['yearlyrainpiezo', 'ws90capvolt']));
    expect(CARD_BY_KEY.co2.metrics).toEqual(expect.arrayContaining(['tempco2', 'humco2', 'co2avg24h']));
    expect(CARD_BY_KEY.wbgt.metrics).toContain('bgt');
    expect(CARD_BY_KEY.rain.metrics).toContain('totalrain');
    expect(CARD_BY_KEY.wind.metrics).toContain('winddiravg10m');
    expect(CARD_BY_KEY.leakage.metrics).toHaveLength(21);
    expect(CARD_BY_KEY.battery.metrics).toContain('batpmc4');
    // 24, channel 8's, and the soil, probe and leaf sensors' and the black globe's.
    expect(CARD_BY_KEY.battery.metrics).toHaveLength(24 + 1 + 3 * 8 + 1);
    expect(CARD_BY_KEY.overview.secondary).toEqual(['humc0', 'windspd', 'dailyrain', 'absbaro']);
    expect(CARD_BY_KEY.forecast).toMatchObject({ kind: 'feature', metrics: [], primary: null });
    expect(baroPrimary('Rel')).toBe('relbaro');
    expect(baroPrimary()).toBe('absbaro');
  });
});

describe('cardsForType', () => {
  const keys = (id: number) => cardsForType(id).map((c) => c.key);

  it("offers every card on the full types, with the spec's 7 channels", () => {
    const eighth = ['channel8', 'soil8', 'probe8', 'leaf8'];
    expect(keys(13)).toEqual(SPEC_CARDS.filter((k) => !eighth.includes(k)));
  });

  it('offers an eighth channel once the station has sent it', () => {
    const seen = (id: number, sent: string[]) => cardsForType(id, new Set(sent)).map((c) => c.key);
    expect(seen(13, ['tempc8', 'humic8'])).toContain('channel8');
    expect(seen(13, ['soilc8'])).toContain('soil8');
    expect(seen(13, ['tempc1'])).toEqual(keys(13));
    // A 3-channel type has no keys of a fourth channel: nothing it sends there is offered.
    expect(seen(3, ['tempc4'])).not.toContain('channel4');
  });

  it('offers only what the type has', () => {
    expect(keys(3)).toContain('channel3');
    expect(keys(3)).not.toContain('channel4');
    expect(keys(3)).not.toContain('lightning');
    expect(keys(7)).toEqual([
      'indoor',
      'channel1',
      'channel2',
      'channel3',
      ...['soil', 'probe', 'leaf'].flatMap((c) => [1, 2, 3].map((n) => `${c}${n}`)),
      'camera',
      'leakage',
      'pmChannel1',
      'hcho',
      'co2',
      'co',
      'voc',
      'battery',
    ]);
    expect(keys(2)).not.toContain('wind');
    expect(keys(10)).not.toContain('forecast');
  });

  it('limits card keys to the type', () => {
    const leakage = cardsForType(3).find((c) => c.key === 'leakage')!;
    expect(leakage.metrics).toEqual([
      'leakc1',
      'batleakc1',
      'cnleakc1',
      'leakc2',
      'batleakc2',
      'cnleakc2',
      'leakc3',
      'batleakc3',
      'cnleakc3',
    ]);
    expect(leakage.primary).toBeNull();
  });

  it('treats unknown types as type 0', () => {
    expect(keys(42)).toEqual(keys(0));
  });
});

describe('dashboardCards (issue 22: cards follow the sensors)', () => {
  const offered = cardsForType(0);
  const keys = (cs: { key: string }[]) => cs.map((c) => c.key);
  const defaults = {
    metricsList: [
      'outdoor',
      'wind',
      'baro',
      'rain',
      'indoor',
      'uv',
      'light',
      'channel1',
      'sunMoon',
      'overview',
    ],
  };

  it('shows a hidden-by-default card once its sensor reports, after the listed ones', () => {
    const { shown } = dashboardCards(offered, defaults, new Set(['tempc0', 'lightning1h', 'co2', 'pm25c1']));
    expect(keys(shown)).toEqual(['outdoor', 'sunMoon', 'overview', 'lightning', 'pmChannel1', 'co2']);
  });

  it('does not show a listed card that never had data (a Wunderground station: no channels, indoor, UV)', () => {
    const { shown, hidden } = dashboardCards(
      offered,
      defaults,
      new Set(['tempc0', 'windspd', 'relbaro', 'dailyrain']),
    );
    expect(keys(shown)).toEqual(['outdoor', 'wind', 'baro', 'rain', 'sunMoon', 'overview']);
    expect(keys(hidden)).toEqual(expect.arrayContaining(['indoor', 'uv', 'light', 'channel1']));
  });

  it('shows the barometer with either pressure', () => {
    const { shown } = dashboardCards(offered, defaults, new Set(['relbaro']));
    expect(keys(shown)).toContain('baro');
  });

  it('needs the black globe for WBGT: an estimated WBGT is not a sensor', () => {
    expect(keys(dashboardCards(offered, defaults, new Set(['wbgt'])).shown)).not.toContain('wbgt');
    expect(keys(dashboardCards(offered, defaults, new Set(['wbgt', 'bgt'])).shown)).toContain('wbgt');
  });

  it('shows the ET₀ and degree-day card, an add-on, once the station reports ET₀ (it needs the place)', () => {
    expect(deviceType(0).hiddenByDefault).toContain('climate');
    expect(keys(dashboardCards(offered, defaults, new Set(['tempc0', 'hddday'])).shown)).not.toContain(
      'climate',
    );
    expect(keys(dashboardCards(offered, defaults, new Set(['tempc0', 'et0day'])).shown)).toContain('climate');
  });

  it('shows the forecast when one is held', () => {
    expect(keys(dashboardCards(offered, defaults, new Set(['forecast'])).shown)).toContain('forecast');
  });

  it("keeps the owner's choices: a hidden card stays hidden with data, a shown one stays without", () => {
    const seen = new Set(['tempc0', 'lightning1h']);
    const hid = chooseCard(defaults, keys(offered), ['outdoor', 'lightning'], 'lightning', false);
    expect(keys(dashboardCards(offered, { ...hid, _id: 'x' }, seen).shown)).not.toContain('lightning');
    const showed = chooseCard(defaults, keys(offered), ['outdoor'], 'channel5', true);
    expect(showed.metricsList.slice(0, 2)).toEqual(['outdoor', 'channel5']);
    expect(keys(dashboardCards(offered, { ...showed, _id: 'x' }, seen).shown)).toEqual([
      'outdoor',
      'channel5',
      'sunMoon',
      'overview',
      'lightning',
    ]);
  });

  it('treats a record stored before choices were kept as all chosen', () => {
    const legacy = { _id: 'x', metricsList: ['wind', 'outdoor', 'channel2'], chosenList: null };
    const { shown } = dashboardCards(offered, legacy, new Set(['tempc0', 'lightning1h']));
    expect(keys(shown)).toEqual(['wind', 'outdoor', 'channel2']);
    const next = chooseCard(legacy, keys(offered), keys(shown), 'uv', true);
    expect(next.chosenList).toEqual(keys(offered));
    expect(keys(dashboardCards(offered, { ...next, _id: 'x' }, new Set()).shown)).toEqual([
      'wind',
      'outdoor',
      'channel2',
      'uv',
    ]);
  });
});

describe('the camera card (issue 28)', () => {
  const display = { _id: 'd', metricsList: ['outdoor'], chosenList: [] as string[] };
  it('is offered for every type and shown once the station has an image', () => {
    for (const id of [0, 1, 2, 3, 7, 9])
      expect(
        cardsForType(id).map((c) => c.key),
        String(id),
      ).toContain('camera');
    const offered = cardsForType(0);
    const keys = (seen: string[], d = display) =>
      dashboardCards(offered, d, new Set(seen)).shown.map((c) => c.key);
    expect(keys(['tempc0'])).not.toContain('camera');
    expect(dashboardCards(offered, display, new Set(['tempc0'])).hidden.map((c) => c.key)).not.toContain(
      'camera',
    );
    expect(keys(['tempc0', 'camera'])).toContain('camera');
    // A record from before choices were kept (legacy) still gets it with images.
    expect(keys(['camera'], { _id: 'd', metricsList: ['outdoor'], chosenList: null as never })).toContain(
      'camera',
    );
  });
  it("the owner's hide wins; shown again by choice it needs an image still", () => {
    const offered = cardsForType(0);
    const hidden = chooseCard(
      display,
      offered.map((c) => c.key),
      ['outdoor', 'camera'],
      'camera',
      false,
    );
    const shown = (d: { metricsList: string[]; chosenList: string[] }, seen: string[]) =>
      dashboardCards(offered, { _id: 'd', ...d }, new Set(seen)).shown.map((c) => c.key);
    expect(shown(hidden, ['tempc0', 'camera'])).not.toContain('camera');
    expect(
      dashboardCards(offered, { _id: 'd', ...hidden }, new Set(['camera'])).hidden.map((c) => c.key),
    ).toContain('camera');
    const again = chooseCard(
      { _id: 'd', ...hidden },
      offered.map((c) => c.key),
      ['outdoor'],
      'camera',
      true,
    );
    expect(shown(again, ['tempc0', 'camera'])).toContain('camera');
    expect(shown(again, ['tempc0'])).not.toContain('camera');
  });
});

// Issue 30: the survivors of the mutation run. Each subject is computed inside its test.
describe('homeCard', () => {
  it('is the card a reading is the primary of, else the first other card that shows it, WBGT last', () => {
    expect(homeCard('tempc0')?.key).toBe('outdoor');
    expect(homeCard('windspd')?.key).toBe('wind');
    // Humidity is on the WBGT card first, but that card is the estimate's: the outdoor card is its home.
    expect(homeCard('humc0')?.key).toBe('outdoor');
    expect(homeCard('gust')?.key).toBe('wind');
    // The black globe is on the WBGT card only.
    expect(homeCard('bgt')?.key).toBe('wbgt');
    expect(homeCard('nothing')).toBeUndefined();
  });
});

describe('baroShown', () => {
  it('shows the preferred pressure when sent, else the one the station has', () => {
    const both = { absbaro: 1000, relbaro: 1010 };
    expect(baroShown(undefined, both)).toBe('absbaro');
    expect(baroShown('Abs', both)).toBe('absbaro');
    expect(baroShown('Rel', both)).toBe('relbaro');
    expect(baroShown('Abs', { relbaro: 1010 })).toBe('relbaro');
    expect(baroShown('Rel', { absbaro: 1000, relbaro: null })).toBe('absbaro');
    // Neither sent (or no sample yet): the preferred one.
    expect(baroShown('Abs', {})).toBe('absbaro');
    expect(baroShown('Rel', {})).toBe('relbaro');
    expect(baroShown('Rel', null)).toBe('relbaro');
    expect(baroShown('Abs', undefined)).toBe('absbaro');
    expect(baroPrimary()).toBe('absbaro');
  });
});

describe('cards limited to a type', () => {
  it('drop small readings the type does not have (the WBGT type 10 has no rain gauge)', () => {
    // The overview's small readings are its first four after temperature: humidity, wind, rain, pressure.
    const overview = cardsForType(10).find((c) => c.key === 'overview');
    expect(overview?.secondary).toEqual(['humc0', 'windspd', 'absbaro']);
  });

  it('a list card is offered only with one of its keys; a card with a primary only with that primary', () => {
    for (const id of [0, 2, 3, 7, 10, 13]) {
      const type = new Set(deviceType(id).metrics);
      for (const c of cardsForType(id)) {
        if (c.kind !== 'metric') continue;
        if (c.primary === null) expect(c.metrics.length, `${id} ${c.key}`).toBeGreaterThan(0);
        else expect(type.has(c.primary), `${id} ${c.key}`).toBe(true);
      }
    }
  });
});

describe('dashboardCards and chooseCard, exactly', () => {
  const defaults = () => ({ metricsList: ['outdoor', 'wind', 'sunMoon'] });
  const keys = (cs: { key: string }[]) => cs.map((c) => c.key);

  it('a battery level alone shows no listed card; the hidden list is exactly the rest', () => {
    const offered = cardsForType(0).filter((c) => ['outdoor', 'wind', 'sunMoon', 'uv'].includes(c.key));
    const { shown, hidden } = dashboardCards(offered, defaults(), new Set(['batc0', 'cnc0', 'windspd']));
    expect(keys(shown)).toEqual(['wind', 'sunMoon']);
    expect(keys(hidden)).toEqual(['outdoor', 'uv']);
  });

  it('a new record’s choice is only the card chosen; the list keeps what waits for data, once', () => {
    // On screen: outdoor and wind; sunMoon is listed but waits. Show uv: after the cards on screen.
    expect(
      chooseCard(defaults(), ['outdoor', 'wind', 'sunMoon', 'uv'], ['outdoor', 'wind'], 'uv', true),
    ).toEqual({
      metricsList: ['outdoor', 'wind', 'uv', 'sunMoon'],
      chosenList: ['uv'],
    });
    // Hide sunMoon (listed, not on screen): it leaves the list.
    expect(chooseCard(defaults(), [], ['outdoor', 'wind'], 'sunMoon', false)).toEqual({
      metricsList: ['outdoor', 'wind'],
      chosenList: ['sunMoon'],
    });
    // Hide wind (on screen).
    expect(chooseCard(defaults(), [], ['outdoor', 'wind'], 'wind', false)).toEqual({
      metricsList: ['outdoor', 'sunMoon'],
      chosenList: ['wind'],
    });
  });
});
