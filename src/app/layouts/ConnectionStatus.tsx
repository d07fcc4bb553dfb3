// Online/offline and the age of the newest reading ("Updated 12 s ago", spec §9), visible on every screen.
// The link state is components/useLink's rule.
import { useLingui } from '@lingui/react/macro';
import { useLink } from '../../components/useLink';
import { useNow } from '../../components/useNow';
import { useLatest, useSelectedDeviceId } from '../../db/hooks';
import { formatAgo } from '../../i18n/format';
import styles from './ConnectionStatus.module.css';

export function useConnectionSummary(style: Intl.RelativeTimeFormatStyle = 'short') {
  const { t, i18n } = useLingui();
  const state = useLink();
  const latest = useLatest(useSelectedDeviceId());
  const now = useNow(1000);
  // The age of the station's newest reading; without a station there is nothing to age.
  const ago = latest?.time ? formatAgo(Math.max(0, now / 1000 - latest.time), i18n.locale, style) : null;
  const label = state === 'online' ? t`Online` : state === 'connecting' ? t`Connecting…` : t`Offline`;
  const detail = ago ? t`Updated ${ago}` : null;
  return { state, label, detail, ago };
}

export function ConnectionStatus({
  compact = false,
  floating = false,
}: {
  compact?: boolean;
  floating?: boolean;
}) {
  const { state, label, detail, ago } = useConnectionSummary();
  return (
    <output
      className={`${styles.status} ${floating ? styles.floating : ''} ${styles[state]}`}
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
