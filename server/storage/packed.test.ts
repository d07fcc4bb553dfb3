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
