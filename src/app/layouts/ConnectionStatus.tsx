// Online/offline and the age of the newest reading ("Updated 12 s ago", spec §9), visible on every screen.
// Right after start the socket is still connecting: that is not shown as offline unless the browser is.
import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { useNow } from '../../components/useNow';
import { useConnection, useLatest, useSelectedDeviceId } from '../../db/hooks';
import { formatAgo } from '../../i18n/format';
import styles from './ConnectionStatus.module.css';

/** How long after page start a missing connection reads as "connecting" rather than "offline". */
export const CONNECT_GRACE_MS = 15_000;
const pageStart = Date.now();

function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

export type LinkState = 'online' | 'connecting' | 'offline';

export function linkState(
  socketOnline: boolean | undefined,
  browserOnline: boolean,
  sinceStartMs: number,
): LinkState {
  // The browser knows at once when the network is gone; an open socket notices only at its next ping.
  if (!browserOnline) return 'offline';
  if (socketOnline) return 'online';
  return sinceStartMs < CONNECT_GRACE_MS ? 'connecting' : 'offline';
}

export function useConnectionSummary(style: Intl.RelativeTimeFormatStyle = 'short') {
  const { t, i18n } = useLingui();
  const conn = useConnection();
  const browserOnline = useBrowserOnline();
  const latest = useLatest(useSelectedDeviceId());
  const now = useNow(1000);
  const state = linkState(conn?.online, browserOnline, now - pageStart);
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
