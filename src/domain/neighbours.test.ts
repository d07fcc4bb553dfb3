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

describe('neighbour check edges (mutation survivors, issue 30)', () => {
  /** n hours from hour 1000 (not 0, so the span is its hours' own), each `value(h)`. */
  const from1000 = (n: number, value: (h: number) => number) =>
    new Map(Array.from({ length: n }, (_, h) => [(1000 + h) * 3600, value(h)] as [number, number]));
  const flat = (n: number, v: number, count: number) =>
    Array.from({ length: count }, () => from1000(n, () => v));

  test('the box: 25 km is 0.2248° of latitude and, at 50°N, 25 / (111.2 cos 50°) = 0.3498° of longitude', () => {
    const box = boxAround({ latitude: 50, longitude: 14 }, 25);
    expect(box.minLat).toBeCloseTo(49.7752, 4);
    expect(box.maxLat).toBeCloseTo(50.2248, 4);
    expect(box.minLon).toBeCloseTo(13.6502, 4);
    expect(box.maxLon).toBeCloseTo(14.3498, 4);
  });

  test('at the limits: exactly 3 neighbours, 36 hours, an offset of 1 and 80 % of hours the same way', () => {
    // 36 hours from hour 1000 span 1.5 days: 2.
    expect(
      neighbourHint(
        'tempc0',
        from1000(36, () => 21),
        flat(36, 20, 3),
      ),
    ).toEqual({
      key: 'tempc0',
      offset: 1,
      neighbours: 3,
      hours: 36,
      days: 2,
    });
    // 70 hours, 56 (4 in 5) warm by 2 and the rest cold by 2: 80 % one way, enough.
    const mostly = from1000(70, (h) => (h % 5 < 4 ? 22 : 18));
    expect(neighbourHint('relbaro', mostly, flat(70, 20, 3))).toMatchObject({
      offset: 2,
      hours: 70,
      days: 3,
    });
    // 3 in 5 warm: the median is still +2, but only 60 % one way.
    const often = from1000(70, (h) => (h % 5 < 3 ? 22 : 18));
    expect(neighbourHint('relbaro', often, flat(70, 20, 3))).toBeNull();
  });

  test('only neighbours reporting in an hour count: two and a silent one are too few', () => {
    const own = from1000(72, () => 22);
    expect(neighbourHint('tempc0', own, [...flat(72, 20, 2), new Map()])).toBeNull();
    // A fourth that reports only some hours is counted among the neighbours.
    expect(neighbourHint('tempc0', own, [...flat(72, 20, 3), from1000(5, () => 20)])).toMatchObject({
      neighbours: 4,
      offset: 2,
    });
  });
});
