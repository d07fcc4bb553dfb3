// A small uPlot wrapper: one time axis, one line per series in the card's colours, sized to its container.
// Values arrive in display units from the data worker (SeriesData, Float64Arrays transferred, not copied); NaN is
// a gap. The options come from options.ts.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SeriesData } from '../../workers/api';
import { useDocumentTheme } from '../components/useDocumentTheme';
import { buildChartOptions, type ChartBand } from './options';
import styles from './UPlotChart.module.css';

export interface ChartSeries {
  label: string;
  /** A CSS colour or a custom property name such as '--c-temp'. */
  color: string;
}

function resolveColor(el: HTMLElement, color: string): string {
  return color.startsWith('--') ? getComputedStyle(el).getPropertyValue(color).trim() || '#0f6bdc' : color;
}

/** The worker's arrays as uPlot's data, as they are: no copy (NaN gaps are handled by the options). */
export const alignedOf = (data: SeriesData): uPlot.AlignedData => [data.x, ...data.ys];

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
  // Grid and text colours are resolved when the plot is built: a theme change rebuilds it.
  const theme = useDocumentTheme();
  // The low/high bands of the data on screen (week, month, year): read by the plot at each draw.
  const bands = useRef<ChartBand[]>([]);
  // The period of the data on screen: the time axis spans it (read by the plot when it ranges).
  const period = useRef({ from: data.from, to: data.to });
  const bandsOf = (el: HTMLElement, d: SeriesData): ChartBand[] =>
    (d.bands ?? []).flatMap((b) => {
      const line = series[d.keys.indexOf(b.key)];
      return line ? [{ lo: b.lo, hi: b.hi, fill: resolveColor(el, line.color) }] : [];
    });

  // (Re)build when the shape changes; plain data updates go through setData below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: data is applied by the effect below
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    bands.current = bandsOf(el, data);
    period.current = { from: data.from, to: data.to };
    const opts = buildChartOptions({
      width: el.clientWidth || 300,
      height,
      lines: series.map((s, i) => ({
        label: s.label,
        stroke: resolveColor(el, s.color),
        unit: data.units[i] ?? '',
      })),
      theme: { text: resolveColor(el, '--text-muted'), grid: resolveColor(el, '--border') },
      locale,
      timeZone,
      hour12,
      timeLabel,
      // data-x-labels: the time labels uPlot drew (tests read them: no date twice on an axis).
      onTimeLabels: (labels) => {
        el.dataset.xLabels = JSON.stringify(labels);
      },
      bands: () => bands.current,
      period: () => period.current,
    });
    plot.current = new uPlot(opts, alignedOf(data), el);
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
    theme,
  ]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: bandsOf reads the series of this render
  useEffect(() => {
    if (box.current) bands.current = bandsOf(box.current, data);
    period.current = { from: data.from, to: data.to };
    plot.current?.setData(alignedOf(data));
    // data-drawn: the bucket of the data uPlot has drawn (the bench times a period switch up to it).
    if (box.current) box.current.dataset.drawn = data.bucket;
  }, [data]);

  // data-points: how many times have a value (tests and the bench wait for a chart drawn with data).
  const points = pointsWithValue(data);
  return <div ref={box} className={styles.chart} data-points={points} data-bands={data.bands?.length ?? 0} />;
}

/** How many times have a value in some series. */
function pointsWithValue(data: SeriesData): number {
  let n = 0;
  for (let i = 0; i < data.x.length; i++) if (data.ys.some((y) => Number.isFinite(y[i]))) n++;
  return n;
}
