import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binaryBattery,
  fToC,
  inHgToHpa,
  inToMm,
  kmhToMs,
  levelBattery,
  luxToWm2,
  mphToMs,
  parseNumber,
  parseWallTimeAsUtc,
  round3,
  uploadTime,
  voltBattery,
  zonedWallTimeToUnix,
} from './values';

describe('unit conversions (hand-derived, rounded to 3 decimals)', () => {
  it('°F to °C: (F − 32) × 5/9', () => {
    expect(fToC(212)).toBe(100);
    expect(fToC(32)).toBe(0);
    expect(fToC(-40)).toBe(-40);
    expect(fToC(70)).toBe(21.111); // 38 × 5/9 = 21.1111…
    expect(fToC(0)).toBe(-17.778); // −32 × 5/9 = −17.7777…
  });

  it('mph and km/h to m/s: × 0.44704 (1609.344 m / 3600 s), ÷ 3.6', () => {
    expect(mphToMs(25)).toBe(11.176);
    expect(mphToMs(10)).toBe(4.47); // 4.4704
    expect(kmhToMs(36)).toBe(10);
    expect(kmhToMs(10)).toBe(2.778); // 2.7777…
  });

  it('inHg to hPa: × 33.8639; inches to mm: × 25.4', () => {
    expect(inHgToHpa(29.92)).toBe(1013.208); // 1013.2079
    expect(inHgToHpa(30)).toBe(1015.917); // 1015.917
    expect(inToMm(1)).toBe(25.4);
    expect(inToMm(0.01)).toBe(0.254);
    expect(inToMm(0.03)).toBe(0.762); // 0.7619999… before rounding
    expect(inToMm(2.5)).toBe(63.5);
  });

  it('lux to W/m²: ÷ 126.58', () => {
    expect(luxToWm2(126580)).toBe(1000);
    expect(luxToWm2(1000)).toBe(7.9); // 7.90014
    expect(luxToWm2(0)).toBe(0);
  });

  it('rounds to 3 decimals and never returns −0', () => {
    expect(round3(21.27777)).toBe(21.278);
    expect(round3(-1.0005)).toBe(-1);
    expect(Object.is(round3(-0.0001), 0)).toBe(true);
    expect(Object.is(fToC(31.9999), 0)).toBe(true); // −0.0000555… rounds to −0
  });
});

describe('parseNumber', () => {
  it('reads numbers, and treats empty, -9999, ---, non-numeric and non-finite as no value', () => {
    expect(parseNumber('21.5')).toBe(21.5);
    expect(parseNumber(' -3 ')).toBe(-3);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('0')).toBe(0);
    for (const bad of [
      '',
      '   ',
      '-9999',
      '-9999.0',
      '---',
      'abc',
      '12abc',
      '0x10',
      'NaN',
      'Infinity',
      '1,5',
    ]) {
      expect(parseNumber(bad), bad).toBeNull();
    }
    // The same on the slow path (spaces, exponent): -9999 in any spelling is no value.
    expect(parseNumber(' -9999 ')).toBeNull();
    expect(parseNumber('-9.999e3')).toBeNull();
    expect(parseNumber('+9999')).toBe(9999);
    expect(parseNumber(undefined)).toBeUndefined();
    expect(parseNumber(null)).toBeUndefined();
  });
});

describe('battery scale 0..5', () => {
  it('maps binary reports to 5 (ok) / 1 (low) and unknown codes to null', () => {
    expect(binaryBattery(1, 1, 0)).toBe(5);
    expect(binaryBattery(0, 1, 0)).toBe(1);
    expect(binaryBattery(0, 0, 1)).toBe(5);
    expect(binaryBattery(2, 1, 0)).toBeNull();
    expect(binaryBattery(null, 1, 0)).toBeNull();
  });

  it('passes levels 0..5 through, 6 (external power) → 5, others → null', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(levelBattery)).toEqual([0, 1, 2, 3, 4, 5, 5]);
    expect(levelBattery(9)).toBeNull();
    expect(levelBattery(-1)).toBeNull();
    expect(levelBattery(2.5)).toBeNull();
    expect(levelBattery(null)).toBeNull();
  });

  it('maps volts per cell linearly: 1.2 V/cell is the lowest "ok" level (2), below is low', () => {
    expect(voltBattery(1.6)).toBe(5);
    expect(voltBattery(1.5)).toBe(5);
    expect(voltBattery(1.45)).toBe(4);
    expect(voltBattery(1.3)).toBe(3);
    expect(voltBattery(1.2)).toBe(2);
    expect(voltBattery(1.19)).toBe(1);
    expect(voltBattery(1.1)).toBe(1);
    expect(voltBattery(0.9)).toBe(0);
    expect(voltBattery(2.4, 2)).toBe(2);
    expect(voltBattery(2.38, 2)).toBe(1);
    expect(voltBattery(3.28, 2)).toBe(5);
    expect(voltBattery(0)).toBeNull();
    expect(voltBattery(-1.5)).toBeNull();
    expect(voltBattery(null)).toBeNull();
  });
});

