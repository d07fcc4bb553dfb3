// Uploads per minute per protocol over the last hour: a bar per minute, accepted uploads stacked by protocol and
// the rejected ones on top in red (HTML bars: they fill any width and keep their labels readable).
import { useLingui } from '@lingui/react/macro';
import type { IngestHealthView } from '../../domain/contract';
import { protocolName } from './format';
import styles from './IngestHealthPage.module.css';

const COLORS = ['var(--c-hum)', 'var(--c-dew)', 'var(--c-uv)', 'var(--c-pm)'];

export function UploadsChart({ view }: { view: IngestHealthView }) {
  const { t, i18n } = useLingui();
  const bars = view.minutes.map((m) => {
    const parts = view.protocols.map((p) => m.counts[p]?.ok ?? 0);
    const rejected = view.protocols.reduce((s, p) => s + (m.counts[p]?.rejected ?? 0), 0);
    return { minute: m.minute, parts, rejected, total: parts.reduce((a, b) => a + b, 0) + rejected };
  });
  const max = Math.max(1, ...bars.map((b) => b.total));
  const time = (minute: number) =>
    new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(minute * 60_000);
  const pct = (v: number) => `${(v / max) * 100}%`;
  return (
    <figure className={styles.chart}>
      <div className={styles.plot} role="img" aria-label={t`Uploads per minute over the last hour`}>
        <span className={styles.max}>{max}</span>
        {bars.map((b) => (
          <div
            key={b.minute}
            className={styles.bar}
            title={`${time(b.minute)}: ${b.parts
              .map((v, j) => `${protocolName(view, view.protocols[j])} ${v}`)
              .join(', ')}, ${t`Rejected`} ${b.rejected}`}
          >
            {b.rejected > 0 && <span style={{ height: pct(b.rejected), background: 'var(--danger)' }} />}
            {[...b.parts].reverse().map((v, k) => {
              const j = b.parts.length - 1 - k;
              return v > 0 ? (
                <span
                  key={view.protocols[j]}
                  style={{ height: pct(v), background: COLORS[j % COLORS.length] }}
                />
              ) : null;
            })}
          </div>
        ))}
      </div>
      {bars.length > 0 && (
        <div className={styles.ticks}>
          <span>{time(bars[0].minute)}</span>
          <span>{time(bars[Math.floor(bars.length / 2)].minute)}</span>
          <span>{time(bars[bars.length - 1].minute)}</span>
        </div>
      )}
      <figcaption className={styles.legend}>
        {view.protocols.map((p, j) => (
          <span key={p}>
            <i style={{ background: COLORS[j % COLORS.length] }} aria-hidden="true" />
            {protocolName(view, p)}
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
