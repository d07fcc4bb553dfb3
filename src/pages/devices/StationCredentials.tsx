// Edit station: the station key (copy, regenerate after a confirmation) and the console's MAC with the opt-in
// identification by MAC. Both need the server (it draws the key; it refuses a MAC another station claims).
import { useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Page';
import { useLink } from '../../components/useLink';
import type { Device } from '../../domain/contract';
import { translateServerMessage as tr } from '../../i18n/messages';
import { CopyButton } from '../server/CopyButton';
import { MacIdentification } from '../server/MacIdentification';
import { RegenerateKeyDialog } from '../server/RegenerateKeyDialog';
import { useRegenerateKey } from '../server/useRegenerateKey';
import styles from './EditDevice.module.css';

export function StationCredentials({ device }: { device: Device }) {
  const { t } = useLingui();
  const online = useLink() !== 'offline';
  const [error, setError] = useState<string | null>(null);
  const key = useRegenerateKey(device._id, setError);
  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Station key and MAC address`}</h2>
      <dl className={styles.key}>
        <dt>{t`Station key`}</dt>
        <dd>
          <span className={styles.mono} data-testid="edit-station-key">
            {device.stationKey ?? '---'}
          </span>
          {device.stationKey && <CopyButton value={device.stationKey} label={t`Copy station key`} />}
          <Button
            size="sm"
            icon={<RefreshCw size={16} aria-hidden="true" />}
            onClick={key.ask}
            disabled={!online}
            title={online ? undefined : t`Needs a connection to the server`}
          >
            {t`Regenerate key`}
          </Button>
        </dd>
      </dl>
      {error && (
        <p className={styles.error} role="alert">
          {tr(error)}
        </p>
      )}
      <MacIdentification device={device} online={online} />
      <RegenerateKeyDialog
        open={key.confirming}
        busy={key.busy}
        onCancel={key.cancel}
        onConfirm={() => void key.regenerate()}
      />
    </Panel>
  );
}