describe('time', () => {
  const NOW = 1_720_000_000;

  it('parses wall times as UTC and rejects impossible dates', () => {
    expect(parseWallTimeAsUtc('2024-07-01 10:00:00')).toBe(1719828000);
    expect(parseWallTimeAsUtc('2024-07-01T10:00:00')).toBe(1719828000);
    expect(parseWallTimeAsUtc('2024-02-29 00:00:00')).toBe(Date.UTC(2024, 1, 29) / 1000);
    expect(parseWallTimeAsUtc('2023-02-29 00:00:00')).toBeNull();
    expect(parseWallTimeAsUtc('2024-07-01 24:00:00')).toBeNull();
    // Every field at its last valid value, then one past it.
    expect(parseWallTimeAsUtc('2024-12-31 23:59:59')).toBe(Date.UTC(2024, 11, 31, 23, 59, 59) / 1000);
    expect(parseWallTimeAsUtc('2024-01-01 00:00:00')).toBe(Date.UTC(2024, 0, 1) / 1000);
    for (const bad of [
      '2024-13-01 00:00:00',
      '2024-00-10 00:00:00',
      '2024-01-00 00:00:00',
      '2024-01-32 00:00:00',
      '2024-01-01 00:60:00',
      '2024-01-01 00:00:60',
    ])
      expect(parseWallTimeAsUtc(bad), bad).toBeNull();
    expect(parseWallTimeAsUtc('2024-07-01')).toBeNull();
    expect(parseWallTimeAsUtc('')).toBeNull();
  });

  it('converts local wall time to unix seconds with Intl, across DST', () => {
    const wall = (s: string) => parseWallTimeAsUtc(s) as number;
    expect(zonedWallTimeToUnix(wall('2024-07-01 12:00:00'), 'Europe/Prague')).toBe(
      wall('2024-07-01 10:00:00'),
    );
    expect(zonedWallTimeToUnix(wall('2024-12-01 12:00:00'), 'Europe/Prague')).toBe(
      wall('2024-12-01 11:00:00'),
    );
    expect(zonedWallTimeToUnix(wall('2024-07-01 12:00:00'), 'Asia/Kolkata')).toBe(
      wall('2024-07-01 06:30:00'),
    );
    expect(zonedWallTimeToUnix(wall('2024-07-01 12:00:00'), 'UTC')).toBe(wall('2024-07-01 12:00:00'));
    // 02:30 does not exist in Prague on 2024-03-31 (clocks jump 02:00 → 03:00): shifted forward to 03:30 CEST
    expect(zonedWallTimeToUnix(wall('2024-03-31 02:30:00'), 'Europe/Prague')).toBe(
      wall('2024-03-31 01:30:00'),
    );
    expect(zonedWallTimeToUnix(wall('2024-07-01 12:00:00'), 'Not/AZone')).toBeNull();
  });

  it('picks the console time only when plausible', () => {
    expect(uploadTime('now', NOW)).toBe(NOW);
    expect(uploadTime('NOW', NOW)).toBe(NOW);
    expect(uploadTime(' Now ', NOW)).toBe(NOW);
    expect(uploadTime(null, NOW)).toBe(NOW);
    expect(uploadTime('', NOW)).toBe(NOW);
    expect(uploadTime('garbage', NOW)).toBe(NOW);
    expect(uploadTime(' 2024-07-01 10:00:00 ', NOW)).toBe(1719828000);
    expect(uploadTime(undefined, NOW)).toBe(NOW);
    expect(uploadTime('2001-01-01 00:00:00', NOW)).toBe(978307200);
    expect(uploadTime('2000-12-31 23:59:59', NOW)).toBe(NOW);
    expect(uploadTime('2024-07-04 09:46:40', NOW)).toBe(NOW + 86400);
    expect(uploadTime('2024-07-04 09:46:41', NOW)).toBe(NOW);
  });
});

describe('parseNumber fast path', () => {
  // The pattern-only reading the fast path must agree with.
  const reference = (raw: string) => {
    const text = raw.trim();
    if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return null;
    const value = Number(text);
    return !Number.isFinite(value) || value === -9999 ? null : value;
  };
  it('reads every text as the full pattern does', () => {
    const text = fc.string({
      unit: fc.constantFrom('0', '1', '9', '.', '-', '+', 'e', ' ', 'x'),
      maxLength: 25,
    });
    fc.assert(
      fc.property(text, (s) => {
        expect(parseNumber(s)).toBe(reference(s));
      }),
      { numRuns: 3000 },
    );
    for (const s of ['-9999', '-9999.0', '12.', '.5', '-.5', '-', '.', '', '123456789012345678901234'])
      expect(parseNumber(s)).toBe(reference(s));
  });
});
