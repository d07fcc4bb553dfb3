// The station list could not be loaded (spec §4 device list, issue #12): said where the list is shown (the
// dashboard, Edit Devices) with a retry, instead of an empty list that reads as "no stations".
import { useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { dataWorker } from '../bridge/worker';
import { useConnectionField } from '../db/hooks';
import { runAction } from '../state/run-action';
import { useUi } from '../state/ui';
import { Button } from './Button';
import styles from './DeviceListError.module.css';

/** Whether the last load of the station list failed. */
export function useDeviceListFailed(): boolean {
  return useConnectionField('devices') === 'error';
}

export function DeviceListError() {
  const { t } = useLingui();
  const failed = useDeviceListFailed();
  const busy = useUi((s) => s.processing);
  if (!failed) return null;
  return (
    <div className={styles.loadError} role="alert">
      <TriangleAlert size={18} aria-hidden="true" />
      <span>{t`The station list could not be loaded.`}</span>
      <Button
        size="sm"
        busy={busy === 'reloadDevices'}
        onClick={() => void runAction('reloadDevices', () => dataWorker.reload())}
      >
        {t`Retry`}
      </Button>
    </div>
  );
}
