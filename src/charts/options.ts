// The uPlot options of a card's graph, built from plain inputs (no DOM), so they are tested in Node.
// The worker's Float64Arrays go to uPlot as they are; they mark a gap with NaN where uPlot expects null, so the
// y scale, the gaps and the cursor are told to pass over NaN here (uPlot itself only checks `== null`).
import uPlot from 'uplot';
import { type TickUnit, timeTicks } from '../domain/timeTicks';
import { localParts } from '../domain/timeZones';
import { localizeNumber } from '../i18n/format';

export interface ChartLine {
  label: string;
  /** A resolved CSS colour. */
  stroke: string;
  /** Display unit of the line, '' for none. */
  unit: string;
}

export interface ChartOptionsInput {
  width: number;
  height: number;
  lines: ChartLine[];
  /** Resolved colours of the axis text and of the grid. */
  theme: { text: string; grid: string };
  locale: string;
  timeZone: string;
  hour12?: boolean;
  /** The translated "Time" of the legend. */
  timeLabel: string;
  /** Told the time axis labels each time uPlot draws them (the chart shows them to tests as data-x-labels). */
  onTimeLabels?: (labels: string[]) => void;
  /** The low/high bands to fill under the lines (read at each draw: data changes keep the options). */
  bands?: () => ChartBand[];
  /** The period of the data on screen (read at each draw, as the bands): the time axis spans it. */
  period?: () => { from: number; to: number } | null;
}

/** Indexes of the values in view that have no value on either side (drawn as dots). */
export function isolatedPoints(u: Pick<uPlot, 'data' | 'series'>, seriesIdx: number): number[] {
  const y = u.data[seriesIdx] as ArrayLike<number | null>;
  const [i0, i1] = u.series[0].idxs ?? [0, y.length - 1];
  const out: number[] = [];
  for (let i = i0; i <= i1; i++) if (isValue(y[i]) && !isValue(y[i - 1]) && !isValue(y[i + 1])) out.push(i);
  return out;
}

/**
 * The x range: the period of the data, so a new station's first points sit on a day axis (uPlot widens a single
 * point to 86,400 of its time units, 1,000 days in seconds); a zoom into the data keeps its own range.
 */
export function periodRange(
  u: Pick<uPlot, 'data'>,
  min: number,
  max: number,
  period: { from: number; to: number } | null,
): uPlot.Range.MinMax {
  const x = u.data[0];
  if (!period || x.length === 0) return [min, max];
  const coversData = min <= (x[0] as number) && max >= (x[x.length - 1] as number);
  return coversData ? [period.from, period.to] : [min, max];
}

/** A low/high band on the times of the chart's x, filled faintly in a resolved colour (its line's). */
export interface ChartBand {
  lo: ArrayLike<number>;
  hi: ArrayLike<number>;
  fill: string;
}

/** Runs of indexes in [i0, i1] where both the low and the high have a value: each is one filled shape. */
export function bandRuns(
  lo: ArrayLike<number>,
  hi: ArrayLike<number>,
  i0: number,
  i1: number,
): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let i = i0; i <= i1 + 1; i++) {
    const ok = i <= i1 && isValue(lo[i]) && isValue(hi[i]);
    if (ok && start < 0) start = i;
    if (!ok && start >= 0) {
      runs.push([start, i - 1]);
      start = -1;
    }
  }
  return runs;
}

/** Fills each band between its low and high, under the lines (drawn after the axes, before the series). */
function drawBands(u: uPlot, bands: ChartBand[]): void {
  if (bands.length === 0) return;
  const xs = u.data[0];
  const [i0, i1] = u.series[0]?.idxs ?? [0, xs.length - 1];
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  // The series colour, faint: the line of the mean stays the thing to read.
  ctx.globalAlpha = 0.22;
  for (const band of bands) {
    ctx.fillStyle = band.fill;
    for (const [a, b] of bandRuns(band.lo, band.hi, i0 ?? 0, i1 ?? xs.length - 1)) {
      const x = (i: number) => u.valToPos(xs[i], 'x', true);
      const y = (v: number) => u.valToPos(v, 'y', true);
      ctx.beginPath();
      if (a === b) {
        // One bucket alone: a short bar, so it still shows.
        ctx.rect(x(a) - 2, y(band.hi[a]), 4, y(band.lo[a]) - y(band.hi[a]));
      } else {
        ctx.moveTo(x(a), y(band.hi[a]));
        for (let i = a + 1; i <= b; i++) ctx.lineTo(x(i), y(band.hi[i]));
        for (let i = b; i >= a; i--) ctx.lineTo(x(i), y(band.lo[i]));
        ctx.closePath();
      }
      ctx.fill();
    }
  }
  ctx.restore();
}

/** Above this span the time axis shows days instead of times. */
export const DAY_TICKS_FROM_S = 2 * 86400;

const isValue = (v: number | null | undefined): v is number => v != null && !Number.isNaN(v);

/**
 * The y scale's range from the finite values in view (uPlot's own min/max turns NaN at the first NaN), with
 * `extra` arrays on the same times (the bands' lows and highs) inside it too.
 */
