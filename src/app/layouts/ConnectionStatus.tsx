// Online/offline and the age of the newest reading ("Updated 12 s ago", spec §9), visible on every screen.
// The link state is components/useLink's rule.
import { useLingui } from '@lingui/react/macro';
import { LOST_AFTER_S, STALE_AFTER_S } from '../../cards/status';
import { useLink } from '../../components/useLink';
import { useNow } from '../../components/useNow';
import { useSelectedLatestLater } from '../../db/later';
import { formatAgo } from '../../i18n/format';
import styles from './ConnectionStatus.module.css';

/**
 * How fresh the station's newest reading is (issue 22: a silent station had a green dot beside "Updated 12
 * min. ago"): the dot is green only while readings come in.
 */
export function dataFreshness(ageS: number | null): 'fresh' | 'stale' | 'silent' | null {
  if (ageS === null) return null;
  return ageS > LOST_AFTER_S ? 'silent' : ageS > STALE_AFTER_S ? 'stale' : 'fresh';
}

export function useConnectionSummary(style: Intl.RelativeTimeFormatStyle = 'short') {
  const { t, i18n } = useLingui();
  const state = useLink();
  // Read after the first paint (db/later.ts): the login bar shows it too, and Dexie is not on its path.
  const latest = useSelectedLatestLater();
  const now = useNow(1000);
  // The age of the station's newest reading; without a station there is nothing to age.
  const ago = latest?.time ? formatAgo(Math.max(0, now / 1000 - latest.time), i18n.locale, style) : null;
  const label = state === 'online' ? t`Online` : state === 'connecting' ? t`Connecting…` : t`Offline`;
  const detail = ago ? t`Updated ${ago}` : null;
  const data = dataFreshness(latest?.time ? Math.max(0, now / 1000 - latest.time) : null);
  return { state, label, detail, ago, data };
}

export function ConnectionStatus({
  compact = false,
  floating = false,
}: {
  compact?: boolean;
  floating?: boolean;
}) {
  const { state, label, detail, ago, data } = useConnectionSummary();
  return (
    <output
      className={`${styles.status} ${floating ? styles.floating : ''} ${styles[state]} ${data ? (styles[data] ?? '') : ''}`}
      data-freshness={data ?? undefined}
      aria-live="polite"
      aria-label={detail ? `${label}. ${detail}` : label}
      title={detail ? `${label} · ${detail}` : label}
    >
      <span className={styles.dot} aria-hidden="true" />
      {(state !== 'online' || !detail) && (
        <span className={`${styles.label} ${compact && detail ? styles.wideOnly : ''}`}>{label}</span>
      )}
      {detail && <span className={compact ? styles.wideOnly : ''}>{detail}</span>}
      {compact && ago && <span className={styles.narrowOnly}>{ago}</span>}
    </output>
  );
}
