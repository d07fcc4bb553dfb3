// A small uPlot wrapper: one time axis, one line per series in the card's colours, sized to its container.
// Values arrive in display units from the data worker (SeriesData); NaN is a gap.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SeriesData } from '../../workers/api';
import { localizeNumber } from '../i18n/format';
import styles from './UPlotChart.module.css';

export interface ChartSeries {
  label: string;
  /** A CSS colour or a custom property name such as '--c-temp'. */
  color: string;
}

function resolveColor(el: HTMLElement, color: string): string {
  return color.startsWith('--') ? getComputedStyle(el).getPropertyValue(color).trim() || '#0f6bdc' : color;
}

/** uPlot wants plain arrays with null gaps; the worker sends Float64Array with NaN gaps. */
export function toAligned(data: SeriesData): uPlot.AlignedData {
  return [Array.from(data.x), ...data.ys.map((y) => Array.from(y, (v) => (Number.isFinite(v) ? v : null)))];
}

export function UPlotChart({
  data,
  series,
  timeZone,
  height = 220,
  hour12,
}: {
  data: SeriesData;
  series: ChartSeries[];
  timeZone: string;
  height?: number;
  hour12?: boolean;
}) {
  const { t, i18n } = useLingui();
  const timeLabel = t`Time`;
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const locale = i18n.locale;

  // (Re)build when the shape changes; plain data updates go through setData below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: data is applied by the effect below
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const muted = resolveColor(el, '--text-muted');
    const grid = resolveColor(el, '--border');
    const timeFmt = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', hour12 });
    const dayFmt = new Intl.DateTimeFormat(locale, { timeZone, month: 'short', day: 'numeric' });
    const fullFmt = new Intl.DateTimeFormat(locale, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
      hour12,
    });
    const span = data.x.length > 1 ? data.x[data.x.length - 1] - data.x[0] : 0;
    const opts: uPlot.Options = {
      width: el.clientWidth || 300,
      height,
      legend: { show: true, live: true },
      cursor: { points: { size: 6 } },
      scales: { x: { time: true } },
      series: [
        { label: timeLabel, value: (_u, v) => (v == null ? '' : fullFmt.format(v * 1000)) },
        ...series.map((s, i) => ({
          label: data.units[i] ? `${s.label} (${data.units[i]})` : s.label,
          stroke: resolveColor(el, s.color),
          width: 2,
          points: { show: false },
          value: (_u: uPlot, v: number | null) => (v == null ? '---' : localizeNumber(v.toFixed(1), locale)),
        })),
      ],
      axes: [
        {
          stroke: muted,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid, width: 1 },
          values: (_u, ticks) => ticks.map((t) => (span > 2 * 86400 ? dayFmt : timeFmt).format(t * 1000)),
          space: 64,
        },
        {
          stroke: muted,
          grid: { stroke: grid, width: 1 },
          ticks: { show: false },
          size: 48,
          values: (_u, ticks) => ticks.map((t) => localizeNumber(String(t), locale)),
        },
      ],
    };
    plot.current = new uPlot(opts, toAligned(data), el);
    el.dataset.drawn = data.bucket;
    const ro = new ResizeObserver(() => plot.current?.setSize({ width: el.clientWidth, height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
  }, [
    series.map((s) => s.label + s.color).join(),
    data.keys.join(),
    data.units.join(),
    timeZone,
    height,
    locale,
    hour12,
    timeLabel,
  ]);

  useEffect(() => {
    plot.current?.setData(toAligned(data));
    // data-drawn: the bucket of the data uPlot has drawn (the bench times a period switch up to it).
    if (box.current) box.current.dataset.drawn = data.bucket;
  }, [data]);

  // data-points: how many times have a value (tests and the bench wait for a chart drawn with data).
  const points = data.x.reduce((n, _x, i) => (data.ys.some((y) => Number.isFinite(y[i])) ? n + 1 : n), 0);
  return <div ref={box} className={styles.chart} data-points={points} />;
}
