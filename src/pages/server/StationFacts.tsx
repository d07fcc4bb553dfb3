// The facts an owner types into the console: server name, station, station ID and key (copy, regenerate), and
// the last upload time.
import { useLingui } from '@lingui/react/macro';
import { RefreshCw } from 'lucide-react';
import type { WeatherServerView } from '../../../workers/api';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Page';
import type { Device } from '../../domain/contract';
import { CopyButton } from './CopyButton';
import styles from './ServerPage.module.css';
import { stationFacts } from './useWeatherServer';

export function StationFacts({
  view,
  device,
  online,
  onRegenerate,
  dateText,
}: {
  view: WeatherServerView | null | undefined;
  device: Device | undefined;
  online: boolean;
  /** Asks to regenerate the key; undefined while there is no station. */
  onRegenerate: (() => void) | undefined;
  /** unix ms → the date and time in the user's format. */
  dateText: (ms: number) => string;
}) {
  const { t } = useLingui();
  const { stationId, stationKey, lastUpload } = stationFacts(view, device);
  return (
    <Panel>
      <dl className={styles.facts}>
        <div>
          <dt>{t`Server name`}</dt>
          <dd className={styles.mono}>{view?.serverName ?? location.host}</dd>
        </div>
        <div>
          <dt>{t`Station`}</dt>
          <dd>{device?.name ?? '---'}</dd>
        </div>
        <div>
          <dt>{t`Station ID`}</dt>
          <dd className={styles.valueRow}>
            <span className={styles.mono}>{stationId ?? '---'}</span>
            {stationId && <CopyButton value={stationId} label={t`Copy station ID`} />}
          </dd>
        </div>
        <div>
          <dt>{t`Station key`}</dt>
          <dd className={styles.valueRow}>
            <span className={styles.mono} data-testid="station-key">
              {stationKey ?? '---'}
            </span>
            {stationKey && <CopyButton value={stationKey} label={t`Copy station key`} />}
            <Button
              size="sm"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              onClick={onRegenerate}
              disabled={!online || !onRegenerate}
              title={online ? undefined : t`Needs a connection to the server`}
            >
              {t`Regenerate key`}
            </Button>
          </dd>
        </div>
        <div>
          <dt>{t`Last upload`}</dt>
          <dd className="tabular">{lastUpload ? dateText(lastUpload * 1000) : t`No upload yet`}</dd>
        </div>
      </dl>
    </Panel>
  );
}
