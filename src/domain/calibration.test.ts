import { describe, expect, test } from 'vitest';
import {
  activeCalibrations,
  type CalibrationEntry,
  calibratable,
  calibrateInto,
  calibrationAt,
  calibrationRules,
  defaultCalibration,
  keepUnderived,
} from './calibration';
import { deriveInto, dewPoint } from './formulas';
import { inputReaders } from './readers';

const rules = calibrationRules(inputReaders((m) => new Error(m)));
const entry = (e: Partial<CalibrationEntry>): CalibrationEntry => ({
  key: 'tempc0',
  offset: 0,
  multiplier: 1,
  quadratic: 0,
  since: 0,
  ...e,
});

describe('calibration rules', () => {
  test('defaults the multiplier to 1 and the others to 0, sorted by metric and time', () => {
    const out = rules(
      {
        entries: [
          { key: 'tempc0', offset: 0.5, since: 2000 },
          { key: 'humc0', multiplier: 0.98, since: 0 },
          { key: 'tempc0', offset: -1, since: 1000 },
        ],
      },
      true,
    );
    expect(out.entries).toEqual([
      entry({ key: 'humc0', multiplier: 0.98 }),
      entry({ offset: -1, since: 1000 }),
      entry({ offset: 0.5, since: 2000 }),
    ]);
  });

  test.each([
    [{ entries: 'x' }, 'entries must be a list of at most 200 calibrations'],
    [{ entries: [{ key: 'winddir', offset: 1, since: 0 }] }, 'winddir cannot be calibrated'],
    [{ entries: [{ key: 'dewpoint', offset: 1, since: 0 }] }, 'dewpoint cannot be calibrated'],
    [{ entries: [{ key: 'nope', since: 0 }] }, 'nope cannot be calibrated'],
    [{ entries: [{ key: 'tempc0', offset: 1 }] }, 'since is required'],
    [{ entries: [{ key: 'tempc0', offset: 'a', since: 0 }] }, 'offset must be a valid number'],
    [
      { entries: [{ key: 'tempc0', multiplier: 0, since: 0 }] },
      'A calibration needs a multiplier or a quadratic term',
    ],
    [{ entries: [entry({}), entry({ offset: 2 })] }, 'tempc0 has two calibrations from the same time'],
    [{ entries: [], owner: 'me' }, 'owner cannot be set'],
  ])('refuses %j', (input, message) => {
    expect(() => rules(input, false)).toThrow(message);
  });

  test('measured quantities can be calibrated; directions, derived values and states cannot', () => {
    for (const k of ['tempc0', 'humc0', 'relbaro', 'windspd', 'dailyrain', 'rainrate', 'solarrad', 'tempc3'])
      expect(calibratable(k), k).toBe(true);
    for (const k of ['winddir', 'dewpoint', 'feelslike', 'heatindexc2', 'et0day', 'battout', 'lightningnum'])
      expect(calibratable(k), k).toBe(false);
  });
});

