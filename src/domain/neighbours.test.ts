import { describe, expect, test } from 'vitest';
import { boxAround, distanceKm, median, neighbourHint, seaLevelPressure } from './neighbours';

const hours = (n: number, value: (h: number) => number) =>
  new Map(Array.from({ length: n }, (_, h) => [h * 3600, value(h)] as [number, number]));

describe('neighbour check', () => {
  test('distances and the box around a place', () => {
    // Prague to Brno: about 185 km.
    expect(
      distanceKm({ latitude: 50.0755, longitude: 14.4378 }, { latitude: 49.1951, longitude: 16.6068 }),
    ).toBeCloseTo(185, -1);
    const box = boxAround({ latitude: 50, longitude: 14 }, 25);
    expect(distanceKm({ latitude: 50, longitude: 14 }, { latitude: box.maxLat, longitude: 14 })).toBeCloseTo(
      25,
      0,
    );
    expect(distanceKm({ latitude: 50, longitude: 14 }, { latitude: 50, longitude: box.maxLon })).toBeCloseTo(
      25,
      0,
    );
  });

  test('sea-level pressure: 1000 hPa at 300 m and 15 °C is about 1035.6 hPa', () => {
    expect(seaLevelPressure(1000, 300, 15)).toBeCloseTo(1035.6, 0);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  const around = (bias: number[]) => bias.map((b) => hours(72, (h) => 10 + Math.sin(h / 4) + b));

  test('a station off by the same amount for days gets a hint with the median offset', () => {
    const hint = neighbourHint(
      'tempc0',
      hours(72, (h) => 12.1 + Math.sin(h / 4)),
      around([0, 0.2, -0.2, 0.1]),
    );
    expect(hint).toEqual({ key: 'tempc0', offset: 2.1, neighbours: 4, hours: 72, days: 3 });
  });

  test('no hint: under the threshold, too few neighbours, too few hours, or off both ways', () => {
    expect(
      neighbourHint(
        'tempc0',
        hours(72, (h) => 10.6 + Math.sin(h / 4)),
        around([0, 0, 0]),
      ),
    ).toBeNull();
    expect(
      neighbourHint(
        'tempc0',
        hours(72, () => 20),
        around([0, 0]),
      ),
    ).toBeNull();
    expect(
      neighbourHint(
        'tempc0',
        hours(30, () => 20),
        around([0, 0, 0]),
      ),
    ).toBeNull();
    // Warm by day, cold by night (a sensor in the sun): not one offset a calibration could remove.
    const swinging = hours(72, (h) => 10 + Math.sin(h / 4) + (h % 2 ? 3 : -2.5));
    expect(neighbourHint('tempc0', swinging, around([0, 0, 0]))).toBeNull();
  });
});