export function finiteRangeWith(extra?: () => ArrayLike<number>[]): uPlot.Range.Function {
  return (u, _min, _max, scaleKey) => {
    const [i0, i1] = u.series[0]?.idxs ?? [0, u.data[0].length - 1];
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    const scan = (ys: ArrayLike<number | null | undefined>) => {
      for (let i = i0 ?? 0; i <= (i1 ?? ys.length - 1); i++) {
        const v = ys[i];
        if (!isValue(v)) continue;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    };
    for (let s = 1; s < u.series.length; s++)
      if (u.series[s].scale === scaleKey && u.series[s].show !== false) scan(u.data[s]);
    if (scaleKey === 'y') for (const ys of extra?.() ?? []) scan(ys);
    // Nothing in view: the same answer uPlot gives for a series of nulls.
    if (lo > hi) return [null, null];
    return uPlot.rangeNum(lo, hi, 0.1, true);
  };
}

export const finiteRange: uPlot.Range.Function = finiteRangeWith();

/**
 * Clip regions over runs of NaN, in canvas pixels from the point before a run to the point after it (what
 * uPlot does for null runs), merged with the null gaps uPlot found. Without them a line bridges the gap.
 */
export const nanGaps = (
  u: uPlot,
  seriesIdx: number,
  idx0: number,
  idx1: number,
  nullGaps: uPlot.Series.Gaps,
): uPlot.Series.Gaps => {
  const xs = u.data[0];
  const ys = u.data[seriesIdx];
  const px = (i: number) => Math.round(u.valToPos(xs[i], 'x', true));
  const gaps: uPlot.Series.Gaps = [...nullGaps];
  for (let i = idx0; i <= idx1; i++) {
    if (!Number.isNaN(ys[i])) continue;
    let end = i;
    while (end < idx1 && Number.isNaN(ys[end + 1])) end++;
    const from = px(i > 0 ? i - 1 : i);
    const to = px(end < xs.length - 1 ? end + 1 : end);
    if (to >= from) gaps.push([from, to]);
    i = end;
  }
  return gaps.sort((a, b) => a[0] - b[0]);
};

/**
 * The cursor at a NaN reads as at null: the legend shows '---' and the series' point hides. (Skipped values
 * make uPlot look for a neighbour; proximity 0 there finds none, anywhere else there is no limit.)
 */
export const gapHover: uPlot.Cursor.Hover = {
  skip: [undefined, Number.NaN],
  prox: (u, seriesIdx, closestIdx) => (Number.isNaN(u.data[seriesIdx]?.[closestIdx]) ? 0 : null),
};

/** The plot area's width in CSS px (before the first layout: the chart's width less the y axis). */
function plotWidth(u: uPlot): number {
  const w = u.bbox?.width;
  return w ? w / uPlot.pxRatio : Math.max(0, (u.width ?? 0) - 48);
}

export function buildChartOptions(input: ChartOptionsInput): uPlot.Options {
  const { locale, timeZone, hour12, theme } = input;
  const timeFmt = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', hour12 });
  const dayFmt = new Intl.DateTimeFormat(locale, { timeZone, month: 'short', day: 'numeric' });
  const monthFmt = new Intl.DateTimeFormat(locale, { timeZone, month: 'short' });
  const yearFmt = new Intl.DateTimeFormat(locale, { timeZone, month: 'short', year: 'numeric' });
  // What the last splits chose; values() formats by it (and by the span when called alone).
  let unit: TickUnit | null = null;
  const label = (t: number, by: TickUnit): string => {
    if (by === 'month') return (localParts(t, timeZone).m === 1 ? yearFmt : monthFmt).format(t * 1000);
    if (by === 'day') return dayFmt.format(t * 1000);
    const p = localParts(t, timeZone);
    // Midnight on a times-of-day axis names the new day.
    return (p.h === 0 && p.mi === 0 ? dayFmt : timeFmt).format(t * 1000);
  };
  const fullFmt = new Intl.DateTimeFormat(locale, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12,
  });
  const axis = { stroke: theme.text, grid: { stroke: theme.grid, width: 1 } };
  return {
    width: input.width,
    height: input.height,
    legend: { show: true, live: true },
    hooks: { drawAxes: [(u) => drawBands(u, input.bands?.() ?? [])] },
    cursor: { points: { size: 6 }, hover: gapHover },
    scales: {
      x: { time: true, range: (u, min, max) => periodRange(u, min, max, input.period?.() ?? null) },
      y: {
        range: input.bands
          ? finiteRangeWith(() => (input.bands?.() ?? []).flatMap((b) => [b.lo, b.hi]))
          : finiteRange,
      },
    },
    series: [
      { label: input.timeLabel, value: (_u, v) => (v == null ? '' : fullFmt.format(v * 1000)) },
      ...input.lines.map(
        (line): uPlot.Series => ({
          label: line.unit ? `${line.label} (${line.unit})` : line.label,
          stroke: line.stroke,
          width: 2,
          // A value with no neighbour is no line: a dot (a new station's first reading, one between gaps).
          points: { show: true, size: 6, filter: isolatedPoints },
          gaps: nanGaps,
          value: (_u, v) => (isValue(v) ? localizeNumber(v.toFixed(1), locale) : '---'),
        }),
      ),
    ],
    axes: [
      {
        ...axis,
        ticks: { stroke: theme.grid, width: 1 },
        // Local hours, days or months that fit the plot's width (domain/timeTicks), for the span in view.
        splits: (u, _axis, min, max) => {
          const chosen = timeTicks(min, max, plotWidth(u), timeZone);
          unit = chosen.unit;
          return chosen.ticks;
        },
        // The span in view, not the first data's: a period switch reuses the plot through setData.
        values: (u, ticks) => {
          const span = (u.scales.x.max ?? 0) - (u.scales.x.min ?? 0);
          const by = unit ?? (span > DAY_TICKS_FROM_S ? 'day' : 'hour');
          const labels = ticks.map((t) => label(t, by));
          input.onTimeLabels?.(labels);
          return labels;
        },
        space: 40,
      },
      {
        ...axis,
        ticks: { show: false },
        size: 48,
        values: (_u, ticks) => ticks.map((t) => localizeNumber(String(t), locale)),
      },
    ],
  };
}
