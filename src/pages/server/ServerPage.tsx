// Weather Server (spec §2, §3): for an owned station, the server name, station ID, station key (copy,
// regenerate) and last upload time, the console settings per upload protocol, and the fields the station sends
// that the portal does not know. Loaded through the worker (weatherServer find) and kept in Dexie, so the page
// shows the last known view offline.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Check, Copy, KeyRound, RadioTower, RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link } from 'react-router';
import { SETTING, type WeatherServerView } from '../../../workers/api';
import { dataWorker } from '../../api/worker';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';
import { EmptyState, Page, Panel } from '../../components/Page';
import { StationSelect, useStationChoice } from '../../components/StationSelect';
import { useLink } from '../../components/useLink';
import { relationOf } from '../../db/devices';
import { useAuth, useDevice, useDevices, useSetting, useUnits } from '../../db/hooks';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import { MacIdentification } from './MacIdentification';
import styles from './ServerPage.module.css';

/** Setting names the server sends in English (weather-server.ts), in words of the user's language. */
const SETTING_NAMES: Record<string, MessageDescriptor> = {
  Server: msg`Server`,
  Port: msg`Port`,
  Path: msg`Path`,
  'Station ID': msg`Station ID`,
  'Station key': msg`Station key`,
  Protocol: msg`Protocol`,
  'Server IP / Hostname': msg`Server IP / Hostname`,
  'Upload interval': msg`Upload interval (seconds)`,
  'MAC on this station': msg`MAC address of this station`,
};

const PROTOCOL_NAMES: Record<string, string> = {
  wslink: 'WSLink',
  wunderground: 'Wunderground',
  ecowitt: 'Ecowitt',
};

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);
  return (
    <Button
      size="sm"
      variant="ghost"
      iconOnly
      icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      aria-label={copied ? t`Copied` : label}
      title={copied ? t`Copied` : label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
        } catch {
          // No clipboard permission: the value is on screen to select by hand.
        }
      }}
    />
  );
}

export default function ServerPage() {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const all = useDevices();
  const devices = all?.filter((d) => relationOf(d, auth?.user?._id) === 'owned');
  const [deviceId, setDeviceId] = useStationChoice(devices);
  const device = useDevice(deviceId);
  const link = useLink();
  const prefs = useUnits();
  const view = useSetting<WeatherServerView | null>(`${SETTING.weatherServerPrefix}${deviceId ?? ''}`, null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const online = link !== 'offline';
  const connected = link === 'online';

  // Reloaded when the connection comes back (`connected`), so an offline visit updates itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: connected is the reload trigger
  useEffect(() => {
    if (!deviceId) return;
    setError(null);
    dataWorker.loadWeatherServer(deviceId).catch((e) => setError(errorText(e)));
  }, [deviceId, connected]);

  if (devices && devices.length === 0)
    return (
      <Page title={t`Weather Server`}>
        <EmptyState icon={<RadioTower size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <p>{t`The upload settings are shown for the stations you own.`}</p>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );

  const stationId = view?.stationId ?? device?.wsid;
  const stationKey = view?.stationKey ?? device?.stationKey;
  const last = view?.lastUpload ?? device?.lastUpload ?? null;
  const dateFmt = (ms: number) =>
    new Intl.DateTimeFormat(i18n.locale, {
      dateStyle: 'medium',
      timeStyle: 'medium',
      hour12: prefs.time === 'ampm',
      timeZone: device?.timezone,
    }).format(ms);
  const unmapped = Object.entries(view?.unmapped ?? {});

  const regenerate = async () => {
    if (!deviceId) return;
    setBusy(true);
    try {
      await dataWorker.regenerateStationKey(deviceId);
      setConfirm(false);
      setError(null);
    } catch (e) {
      setError(errorText(e));
      setConfirm(false);
    } finally {
      setBusy(false);
    }
  };

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
            ? t`You are offline. These are the last known settings, from ${dateFmt(view.fetchedAt)}.`
            : t`You are offline. The upload settings load when the connection is back.`}
        </p>
      )}
      {error && online && (
        <p className={styles.error} role="alert">
          {tr(error)}
        </p>
      )}
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
                onClick={() => setConfirm(true)}
                disabled={!online || !deviceId}
                title={online ? undefined : t`Needs a connection to the server`}
              >
                {t`Regenerate key`}
              </Button>
            </dd>
          </div>
          <div>
            <dt>{t`Last upload`}</dt>
            <dd className="tabular">{last ? dateFmt(last * 1000) : t`No upload yet`}</dd>
          </div>
        </dl>
      </Panel>

      {view && view.protocols.length > 0 && (
        <Panel>
          <h2 className={styles.sectionTitle}>{t`Console settings`}</h2>
          <Tabs className={styles.tabs}>
            <TabList aria-label={t`Upload protocol`} className={styles.tabList}>
              {view.protocols.map((p) => (
                <Tab key={p.protocol} id={p.protocol} className={styles.tab}>
                  {PROTOCOL_NAMES[p.protocol] ?? p.protocol}
                </Tab>
              ))}
            </TabList>
            {view.protocols.map((p) => (
              <TabPanel key={p.protocol} id={p.protocol} className={styles.tabPanel}>
                <table className={styles.settings}>
                  <tbody>
                    {(p.settings ?? []).map(([name, value]) => {
                      const label = SETTING_NAMES[name] ? i18n._(SETTING_NAMES[name]) : name;
                      return (
                        <tr key={name}>
                          <th scope="row">{label}</th>
                          <td className={styles.mono}>{value}</td>
                          <td className={styles.copyCell}>
                            <CopyButton value={value} label={t`Copy ${label}`} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                {p.protocol === 'ecowitt' && (
                  <>
                    <p className={styles.note}>
                      {t`Type the path exactly as shown: the station key in it identifies this station.`}
                    </p>
                    {device && <MacIdentification device={device} online={online} />}
                  </>
                )}
              </TabPanel>
            ))}
          </Tabs>
        </Panel>
      )}

      <Panel>
        <h2 className={styles.sectionTitle}>{t`Unmapped fields`}</h2>
        {unmapped.length === 0 ? (
          <p className={styles.note}>{t`Every field this station uploads is shown on the dashboard.`}</p>
        ) : (
          <>
            <p className={styles.note}>
              {t`The station uploads these fields, which the portal does not know. They are kept but not shown.`}
            </p>
            <table className={styles.settings}>
              <thead>
                <tr>
                  <th scope="col">{t`Field`}</th>
                  <th scope="col">{t`Last value`}</th>
                </tr>
              </thead>
              <tbody>
                {unmapped.map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row" className={styles.mono}>
                      {k}
                    </th>
                    <td className={styles.mono}>{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Panel>

      <AppDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        busy={busy}
        role="alertdialog"
        title={t`Regenerate the station key?`}
        actions={
          <>
            <Button variant="ghost" onClick={() => setConfirm(false)} disabled={busy}>
              {t`Cancel`}
            </Button>
            <Button
              variant="danger"
              busy={busy}
              icon={<KeyRound size={16} aria-hidden="true" />}
              onClick={() => void regenerate()}
            >
              {t`Regenerate`}
            </Button>
          </>
        }
      >
        <p>
          {t`The console stops uploading until you enter the new key in its settings. The old key stops working at once.`}
        </p>
      </AppDialog>
    </Page>
  );
}
