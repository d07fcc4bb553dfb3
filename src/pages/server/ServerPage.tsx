// Weather Server (spec §2, §3): for an owned station, the server name, station ID, station key (copy,
// regenerate) and last upload time, the console settings per upload protocol, the gaps in its data, its calibrations, the home relay (its command and
// status), and the fields the station sends that the portal does not know. Loaded through the worker
// (weatherServer find) and kept in Dexie, so the page shows the last known view offline. Data and actions:
// useWeatherServer, useRegenerateKey.
import { useLingui } from '@lingui/react/macro';
import { RadioTower, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { DataGaps } from '../../components/DataGaps';
import { LoopbackNote } from '../../components/LoopbackNote';
import { EmptyState, Page, Panel } from '../../components/Page';
import { StationSelect } from '../../components/StationSelect';
import { useUnits } from '../../db/hooks';
import { formatDateTime } from '../../i18n/dateTime';
import { translateServerMessage as tr } from '../../i18n/messages';
import { Calibrations } from './Calibrations';
import { CameraSetup } from './CameraSetup';
import { ConsoleSettings } from './ConsoleSettings';
import { RegenerateKeyDialog } from './RegenerateKeyDialog';
import { RelaySetup } from './RelaySetup';
import styles from './ServerPage.module.css';
import { StationFacts } from './StationFacts';
import { UnmappedFields } from './UnmappedFields';
import { UploadTargets } from './UploadTargets';
import { useRegenerateKey } from './useRegenerateKey';
import { useWeatherServer } from './useWeatherServer';

export default function ServerPage() {
  const { t, i18n } = useLingui();
  const { devices, deviceId, setDeviceId, device, view, link, error, setError } = useWeatherServer();
  const key = useRegenerateKey(deviceId, setError);
  const prefs = useUnits();
  const online = link !== 'offline';

  if (devices && devices.length === 0)
    return (
      <Page title={t`Weather Server`}>
        <EmptyState icon={<RadioTower size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <p>{t`The upload settings are shown for the stations you own.`}</p>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );

  const dateText = (ms: number) =>
    formatDateTime(ms, i18n.locale, prefs, { timeZone: device?.timezone, seconds: true });

  return (
    <Page title={t`Weather Server`} width="wide">
      {devices && devices.length > 0 && (
        <Panel>
          <StationSelect
            devices={devices}
            value={deviceId}
            onChange={setDeviceId}
            className={styles.picker}
          />
        </Panel>
      )}
      {link === 'offline' && (
        <p className={styles.offline} role="status">
          <WifiOff size={16} aria-hidden="true" />
          {view
            ? t`You are offline. These are the last known settings, from ${dateText(view.fetchedAt)}.`
            : t`You are offline. The upload settings load when the connection is back.`}
        </p>
      )}
      {error && online && (
        <p className={styles.error} role="alert">
          {tr(error)}
        </p>
      )}
      <StationFacts
        view={view}
        device={device}
        online={online}
        onRegenerate={deviceId ? key.ask : undefined}
        dateText={dateText}
      />
      {view && <LoopbackNote view={view} />}
      {view && view.protocols.length > 0 && (
        <ConsoleSettings protocols={view.protocols} device={device} online={online} />
      )}
      {deviceId && <DataGaps deviceId={deviceId} link={link} dateText={dateText} />}
      {device && <Calibrations device={device} dateText={dateText} />}
      {deviceId && <RelaySetup view={view} dateText={dateText} />}
      {deviceId && <CameraSetup stationKey={view?.stationKey ?? device?.stationKey} />}
      {deviceId && <UploadTargets deviceId={deviceId} online={online} dateText={dateText} />}
      <UnmappedFields fields={view?.unmapped ?? {}} />
      <RegenerateKeyDialog
        open={key.confirming}
        busy={key.busy}
        onCancel={key.cancel}
        onConfirm={() => void key.regenerate()}
      />
    </Page>
  );
}
