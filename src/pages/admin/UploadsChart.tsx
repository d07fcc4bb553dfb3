// Uploads per minute per protocol over the last hour: stacked bars (accepted per protocol, rejected on top in
// red), with the numbers in a visually hidden table for screen readers.
import { useLingui } from '@lingui/react/macro';
import type { IngestHealthView } from '../../domain/contract';
import { protocolName } from './format';
import styles from './IngestHealthPage.module.css';

const COLORS = ['var(--c-hum)', 'var(--c-dew)', 'var(--c-uv)', 'var(--c-pm)'];

export function UploadsChart({ view }: { view: IngestHealthView }) {
  const { t, i18n } = useLingui();
  const W = 720;
  const H = 180;
  const bars = view.minutes.map((m) => {
    const parts = view.protocols.map((p) => m.counts[p]?.ok ?? 0);
    const rejected = view.protocols.reduce((s, p) => s + (m.counts[p]?.rejected ?? 0), 0);
    return { minute: m.minute, parts, rejected, total: parts.reduce((a, b) => a + b, 0) + rejected };
  });
  const max = Math.max(1, ...bars.map((b) => b.total));
  const bw = W / Math.max(1, bars.length);
  const time = (minute: number) =>
    new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(minute * 60_000);
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-label={t`Uploads per minute over the last hour`}>
        <line x1={0} x2={W} y1={H} y2={H} className={styles.axis} />
        {bars.map((b, i) => {
          let y = H;
          const rects = b.parts.map((v, j) => {
            const h = (v / max) * (H - 10);
            y -= h;
            return v > 0 ? (
              <rect
                key={view.protocols[j]}
                x={i * bw + 1}
                y={y}
                width={bw - 2}
                height={h}
                fill={COLORS[j % COLORS.length]}
              />
            ) : null;
          });
          const rh = (b.rejected / max) * (H - 10);
          return (
            <g key={b.minute}>
              {rects}
              {b.rejected > 0 && (
                <rect x={i * bw + 1} y={y - rh} width={bw - 2} height={rh} fill="var(--danger)" />
              )}
            </g>
          );
        })}
        {bars.length > 0 &&
          [0, Math.floor(bars.length / 2), bars.length - 1].map((i) => (
            <text key={i} x={i * bw + bw / 2} y={H + 16} textAnchor="middle" className={styles.tick}>
              {time(bars[i].minute)}
            </text>
          ))}
        <text x={4} y={12} className={styles.tick}>
          {max}
        </text>
      </svg>
      <figcaption className={styles.legend}>
        {view.protocols.map((p, j) => (
          <span key={p}>
            <i style={{ background: COLORS[j % COLORS.length] }} aria-hidden="true" />
            {protocolName(p)}
          </span>
        ))}
        <span>
          <i style={{ background: 'var(--danger)' }} aria-hidden="true" />
          {t`Rejected`}
        </span>
      </figcaption>
    </figure>
  );
}
