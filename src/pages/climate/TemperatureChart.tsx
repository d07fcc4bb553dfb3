// The Climate page's temperature against normal (issue 26): the station's normal band (10th–90th percentile of
// its own years' daily means) and normal mean under the period's daily means, and the same period of another
// year overlaid. SVG: a few hundred points at most, printable, no chart library needed.
import { useLingui } from '@lingui/react/macro';
import type { ClimateAnswer } from '../../domain/climate/summary';
import styles from './ClimatePage.module.css';

const W = 720;
const H = 220;
const PAD = 14;
/** Room for the scale's labels. */
const LEFT = 64;

export function TemperatureChart({
  answer,
  toUnit,
  unit,
}: {
  answer: ClimateAnswer;
  toUnit: (c: number) => number;
  unit: string;
}) {
  const { t } = useLingui();
  const days = answer.days;
  const other = answer.compare?.days ?? [];
  const normals = new Map((answer.normals ?? []).map((n) => [n.date, n]));
  const values: number[] = [];
  for (const d of days) if (d.tempMean !== null) values.push(d.tempMean);
  for (const d of other) if (d.tempMean !== null) values.push(d.tempMean);
  for (const n of normals.values()) for (const v of [n.tempP10, n.tempP90]) if (v !== null) values.push(v);
  if (values.length === 0) return null;
  const lo = Math.floor(Math.min(...values) - 1);
  const hi = Math.ceil(Math.max(...values) + 1);
  const x = (i: number) => LEFT + ((i + 0.5) / days.length) * (W - LEFT - PAD);
  const y = (v: number) => H - PAD - ((v - lo) / (hi - lo)) * (H - 2 * PAD);
  /** A polyline through the values, broken where a value is missing. */
  const path = (vals: (number | null)[]) => {
    let d = '';
    let pen = false;
    vals.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  const normalOf = days.map((d) => normals.get(d.date) ?? null);
  // The band as one polygon per run of days that have a normal.
  const bands: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length) {
      const top = run.map((i) => `${x(i).toFixed(1)},${y(normalOf[i]!.tempP90!).toFixed(1)}`);
      const bottom = run.map((i) => `${x(i).toFixed(1)},${y(normalOf[i]!.tempP10!).toFixed(1)}`).reverse();
      bands.push([...top, ...bottom].join(' '));
    }
    run = [];
  };
  normalOf.forEach((n, i) => {
    if (n && n.tempP10 !== null && n.tempP90 !== null) run.push(i);
    else flush();
  });
  flush();
  const label = (c: number) => `${Math.round(toUnit(c))} ${unit}`;
  return (
    <figure className={styles.balance} data-testid="temperature-normals">
      <figcaption className={styles.balanceTitle}>{t`Daily mean temperature`}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className={styles.chart}
        role="img"
        aria-label={t`Daily mean temperature`}
      >
        <text x={2} y={PAD + 10} className={styles.tick}>
          {label(hi)}
        </text>
        <text x={2} y={H - PAD} className={styles.tick}>
          {label(lo)}
        </text>
        {bands.map((b) => (
          <polygon key={b.slice(0, 24)} points={b} className={styles.band} data-testid="normal-band" />
        ))}
        <path d={path(normalOf.map((n) => n?.tempMean ?? null))} className={styles.normal} />
        {other.length > 0 && (
          <path
            d={path(days.map((_, i) => other[i]?.tempMean ?? null))}
            className={styles.compare}
            data-testid="compare-line"
          />
        )}
        <path d={path(days.map((d) => d.tempMean))} className={styles.line} />
      </svg>
      <div className={styles.legend}>
        <span className={styles.keyLine}>{answer.period}</span>
        {other.length > 0 && <span className={styles.keyCompare}>{answer.compare?.period}</span>}
        {answer.normals ? (
          <>
            <span className={styles.keyNormal}>{t`Normal`}</span>
            <span className={styles.keyBand}>{t`10th–90th percentile of the station's years`}</span>
          </>
        ) : (
          <span>{t`Normals need more than a year of history.`}</span>
        )}
      </div>
    </figure>
  );
}
