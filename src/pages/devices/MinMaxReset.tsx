// Edit station: restart today's min/max (spec §3 lastMinMaxReset) after a confirmation (spec §5). Written to
// Dexie at once, so the dashboard's min/max start again even offline; the outbox tells the server.
import { useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';
import { Panel } from '../../components/Page';
import { patchDevice } from '../../db/edits';
import { useUnits } from '../../db/hooks';
import type { Device } from '../../domain/contract';
import { formatDateTime } from '../../i18n/dateTime';
import styles from './EditDevice.module.css';

export function MinMaxReset({ device }: { device: Device }) {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const [asking, setAsking] = useState(false);
  const last = device.lastMinMaxReset;

  const reset = async () => {
    setAsking(false);
    await patchDevice(device._id, { lastMinMaxReset: Math.floor(Date.now() / 1000) });
  };

  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Today's min/max`}</h2>
      <div className={styles.inline}>
        <p className={styles.note} data-testid="last-reset">
          {last
            ? t`Last reset: ${formatDateTime(last * 1000, i18n.locale, prefs, { timeZone: device.timezone })}`
            : t`Today's min/max start at midnight in the station's time zone.`}
        </p>
        <Button icon={<RotateCcw size={16} aria-hidden="true" />} onClick={() => setAsking(true)}>
          {t`Reset today's min/max`}
        </Button>
      </div>
      <AppDialog
        open={asking}
        onClose={() => setAsking(false)}
        role="alertdialog"
        title={t`Reset today's min/max?`}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t`Cancel`}
            </Button>
            <Button variant="danger" onClick={() => void reset()}>
              {t`Reset`}
            </Button>
          </>
        }
      >
        <p>{t`Today's lowest and highest readings start again from now.`}</p>
      </AppDialog>
    </Panel>
  );
}
