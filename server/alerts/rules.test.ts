// Alert rule validation: spec §5 bounds table row by row, unit input ranges, conditions and the special items.
import { describe, expect, test } from 'vitest';
import { compile, hysteresisFor, meets, parseRules, recovered } from './rules';

const check = (rule: Record<string, unknown>, consoletype = 0) => {
  try {
    parseRules([{ method: 'email', ...rule }], consoletype);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

// [item, min, max, fixed condition]
const TABLE: [string, number, number, string?][] = [
  ['feelslike', -65, 50],
  ['dewpoint', -40, 80],
  ['heatindex', 26, 50, 'above'],
  ['windchill', -65, 18, 'below'],
  ['pm25c1', 1, 500],
  ['pm25aqic1', 1, 500],
  ['pm10c1', 1, 500],
  ['pm10aqic1', 1, 604],
  ['lightning1h', 1, 1000],
  ['lightningdist', 1, 40],
  ['co2', 401, 5000, 'above'],
  ['hcho', 1, 1000, 'above'],
  ['wbgt', 10, 50, 'above'],
];

describe('alert rule validation (spec §5)', () => {
  test.each(TABLE)('%s accepts %d..%d and nothing outside', (item, min, max, fixed) => {
    const condition = fixed ?? 'above';
    expect(check({ item, condition, value: min })).toBeNull();
    expect(check({ item, condition, value: max })).toBeNull();
    expect(check({ item, condition, value: min - 1 })).toBe('Wrong input range');
    expect(check({ item, condition, value: max + 1 })).toBe('Wrong input range');
    expect(check({ item, condition, value: 'abc' })).toBe('Wrong input');
    expect(check({ item, condition })).toBe('Wrong input');
    if (fixed === 'above') expect(check({ item, condition: 'below', value: min })).toMatch(/only be 'above'/);
    if (fixed === 'below') expect(check({ item, condition: 'above', value: min })).toMatch(/only be 'below'/);
  });

  test('issue 26: ET₀ and degree days of the day are alert items, in the rain and temperature units', () => {
    expect(check({ item: 'et0day', condition: 'above', value: 5 })).toBeNull();
    expect(check({ item: 'et0day', condition: 'above', value: 0.2, unit: 'in' })).toBeNull();
    expect(check({ item: 'et0day', condition: 'above', value: 31 })).toBe('Wrong input range');
    expect(check({ item: 'gddday', condition: 'overOrEqual', value: 15 })).toBeNull();
    expect(check({ item: 'hddday', condition: 'above', value: 180, unit: 'Fd' })).toBeNull();
    expect(check({ item: 'hddday', condition: 'above', value: 181, unit: 'Fd' })).toBe('Wrong input range');
    expect(check({ item: 'cddday', condition: 'above', value: 5, unit: 'F' })).toBe('Wrong input');
  });

  test('a fixed condition is the default when none is sent', () => {
    expect(parseRules([{ item: 'co2', value: 1000, method: 'email' }], 0)[0].condition).toBe('above');
    expect(check({ item: 'tempc0', value: 20 })).toBe(
      "Alert condition must be 'above', 'below' or 'overOrEqual'",
    );
  });

  test('unit input ranges apply in the unit the value is typed in', () => {
    expect(check({ item: 'tempc0', condition: 'above', value: 60 })).toBeNull();
    expect(check({ item: 'tempc0', condition: 'above', value: 61 })).toBe('Wrong input range');
    expect(check({ item: 'tempc0', condition: 'above', value: 140, unit: 'F' })).toBeNull();
    expect(check({ item: 'tempc0', condition: 'above', value: 141, unit: 'F' })).toBe('Wrong input range');
    expect(check({ item: 'humc0', condition: 'below', value: 0 })).toBe('Wrong input range');
    expect(check({ item: 'uvi', condition: 'above', value: 17 })).toBe('Wrong input range');
    expect(check({ item: 'windspd', condition: 'above', value: 0.05 })).toBe('Wrong input range');
    expect(check({ item: 'solarrad', condition: 'above', value: 200001 })).toBe('Wrong input range');
    expect(check({ item: 'tempc0', condition: 'above', value: 20, unit: 'parsec' })).toBe('Wrong input');
  });

  test('special items: no condition; baroDrop 1..20 hPa; lostLink sensors of the station type', () => {
    expect(check({ item: 'lostData' })).toBeNull();
    expect(check({ item: 'lostData', condition: 'above' })).toBe('lostData alerts take no condition');
    expect(check({ item: 'lostLink', sensor: 'cnc3' })).toBeNull();
    expect(check({ item: 'lostLink', sensor: 'tempc0' })).toBe('Unknown sensor tempc0 for this station type');
    expect(check({ item: 'baroDrop', value: 3 })).toBeNull();
    expect(check({ item: 'baroDrop', value: 21 })).toBe('Wrong input range');
    expect(check({ item: 'baroDrop', value: 0.1, unit: 'inHg' })).toBeNull();
    expect(check({ item: 'baroDrop', value: 3, condition: 'below' })).toBe(
      'baroDrop alerts take no condition',
    );
    // Type 7 (air quality) has no barometer.
    expect(check({ item: 'baroDrop', value: 3 }, 7)).toBe('This station type has no barometer');
  });

  test('unknown items, methods and shapes are refused', () => {
    expect(check({ item: 'nope', condition: 'above', value: 1 })).toBe('Unknown alert item: nope');
    expect(check({ item: 'relbaro', condition: 'above', value: 1 })).toBe('Unknown alert item: relbaro');
    expect(check({ item: 'cnc1', condition: 'above', value: 1 })).toBe('Unknown alert item: cnc1');
    // A battery is a level badge: neither the Alert page nor the server takes it (src/domain/alertItems.ts).
    expect(check({ item: 'batc0', condition: 'below', value: 1 })).toBe('Unknown alert item: batc0');
    expect(check({ item: 'tempc0', condition: 'above', value: 1, method: 'sms' })).toBe(
      "Alert method must be 'email' or 'notification'",
    );
    expect(check({ item: 'tempc0', condition: 'sideways', value: 1 })).toBe(
      "Alert condition must be 'above', 'below' or 'overOrEqual'",
    );
    expect(check({ item: 'tempc0', condition: 'above', value: 1, colour: 'red' })).toBe(
      'colour cannot be set on an alert rule',
    );
    expect(check({ item: 'lostData', trigger: 5 })).toBe('trigger must be text of at most 32 characters');
    expect(parseRules([{ item: 'lostData', trigger: 'upload', method: 'email' }], 0)).toEqual([
      { item: 'lostData', trigger: 'upload', method: 'email' },
    ]);
    expect(() => parseRules('x', 0)).toThrow('settings must be a list of alert rules');
    expect(() => parseRules([null], 0)).toThrow('Alert rule 1 must be an object');
    // A type without a sensor: type 2 has no wind.
    expect(check({ item: 'windspd', condition: 'above', value: 10 }, 2)).toBe(
      'This station type does not report windspd',
    );
  });
});

describe('compiled rules', () => {
  test('thresholds in base units, one alert for rules differing only by method, hysteresis margins', () => {
    const rules = compile(
      parseRules(
        [
          { item: 'tempc0', condition: 'above', value: 86, unit: 'F', method: 'email' },
          { item: 'tempc0', condition: 'above', value: 86, unit: 'F', method: 'notification' },
          { item: 'tempc0', condition: 'below', value: 0, method: 'email' },
        ],
        0,
      ),
    );
    expect(rules).toHaveLength(2);
    expect(rules[0].threshold).toBeCloseTo(30, 6);
    expect([...rules[0].methods]).toEqual(['email', 'notification']);
    expect(hysteresisFor('tempc0')).toBe(0.5);
    expect(hysteresisFor('feelslike')).toBe(0.5);
    expect(hysteresisFor('leakc1')).toBeCloseTo(0.02);
    const above = rules[0];
    expect(meets(above, 30)).toBe(false);
    expect(meets(above, 30.01)).toBe(true);
    expect(recovered(above, 29.6)).toBe(false);
    expect(recovered(above, 29.5)).toBe(true);
    const below = rules[1];
    expect(meets(below, -0.1)).toBe(true);
    expect(recovered(below, 0.4)).toBe(false);
    expect(recovered(below, 0.5)).toBe(true);
  });
});

describe('limits and edges the engine relies on', () => {
  const rule = (item: string) => ({ item, condition: 'above', value: 20, method: 'email' });

  test('100 rules per station are taken, 101 refused', () => {
    expect(
      parseRules(
        Array.from({ length: 100 }, () => rule('tempc0')),
        0,
      ),
    ).toHaveLength(100);
    expect(() =>
      parseRules(
        Array.from({ length: 101 }, () => rule('tempc0')),
        0,
      ),
    ).toThrow('At most 100 alert rules per station');
  });

  test("an item fixed to 'below' takes no other condition, 'overOrEqual' included; one fixed to 'above' takes it", () => {
    expect(check({ item: 'windchill', condition: 'overOrEqual', value: 0 })).toBe(
      "windchill alerts can only be 'below'",
    );
    expect(check({ item: 'windchill', condition: 'above', value: 0 })).toBe(
      "windchill alerts can only be 'below'",
    );
    expect(check({ item: 'windchill', condition: 'below', value: 0 })).toBeNull();
    expect(check({ item: 'co2', condition: 'overOrEqual', value: 1000 })).toBeNull();
  });

  test('a baroDrop typed in inHg or mmHg is compared in hPa', () => {
    // 0.1 inHg / 0.02953 inHg per hPa = 3.386 hPa; 3 mmHg / 0.75006 mmHg per hPa = 4.000 hPa.
    const [inHg, mmHg, hPa] = compile(
      parseRules(
        [
          { item: 'baroDrop', value: 0.1, unit: 'inHg', method: 'email' },
          { item: 'baroDrop', value: 3, unit: 'mmHg', method: 'email' },
          { item: 'baroDrop', value: 2, method: 'email' },
        ],
        0,
      ),
    );
    expect(inHg.threshold).toBeCloseTo(3.3864, 4);
    expect(mmHg.threshold).toBeCloseTo(3.9997, 4);
    expect(hPa.threshold).toBe(2);
    expect(inHg).toMatchObject({ metric: 'relbaro', condition: 'overOrEqual', unit: 'inHg' });
  });

  test('overOrEqual raises at the threshold itself; above does not', () => {
    const [over, above] = compile(
      parseRules(
        [
          { item: 'co2', condition: 'overOrEqual', value: 1000, method: 'email' },
          { item: 'co2', condition: 'above', value: 1000, method: 'email' },
        ],
        0,
      ),
    );
    expect(meets(over, 1000)).toBe(true);
    expect(meets(over, 999.9)).toBe(false);
    expect(meets(above, 1000)).toBe(false);
    expect(meets(above, 1000.1)).toBe(true);
  });
});

describe('what a refusal names and what a rule keeps (mutation testing found these untested)', () => {
  /** The refusal of one rule: its message and the field it names. */
  const refusal = (rule: unknown, consoletype = 0) => {
    try {
      parseRules([rule], consoletype);
    } catch (error) {
      const e = error as { code: number; message: string; data?: { field?: string } };
      return { code: e.code, message: e.message, field: e.data?.field };
    }
    throw new Error('accepted');
  };
  const one = (rule: Record<string, unknown>, consoletype = 0) =>
    parseRules([{ method: 'email', ...rule }], consoletype)[0];

  test('each refusal is a 400 naming its field', () => {
    expect(refusal(null)).toEqual({
      code: 400,
      message: 'Alert rule 1 must be an object',
      field: 'settings',
    });
    expect(refusal(5).message).toBe('Alert rule 1 must be an object');
    expect(refusal([]).message).toBe('Alert rule 1 must be an object');
    for (const item of [5, '', undefined])
      expect(refusal({ item, method: 'email' })).toEqual({
        code: 400,
        message: 'Alert item is required',
        field: 'settings',
      });
    expect(refusal({ item: 'tempc0', method: 5 }).message).toBe(
      "Alert method must be 'email' or 'notification'",
    );
    expect(refusal({ item: 'nope', condition: 'above', value: 1, method: 'email' }).field).toBe('item');
    expect(refusal({ item: 'windspd', condition: 'above', value: 1, method: 'email' }, 2).field).toBe('item');
    expect(refusal({ item: 'tempc0', condition: 'sideways', value: 1, method: 'email' }).field).toBe(
      'condition',
    );
    expect(refusal({ item: 'co2', condition: 'below', value: 500, method: 'email' }).field).toBe('condition');
    expect(refusal({ item: 'windchill', condition: 'above', value: 0, method: 'email' }).field).toBe(
      'condition',
    );
    expect(refusal({ item: 'tempc0', condition: 'above', value: 61, method: 'email' }).field).toBe('value');
    expect(refusal({ item: 'baroDrop', value: 21, method: 'email' }).field).toBe('value');
    expect(refusal({ item: 'tempc0', condition: 'above', value: 1, unit: 5, method: 'email' })).toMatchObject(
      {
        message: 'Wrong input',
        field: 'unit',
      },
    );
  });

  test('sensor and trigger: text of at most 32 characters', () => {
    const x32 = 'x'.repeat(32);
    expect(one({ item: 'tempc0', condition: 'above', value: 20, sensor: x32 }).sensor).toBe(x32);
    expect(
      refusal({ item: 'tempc0', condition: 'above', value: 20, sensor: `${x32}x`, method: 'email' }),
    ).toEqual({
      code: 400,
      message: 'sensor must be a sensor key',
      field: 'settings',
    });
    expect(
      refusal({ item: 'tempc0', condition: 'above', value: 20, sensor: 5, method: 'email' }).message,
    ).toBe('sensor must be a sensor key');
    expect(one({ item: 'lostData', trigger: x32 }).trigger).toBe(x32);
    expect(refusal({ item: 'lostData', trigger: `${x32}x`, method: 'email' }).message).toBe(
      'trigger must be text of at most 32 characters',
    );
  });

  test('empty optional fields are left out of the rule', () => {
    for (const empty of ['', null, undefined]) {
      expect(
        one({ item: 'tempc0', condition: 'above', value: 20, sensor: empty, unit: empty, trigger: empty }),
      ).toEqual({ item: 'tempc0', condition: 'above', value: 20, method: 'email' });
      expect(one({ item: 'lostLink', sensor: empty })).toEqual({ item: 'lostLink', method: 'email' });
      expect(one({ item: 'baroDrop', value: 3, sensor: empty, unit: empty })).toEqual({
        item: 'baroDrop',
        value: 3,
        method: 'email',
      });
      expect(one({ item: 'co2', value: 1000, condition: empty }).condition).toBe('above');
    }
  });

  test('baroDrop keeps a sensor other than relbaro, and a unit as the catalogue spells it', () => {
    expect(one({ item: 'baroDrop', value: '3', sensor: 'absbaro', unit: 'HPA' })).toEqual({
      item: 'baroDrop',
      value: 3,
      sensor: 'absbaro',
      unit: 'hPa',
      method: 'email',
    });
    expect(one({ item: 'baroDrop', value: 3, sensor: 'relbaro' })).not.toHaveProperty('sensor');
    expect(refusal({ item: 'baroDrop', value: 3, sensor: 'tempc0', method: 'email' }).message).toBe(
      "baroDrop sensor must be 'relbaro' or 'absbaro'",
    );
    expect(one({ item: 'tempc0', condition: 'above', value: 86, unit: 'f' }).unit).toBe('F');
  });

  test('compiled: one alert per item, sensor, condition and threshold; lost data and link have no threshold', () => {
    const compiled = compile(
      parseRules(
        [
          { item: 'tempc0', condition: 'above', value: 30, method: 'email' },
          { item: 'tempc0', condition: 'above', value: 30, sensor: 'x', method: 'email' },
          { item: 'tempc0', condition: 'below', value: 30, method: 'email' },
          { item: 'baroDrop', value: 0.1, unit: 'inHg', method: 'email' },
          { item: 'lostLink', sensor: 'cnc1', method: 'email' },
          { item: 'lostLink', sensor: 'cnc2', method: 'email' },
          { item: 'lostData', method: 'email' },
        ],
        0,
      ),
    );
    expect(compiled.map((c) => c.key)).toEqual([
      'tempc0||above|30',
      'tempc0|x|above|30',
      'tempc0||below|30',
      'baroDrop||overOrEqual|3.3864',
      'lostLink|cnc1||',
      'lostLink|cnc2||',
      'lostData|||',
    ]);
    const [, , , , link, , data] = compiled;
    expect(link).toMatchObject({ item: 'lostLink', sensor: 'cnc1', metric: 'cnc1', margin: 0 });
    expect(link.threshold).toBeUndefined();
    expect(data).toMatchObject({ item: 'lostData', margin: 0 });
    expect(data.metric).toBeUndefined();
    // A negative threshold keeps its sign in the key.
    expect(
      compile(parseRules([{ item: 'tempc0', condition: 'below', value: -5, method: 'email' }], 0))[0].key,
    ).toBe('tempc0||below|-5');
    // A rule without a usable value (stored before validation tightened) raises nothing.
    expect(compile([{ item: 'tempc0', condition: 'above', method: 'email' }])).toEqual([]);
  });

  test('the margin of a unit type without its own: 2 % of the alert range; below clears at the threshold + margin', () => {
    expect(hysteresisFor('solarrad')).toBeCloseTo(0.02 * (200000 - 1), 6);
    expect(hysteresisFor('nope')).toBe(0);
    const [below] = compile(
      parseRules([{ item: 'tempc0', condition: 'below', value: 0, method: 'email' }], 0),
    );
    expect(meets(below, 0)).toBe(false);
    expect(meets(below, -0.01)).toBe(true);
  });
});
