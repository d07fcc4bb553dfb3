// Active alerts of the station on screen, above its cards (issue 22: an alert was only on the Alert Setting
// page). Each says what and since when, links to Alert Setting and can be hidden (alerts/hide, queued offline).
import { useLingui } from '@lingui/react/macro';
import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { hideAlert } from '../../db/edits';
import { PAINT_FROM_KEPT, useAlerts, useUnits } from '../../db/hooks';
import type { Device } from '../../domain/contract';
import { formatDateTime } from '../../i18n/dateTime';
import { itemLabel } from '../alert/alertItems';
import styles from './ActiveAlerts.module.css';

export function ActiveAlerts({ device, compact }: { device: Device; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const alerts = useAlerts(device._id, PAINT_FROM_KEPT);
  const prefs = useUnits(PAINT_FROM_KEPT);
  if (!alerts || alerts.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t`Active alerts`}>
      {alerts.map((a) => {
        const text = a.message || itemLabel(a.item, device);
        const when = formatDateTime(a.lastTrigger * 1000, i18n.locale, prefs, { timeZone: device.timezone });
        return (
          <li key={a._id} className={styles.alert} role="alert">
            <BellRing size={20} aria-hidden="true" className={styles.icon} />
            <div className={styles.text}>
              <span className={styles.what}>{text}</span>
              <span className={styles.since}>{t`Alert since ${when}`}</span>
            </div>
            {!compact && (
              <div className={styles.actions}>
                <Link to="/alert">{t`Alert Setting`}</Link>
                <Button
                  size="sm"
                  aria-label={t`Hide alert: ${text}`}
                  onClick={() => void hideAlert(device._id, a._id)}
                >
                  {t`Hide`}
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