describe('applying a calibration', () => {
  const entries = [
    entry({ offset: -1.2, since: 1_000_000 }),
    entry({ offset: -0.5, since: 2_000_000 }),
    entry({ key: 'relbaro', multiplier: 1.01, quadratic: 0.0001, since: 0 }),
  ];

  test('the entry in effect is the newest from before the reading', () => {
    expect(calibrationAt(entries, 'tempc0', 999_999)).toBeUndefined();
    expect(calibrationAt(entries, 'tempc0', 1_500_000)?.offset).toBe(-1.2);
    expect(calibrationAt(entries, 'tempc0', 2_000_000)?.offset).toBe(-0.5);
  });

  test('changes the values in place and answers the raw ones it changed', () => {
    const values: Record<string, number | null> = { tempc0: 20, relbaro: 1000, humc0: 60, winddir: 90 };
    const raw = calibrateInto(values, entries, 1500);
    expect(values.tempc0).toBeCloseTo(18.8);
    expect(values.relbaro).toBeCloseTo(1000 * 1.01 + 0.0001 * 1000 * 1000);
    expect(values.humc0).toBe(60);
    expect(raw).toEqual({ tempc0: 20, relbaro: 1000 });
    expect(calibrateInto({ tempc0: 20 }, [], 1500)).toBeNull();
    // Before the first entry: untouched.
    const early = { tempc0: 20 };
    expect(calibrateInto(early, entries, 500)).toBeNull();
    expect(early.tempc0).toBe(20);
  });

  test('a dew point the console sent is computed again from the calibrated inputs', () => {
    const values: Record<string, number | null> = { tempc0: 20, humc0: 60, dewpoint: 12 };
    const raw = calibrateInto(values, entries, 2500);
    deriveInto(values);
    keepUnderived(values, raw);
    expect(values.dewpoint).toBeCloseTo(dewPoint(19.5, 60) as number, 1);
    expect(raw).toMatchObject({ dewpoint: 12 });
  });

  test('a derived value that cannot be computed again keeps the console’s', () => {
    // No humidity: the dew point cannot be derived, so the console's stays.
    const values: Record<string, number | null> = { tempc0: 20, dewpoint: 12 };
    const raw = calibrateInto(values, entries, 2500);
    deriveInto(values);
    keepUnderived(values, raw);
    expect(values.dewpoint).toBe(12);
  });

  test('the active calibrations are the ones in effect now, one per metric, without identities', () => {
    const now = activeCalibrations([...entries, entry({ key: 'humc0', since: 0 })], 3_000_000);
    expect(now.map((e) => [e.key, e.offset])).toEqual([
      ['tempc0', -0.5],
      ['relbaro', 0],
    ]);
  });
});

describe('calibration rules: limits and where the error points', () => {
  // A fail that keeps the error's data, so the field it names can be checked.
  const failWith = (message: string, data?: Record<string, unknown>) =>
    Object.assign(new Error(message), { data });
  const strict = calibrationRules(inputReaders(failWith));
  const refusal = (input: unknown) => {
    try {
      strict(input, false);
    } catch (e) {
      return { message: (e as Error).message, data: (e as { data?: unknown }).data };
    }
    throw new Error('not refused');
  };

  test('the default is an empty list for the device', () => {
    expect(defaultCalibration('dev1')).toStrictEqual({ weatherDevice: 'dev1', entries: [] });
  });

  test('without entries: an empty list when creating, nothing to change when updating', () => {
    expect(strict({}, true)).toStrictEqual({ entries: [] });
    expect(strict({}, false)).toStrictEqual({});
  });

  test('at most 200 entries', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: 'tempc0', offset: 1, since: i * 1000 }));
    expect(strict({ entries: many(200) }, false).entries).toHaveLength(200);
    expect(refusal({ entries: many(201) })).toStrictEqual({
      message: 'entries must be a list of at most 200 calibrations',
      data: { field: 'entries' },
    });
  });

  test('names the entry that is not an object', () => {
    expect(refusal({ entries: [entry({}), 3] }).message).toBe('The calibration 2 must be an object');
  });

  test.each([
    [{ key: 'winddir', offset: 1, since: 0 }, 'winddir cannot be calibrated'],
    [{ key: 'tempc0', multiplier: 0, since: 0 }, 'A calibration needs a multiplier or a quadratic term'],
  ])('refuses %j on the entries field', (e, message) => {
    expect(refusal({ entries: [e] })).toStrictEqual({ message, data: { field: 'entries' } });
  });

  test('a duplicate is refused on the entries field', () => {
    expect(refusal({ entries: [entry({}), entry({ offset: 2 })] }).data).toStrictEqual({ field: 'entries' });
  });

  test.each([
    ['offset', 1000, 1001],
    ['offset', -1000, -1001],
    ['multiplier', 100, 100.5],
    ['multiplier', -100, -101],
    ['quadratic', 10, 10.1],
    ['quadratic', -10, -11],
  ])('%s may be %d but not %d', (field, ok, bad) => {
    const at = (v: number) => ({ entries: [{ key: 'tempc0', since: 0, [field]: v }] });
    expect(strict(at(ok), false).entries?.[0]).toMatchObject({ [field]: ok });
    expect(refusal(at(bad))).toStrictEqual({ message: `${field} must be a valid number`, data: { field } });
  });

  test('a quadratic term alone (multiplier 0) is a calibration', () => {
    const out = strict({ entries: [{ key: 'relbaro', multiplier: 0, quadratic: 0.001, since: 0 }] }, false);
    expect(out.entries).toStrictEqual([entry({ key: 'relbaro', multiplier: 0, quadratic: 0.001 })]);
  });

  // Two entries in both orders, so a comparator that gets one direction wrong shows in one of them.
  test.each([
    [
      [entry({ key: 'tempc0', since: 0, offset: 1 }), entry({ key: 'humc0', since: 1000, offset: 1 })],
      ['humc0', 'tempc0'],
    ],
    [
      [entry({ key: 'humc0', since: 1000, offset: 1 }), entry({ key: 'tempc0', since: 0, offset: 1 })],
      ['humc0', 'tempc0'],
    ],
  ])('sorts by metric before time (%#)', (entries, keys) => {
    expect(strict({ entries }, false).entries?.map((e) => e.key)).toEqual(keys);
  });

  test.each([[[2000, 1000]], [[1000, 2000]]])('sorts one metric by time (%j)', (times) => {
    const entries = times.map((since) => entry({ offset: 1, since }));
    expect(strict({ entries }, false).entries?.map((e) => e.since)).toEqual([1000, 2000]);
  });
});

