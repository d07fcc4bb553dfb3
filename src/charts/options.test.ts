import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import {
  bandRuns,
  buildChartOptions,
  type ChartOptionsInput,
  DAY_TICKS_FROM_S,
  finiteRange,
  gapHover,
  isolatedPoints,
  nanGaps,
  periodRange,
} from './options';

/** The parts of a uPlot instance the option callbacks read; 10 canvas px per x unit. */
function fakePlot(xs: number[], ys: number[][], idxs: [number, number] = [0, xs.length - 1]) {
  return {
    data: [Float64Array.from(xs), ...ys.map((y) => Float64Array.from(y))],
    series: [{ idxs }, ...ys.map(() => ({ scale: 'y', show: true }))],
    scales: { x: { min: xs[0], max: xs.at(-1) } },
    valToPos: (v: number) => v * 10,
  } as unknown as uPlot;
}

const input: ChartOptionsInput = {
  width: 320,
  height: 220,
  lines: [
    { label: 'Temperature', stroke: '#e25', unit: '°C' },
    { label: 'Dew point', stroke: '#25e', unit: '' },
  ],
  theme: { text: '#666', grid: '#ddd' },
  locale: 'en',
  timeZone: 'Europe/Prague',
  hour12: false,
  timeLabel: 'Time',
};

describe('uPlot options', () => {
  it('draws a line per series with its colour and unit in the legend, sized as asked', () => {
    const o = buildChartOptions(input);
    expect([o.width, o.height]).toEqual([320, 220]);
    expect(o.series.map((s) => s.label)).toEqual(['Time', 'Temperature (°C)', 'Dew point']);
    expect(o.series.slice(1).map((s) => s.stroke)).toEqual(['#e25', '#25e']);
    expect(o.axes?.map((a) => a.stroke)).toEqual(['#666', '#666']);
    expect(o.series[1].gaps).toBe(nanGaps);
    expect(o.scales?.y.range).toBe(finiteRange);
    expect(o.cursor?.hover).toBe(gapHover);
  });

  it("shows legend values in the user's language, '---' for a gap", () => {
    const u = fakePlot([0], [[1]]);
    const value = buildChartOptions(input).series[1].value as (u: uPlot, v: number | null) => string;
    expect(value(u, 12.345)).toBe('12.3');
    expect(value(u, Number.NaN)).toBe('---');
    expect(value(u, null)).toBe('---');
    const de = buildChartOptions({ ...input, locale: 'de' }).series[1].value as typeof value;
    expect(de(u, 12.345)).toBe('12,3');
    const time = buildChartOptions(input).series[0].value as typeof value;
    expect(time(u, Date.UTC(2026, 0, 15, 11, 5) / 1000)).toBe('Jan 15, 2026, 12:05');
  });

  it('labels the time axis with times up to two days in view, with days beyond', () => {
    const ticks = buildChartOptions(input).axes?.[0].values as (u: uPlot, t: number[]) => string[];
    const t0 = Date.UTC(2026, 0, 15, 11, 0) / 1000;
    expect(ticks(fakePlot([t0, t0 + 86400], [[1, 2]]), [t0])).toEqual(['12:00']);
    expect(ticks(fakePlot([t0, t0 + DAY_TICKS_FROM_S + 1], [[1, 2]]), [t0])).toEqual(['Jan 15']);
  });

  it('ranges the y scale over the finite values in view, also when a series starts with a gap', () => {
    const u = fakePlot(
      [0, 1, 2, 3],
      [
        [Number.NaN, 2, 8, Number.NaN],
        [Number.NaN, 4, Number.NaN, 1],
      ],
    );
    const [lo, hi] = finiteRange(u, Number.NaN, Number.NaN, 'y');
    expect(lo).toBeLessThanOrEqual(1);
    expect(hi).toBeGreaterThanOrEqual(8);
    expect(hi! - lo!).toBeLessThan(10);
    // Zoomed to the last two times: 8 and 1 only.
    const zoomed = finiteRange(
      fakePlot(
        [0, 1, 2, 3],
        [
          [Number.NaN, 20, 8, Number.NaN],
          [0, 4, 1, 1],
        ],
        [2, 3],
      ),
      0,
      0,
      'y',
    );
    expect(zoomed[1]).toBeLessThan(20);
    expect(finiteRange(fakePlot([0, 1], [[Number.NaN, Number.NaN]]), 0, 0, 'y')).toEqual([null, null]);
  });

  it('clips each run of NaN from the point before it to the point after it', () => {
    const u = fakePlot([0, 1, 2, 3, 4, 5], [[1, Number.NaN, Number.NaN, 4, Number.NaN, 6]]);
    expect(nanGaps(u, 1, 0, 5, [])).toEqual([
      [0, 30],
      [30, 50],
    ]);
    // A gap at either end reaches the edge point; no NaN, no gap.
    const ends = fakePlot([0, 1, 2, 3], [[Number.NaN, 1, 2, Number.NaN]]);
    expect(nanGaps(ends, 1, 0, 3, [])).toEqual([
      [0, 10],
      [20, 30],
    ]);
    expect(nanGaps(fakePlot([0, 1], [[1, 2]]), 1, 0, 1, [])).toEqual([]);
  });

  it('hovers a gap as uPlot hovers null: no neighbour is picked for it', () => {
    const u = fakePlot([0, 1, 2], [[1, Number.NaN, 3]]);
    const prox = gapHover.prox as (u: uPlot, s: number, i: number, x: number) => number | null;
    // uPlot keeps `skip` in a Set, where NaN matches NaN.
    expect(new Set(gapHover.skip).has(Number.NaN)).toBe(true);
    expect(prox(u, 1, 1, 1)).toBe(0);
    expect(prox(u, 1, 0, 0)).toBeNull();
  });
});

