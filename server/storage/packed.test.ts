import { describe, expect, test } from 'vitest';
import { METRIC_KEYS } from '../../src/domain/catalogue';
import { fnv1a64 } from '../../src/domain/hash';
import { PackedReader, pack, unpack } from './packed';

describe('packed bucket records', () => {
  test('round-trip every aggregate exactly, and read only the asked keys', () => {
    const aggs = {
      tempc0: [3, 30.5, 9.5, 11, 10] as [number, number, number, number, number],
      relbaro: [1, 1013.25, 1013.25, 1013.25, 1013.25] as [number, number, number, number, number],
      co2: [2, 1200, 590, 610, 610] as [number, number, number, number, number],
    };
    const buf = pack(aggs);
    expect(buf.length).toBe(3 * 42 + 2);
    expect(unpack(buf)).toEqual(aggs);
    const reader = new PackedReader(['co2', 'humc0', 'tempc0']);
    expect(reader.read(buf)).toEqual({ co2: aggs.co2, tempc0: aggs.tempc0 });
    // A record with other metrics: positions are found again, not reused wrongly.
    expect(reader.read(pack({ humc0: [1, 50, 50, 50, 50] }))).toEqual({ humc0: [1, 50, 50, 50, 50] });
    // Unaligned views (as drivers may hand them over) decode too.
    const shifted = Buffer.concat([Buffer.from([7]), buf]).subarray(1);
    expect(unpack(shifted)).toEqual(aggs);
  });

  test('a one-reading record keeps only its values, and reads back as the same aggregates everywhere', async () => {
    const { primaryCoded, widen } = await import('./packed');
    const one = {
      tempc0: [1, -3.5, -3.5, -3.5, -3.5] as [number, number, number, number, number],
      co2: [1, 600, 600, 600, 600] as [number, number, number, number, number],
    };
    const single = pack(one);
    expect(single.length).toBe(2 * 10 + 2);
    expect(unpack(single)).toEqual(one);
    // Not one reading: a count above 1, or a count of 1 whose numbers differ (a merged or corrected aggregate).
    expect(pack({ ...one, humc0: [2, 100, 50, 50, 50] }).length).toBe(3 * 42 + 2);
    expect(pack({ tempc0: [1, 4, 3, 4, 4] }).length).toBe(42 + 2);
    expect(unpack(pack({ tempc0: [1, 4, 3, 4, 4] }))).toEqual({ tempc0: [1, 4, 3, 4, 4] });
    // The same positions in both layouts: the reader must not reuse one layout's slots for the other.
    const full = pack({ tempc0: [3, 30, 9, 11, 10], co2: [2, 1200, 590, 610, 610] });
    const reader = new PackedReader(['tempc0', 'co2']);
    expect(reader.read(full)).toEqual({ tempc0: [3, 30, 9, 11, 10], co2: [2, 1200, 590, 610, 610] });
    expect(reader.read(single)).toEqual(one);
    expect(reader.read(full).tempc0).toEqual([3, 30, 9, 11, 10]);
    // A history answer's primary values: a mean, a sum and a last, from either layout.
    const [columns, rows] = primaryCoded([
      { time: 300, data: full },
      { time: 600, data: single },
    ]);
    expect(columns).toEqual(['time', 'tempc0', 'co2']);
    expect(rows).toEqual([
      [300, 10, 600],
      [600, -3.5, 600],
    ]);
    // Widened for rewriting in place: the full layout of the same aggregates; a full record is left as it is.
    const wide = widen(single);
    expect(wide.length).toBe(2 * 42 + 2);
    expect(unpack(wide)).toEqual(one);
    expect(widen(full)).toBe(full);
  });

  test('stored records refer to metrics by catalogue position: the existing order never changes', () => {
    // If this fails, a metric was inserted or moved in src/domain/catalogue.ts: append new metrics at the end
    // instead (stored buckets would otherwise be read as the wrong metrics).
    expect(fnv1a64(METRIC_KEYS.slice(0, 140).join(','))).toBe(PINNED);
  });
});

const PINNED = '87ab8e7632e91a7f';

test('raw samples pack to about 10 bytes a value and read back, null included', async () => {
  const { packValues, readValues } = await import('./packed');
  const values = { tempc0: 21.25, humc0: 55, feelslike: null, relbaro: 1013.2, notAMetric: 5 } as Record<
    string,
    number | null
  >;
  const buf = packValues(values);
  expect(buf.length).toBe(4 * 10 + 2);
  expect(readValues(buf)).toEqual({ tempc0: 21.25, humc0: 55, feelslike: null, relbaro: 1013.2 });
  expect(readValues(JSON.stringify({ tempc0: 1 }))).toEqual({ tempc0: 1 });
});

test('a raw sample of every metric survives packing, twice in a row (the scratch space is reused)', async () => {
  const { packValues, readValues } = await import('./packed');
  const { METRIC_KEYS } = await import('../../src/domain/catalogue');
  const all = Object.fromEntries(METRIC_KEYS.map((k, i) => [k, i % 7 === 0 ? null : i * 1.5 - 40]));
  const first = packValues(all);
  const second = packValues({ tempc0: 1 });
  expect(readValues(first)).toEqual(all);
  expect(readValues(second)).toEqual({ tempc0: 1 });
});
