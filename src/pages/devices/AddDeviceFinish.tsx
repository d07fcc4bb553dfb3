// Add station, finish step: the Station ID and key to enter in the console, and how to point it here.
import { useLingui } from '@lingui/react/macro';
import { Check, CircleCheck, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { ConsoleSetup } from '../../components/ConsoleSetup';
import { Panel } from '../../components/Page';
import { useSetting } from '../../db/hooks';
import { weatherServerKey } from '../../db/settings';
import type { Device } from '../../domain/contract';
import { usePublicConfig } from '../login/SignInExtras';
import styles from './AddDevice.module.css';

function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard
      ?.writeText(value)
      .then(() => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      })
      // No clipboard permission: the value is on screen to select by hand.
      .catch((e: unknown) => console.warn('[add device] copy refused', e));
  return (
    <div className={styles.credential}>
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId} className={styles.secret}>
          {value}
        </code>
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          aria-label={t`Copy ${label}`}
          onClick={copy}
        />
      </dd>
    </div>
  );
}

export function AddDeviceFinish({ device, onDone }: { device: Device; onDone: () => void }) {
  const { t } = useLingui();
  // The server's view names the address a console can reach (PUBLIC_HOST, or a LAN address for localhost).
  const view = useSetting(weatherServerKey(device._id), null);
  // Before the view arrives (or offline), the protocols' set-up templates, filled with this station.
  const templates = usePublicConfig()?.uploadConsoles;
  useEffect(() => {
    dataWorker.loadWeatherServer(device._id).catch((e) => console.warn('[add device] server view', e));
  }, [device._id]);
  return (
    <>
      <Panel>
        <div className={styles.finishHead}>
          <CircleCheck size={28} className={styles.ok} aria-hidden="true" />
          <p>{t`${device.name} is registered. Enter these values in your console so it uploads to this server.`}</p>
        </div>
        <dl className={styles.credentials}>
          <CopyValue label={t`Station ID`} value={device.wsid} testId="station-id" />
          <CopyValue label={t`Station key`} value={device.stationKey ?? ''} testId="station-key" />
          <CopyValue
            label={t`Ecowitt path`}
            value={`/data/report/${device.stationKey ?? ''}`}
            testId="ecowitt-path"
          />
        </dl>
      </Panel>
      <Panel>
        <ConsoleSetup wsid={device.wsid} stationKey={device.stationKey} view={view} templates={templates} />
      </Panel>
      <div className={styles.actions}>
        <Button variant="primary" onClick={onDone}>
          {t`Go to dashboard`}
        </Button>
      </div>
    </>
  );
}
