// The ET₀ water balance chart of the Climate page (issue 26): rain up, ET₀ down, and the running rain − ET₀
// from the period's start (waterBalance.ts). SVG, printable.
import { useLingui } from '@lingui/react/macro';
import { NO_VALUE } from '../../domain';
import styles from './ClimatePage.module.css';
import { type BalancePoint, balanceScale } from './waterBalance';

export function WaterBalanceChart({
  points,
  unit,
  title,
}: {
  points: BalancePoint[];
  unit: string;
  title: string;
}) {
  const { t } = useLingui();
  const w = 720;
  const h = 220;
  const mid = h / 2;
  const scale = balanceScale(points);
  const y = (v: number) => mid - (v / scale) * (mid - 12);
  const step = w / Math.max(1, points.length);
  const bar = Math.max(2, step * 0.35);
  const line = points
    .map((p, i) => (p.balance === null ? null : `${(i + 0.5) * step},${y(p.balance)}`))
    .filter(Boolean)
    .join(' ');
  const last = [...points].reverse().find((p) => p.balance !== null)?.balance ?? null;
  return (
    <figure className={styles.balance} data-testid="water-balance">
      <figcaption className={styles.balanceTitle}>
        {title}{' '}
        <strong className="tabular">
          {last === null ? NO_VALUE : `${last > 0 ? '+' : ''}${last.toFixed(unit === 'in' ? 2 : 1)} ${unit}`}
        </strong>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className={styles.chart} role="img" aria-label={title}>
        <line x1={0} x2={w} y1={mid} y2={mid} className={styles.axis} />
        {points.map((p, i) => (
          <g key={p.label}>
            {p.rain !== null && p.rain > 0 && (
              <rect
                className={styles.rain}
                x={(i + 0.5) * step - bar}
                y={y(p.rain)}
                width={bar}
                height={mid - y(p.rain)}
              />
            )}
            {p.et0 !== null && p.et0 > 0 && (
              <rect
                className={styles.et0}
                x={(i + 0.5) * step}
                y={mid}
                width={bar}
                height={y(-p.et0) - mid}
              />
            )}
          </g>
        ))}
        {line && <polyline points={line} className={styles.line} />}
      </svg>
      <div className={styles.legend}>
        <span className={styles.keyRain}>{t`Rain`}</span>
        <span className={styles.keyEt0}>{t`Evapotranspiration (ET₀)`}</span>
        <span className={styles.keyLine}>{t`Rain − ET₀ since the start (${unit})`}</span>
      </div>
    </figure>
  );
}
