import { describe, expect, it } from 'vitest';
import { baroPrimary, CARD_BY_KEY, CARDS, cardsForType } from './cards';
import { isMetricKey } from './catalogue';

// Spec §1 dashboard cards, with the second rain gauge, channel 8 and the soil, probe and leaf channels (issue #9).
const SPEC_CARDS = [
  'wbgt',
  'outdoor',
  'wind',
  'baro',
  'rain',
  'piezoRain',
  'indoor',
  'uv',
  'light',
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `channel${n}`),
  ...['soil', 'probe', 'leaf'].flatMap((c) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${c}${n}`)),
  'forecast',
  'sunMoon',
  'overview',
  'sky',
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

  it('offers every card on the full types', () => {
    expect(keys(13)).toEqual(SPEC_CARDS);
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
