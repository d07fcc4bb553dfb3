import { describe, expect, test } from 'vitest';
import { windRose } from './windRose';

describe('wind rose', () => {
  test('counts points per direction and speed band; calm apart, gaps skipped', () => {
    const dirs = [0, 350, 90, 92, 180, Number.NaN, 270, 10];
    const speeds = [2, 6, 12, 4, 0.2, 5, Number.NaN, 2];
    const rose = windRose(dirs, speeds);
    expect(rose.total).toBe(6); // NaN direction with wind, NaN speed: skipped
    expect(rose.calm).toBeCloseTo(1 / 6);
    expect(rose.shares[0][0]).toBeCloseTo(2 / 6); // N (0° and 10°), under 3.3 m/s
    expect(rose.shares[0][2]).toBeCloseTo(1 / 6); // 350° rounds to N, 6 m/s
    expect(rose.shares[4][4]).toBeCloseTo(1 / 6); // E, 12 m/s: the open band
    expect(rose.shares[4][1]).toBeCloseTo(1 / 6); // 92° is E too
    expect(rose.peak).toBeCloseTo(3 / 6);
  });

  test('bands follow the unit the speeds come in', () => {
    // 10 km/h = 2.8 m/s (first band); 25 km/h = 6.9 m/s (third band).
    const rose = windRose([180, 180], [10, 25], 3.6);
    expect(rose.shares[8][0]).toBeCloseTo(0.5);
    expect(rose.shares[8][2]).toBeCloseTo(0.5);
  });

  test('no points: an empty rose', () => {
    expect(windRose([], [])).toMatchObject({ total: 0, calm: 0, peak: 0 });
  });
});

describe('wind rose edges (mutation survivors, issue 30)', () => {
  test('band and calm limits belong to the band above; calm follows the unit too', () => {
    const rose = windRose([90, 90, 90], [0.5, 3.3, 0.49]);
    expect(rose.calm).toBeCloseTo(1 / 3);
    expect(rose.shares[4][0]).toBeCloseTo(1 / 3); // 0.5 m/s: the first band, not calm
    expect(rose.shares[4][1]).toBeCloseTo(1 / 3); // 3.3 m/s: the second band
    // In km/h calm is below 1.8: 1 km/h is calm, 2 km/h is not.
    const kmh = windRose([90, 90], [1, 2], 3.6);
    expect(kmh.calm).toBeCloseTo(0.5);
    expect(kmh.shares[4][0]).toBeCloseTo(0.5);
  });

  test('points are pairs: a speed without its direction entry is not counted, not even as calm', () => {
    expect(windRose([90], [2, 0.1]).total).toBe(1);
    expect(windRose([90, 180], [2]).total).toBe(1);
  });
});