describe('applying a calibration: edges', () => {
  test('the newest entry from before the time wins, whatever the order of the list', () => {
    const unsorted = [entry({ offset: 2, since: 2000 }), entry({ offset: 1, since: 1000 })];
    expect(calibrationAt(unsorted, 'tempc0', 3000)?.offset).toBe(2);
    expect(calibrationAt(unsorted, 'tempc0', 1500)?.offset).toBe(1);
  });

  test('a multiplier alone and a quadratic term alone both change the value', () => {
    const values: Record<string, number | null> = { humc0: 50, relbaro: 1000 };
    const raw = calibrateInto(
      values,
      [entry({ key: 'humc0', multiplier: 1.1 }), entry({ key: 'relbaro', quadratic: 0.00001 })],
      10,
    );
    expect(values.humc0).toBeCloseTo(55, 9);
    expect(values.relbaro).toBeCloseTo(1010, 9);
    expect(raw).toStrictEqual({ humc0: 50, relbaro: 1000 });
  });

  test('a missing value stays missing and is not listed as raw', () => {
    const values: Record<string, number | null> = { tempc0: null, humc0: 60 };
    expect(calibrateInto(values, [entry({ offset: 1 })], 10)).toBeNull();
    expect(values).toStrictEqual({ tempc0: null, humc0: 60 });
    // An absent key read as undefined (a sparse object) is skipped the same way.
    const sparse = { tempc0: undefined } as unknown as Record<string, number | null>;
    expect(calibrateInto(sparse, [entry({ offset: 1 })], 10)).toBeNull();
    expect(sparse.tempc0).toBeUndefined();
  });

  test('only the derived values sent whose inputs were calibrated are cleared', () => {
    // Pressure has no derived values: the dew point and heat index the console sent stay.
    const values: Record<string, number | null> = { tempc0: 20, humc0: 60, relbaro: 1000, dewpoint: 12 };
    const raw = calibrateInto(values, [entry({ key: 'relbaro', offset: 1 })], 10);
    expect(raw).toStrictEqual({ relbaro: 1000 });
    expect(values).toStrictEqual({ tempc0: 20, humc0: 60, relbaro: 1001, dewpoint: 12 });
    // Temperature calibrated: the dew point sent is cleared; the heat index was not sent, so it is not added.
    const sent: Record<string, number | null> = { tempc0: 20, humc0: 60, dewpoint: 12 };
    expect(calibrateInto(sent, [entry({ offset: 1 })], 10)).toStrictEqual({ tempc0: 20, dewpoint: 12 });
    expect(sent).toStrictEqual({ tempc0: 21, humc0: 60, dewpoint: null });
  });
});