describe('bands (issue 22)', () => {
  it('fill the runs where both the low and the high have a value', () => {
    const n = Number.NaN;
    expect(bandRuns([1, 2, n, 4, 5, 6], [3, 4, 5, n, 7, 8], 0, 5)).toEqual([
      [0, 1],
      [4, 5],
    ]);
    expect(bandRuns([1, 2, 3], [2, 3, 4], 1, 1)).toEqual([[1, 1]]);
    expect(bandRuns([n, n], [n, n], 0, 1)).toEqual([]);
  });

  it('widen the y range to the bands', () => {
    const u = fakePlot([0, 1], [[5, 6]]);
    const range = buildChartOptions({ ...input, bands: () => [{ lo: [1, 2], hi: [9, 10], fill: '#000' }] })
      .scales?.y.range as uPlot.Range.Function;
    const [lo, hi] = range(u, Number.NaN, Number.NaN, 'y');
    expect(lo).toBeLessThanOrEqual(1);
    expect(hi).toBeGreaterThanOrEqual(10);
  });
});

describe("the time axis spans the period (issue 22: a new station's first Day graph)", () => {
  const day = { from: 1_700_000_000, to: 1_700_086_400 };

  it('one point: the day, not the 1,000 days uPlot widens a single second to', () => {
    const u = fakePlot([1_700_040_000], [[12.5]]);
    expect(periodRange(u, 1_700_040_000, 1_700_040_000 + 86_400_000, day)).toEqual([day.from, day.to]);
    const opts = buildChartOptions({ ...input, period: () => day });
    const range = opts.scales!.x!.range as (u: uPlot, min: number, max: number) => [number, number];
    expect(range(u, 1_700_040_000, 1_700_040_000 + 86_400_000)).toEqual([day.from, day.to]);
  });

  it("a zoom into the data keeps its range; no period or no data: uPlot's range", () => {
    const u = fakePlot([1_700_001_000, 1_700_002_000, 1_700_003_000], [[1, 2, 3]]);
    expect(periodRange(u, 1_700_001_500, 1_700_002_500, day)).toEqual([1_700_001_500, 1_700_002_500]);
    expect(periodRange(u, 1_700_001_000, 1_700_003_000, day)).toEqual([day.from, day.to]);
    expect(periodRange(u, 5, 6, null)).toEqual([5, 6]);
    expect(periodRange(fakePlot([], [[]]), 5, 6, day)).toEqual([5, 6]);
  });

  it('a value with no neighbour is a dot; values of a line are not', () => {
    const u = fakePlot([1, 2, 3, 4, 5, 6], [[7, Number.NaN, 8, 9, Number.NaN, 10]]);
    expect(isolatedPoints(u, 1)).toEqual([0, 5]);
    expect(isolatedPoints(fakePlot([1, 2, 3, 4], [[7, Number.NaN, 8, 9]], [1, 3]), 1)).toEqual([]);
  });
});
