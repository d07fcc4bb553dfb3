import { describe, expect, test } from 'vitest';
import {
  activeCalibrations,
  type CalibrationEntry,
  calibratable,
  calibrateInto,
  calibrationAt,
  calibrationRules,
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
