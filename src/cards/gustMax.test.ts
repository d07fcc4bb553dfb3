import { describe, expect, test } from 'vitest';
import { todayGustMax, withAgreedGust } from './gustMax';

const mm = (gust?: [number, number], console?: [number, number]) => ({
  min: {},
  max: { ...(gust ? { gust } : {}), ...(console ? { maxdailygust: console } : {}) },
});

describe("today's gust maximum", () => {
  test('the higher of the uploaded gusts and the console maximum, with its time', () => {
    expect(todayGustMax(mm([12, 100], [14, 200]))).toEqual([14, 200]);
    expect(todayGustMax(mm([15, 100], [14, 200]))).toEqual([15, 100]);
    expect(todayGustMax(mm(undefined, [9, 50]))).toEqual([9, 50]);
    expect(todayGustMax(undefined)).toBeUndefined();
  });

  test('the details table and "Max gust today" show the same value', () => {
    const latest = { sample: { time: 300, gust: 4, maxdailygust: 14 }, time: 300, changes: {} };
    const agreed = withAgreedGust(mm([15, 100], [14, 200]), latest);
    expect(agreed.minMax?.max.gust).toEqual([15, 100]);
    expect(agreed.latest?.sample?.maxdailygust).toBe(15);
    // A console that sends no daily maximum: "Max gust today" is the highest gust received today.
    const plain = withAgreedGust(mm([15, 100]), { sample: { time: 300, gust: 4 }, time: 300, changes: {} });
    expect(plain.latest?.sample?.maxdailygust).toBe(15);
    // Nothing received today: nothing to show.
    const none = withAgreedGust(mm(), { sample: { time: 300 }, time: 300, changes: {} });
    expect(none.latest?.sample?.maxdailygust).toBeUndefined();
  });
});
