// Every station at a glance (issue 22, as Ecowitt.net and Weather Underground have): the user's own and shared
// stations, each with its live headline readings and whether it is online or silent since when; a tile opens
// that station's dashboard. The worker watches every station while the page is open (manage mode).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LayoutDashboard, RadioTower } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { readingText } from '../../cards/format';
import { Button } from '../../components/Button';
import { openDevice } from '../../components/openDevice';
import { EmptyState, Page } from '../../components/Page';
import { useNow } from '../../components/useNow';
import { relationOf } from '../../db/devices';
import { type Latest, useAuth, useDevices, useLatestOf, useSelectedDeviceId, useUnits } from '../../db/hooks';
import { baroShown, type UnitPrefs } from '../../domain';
import type { Device } from '../../domain/contract';
import { formatDateTime } from '../../i18n/dateTime';
import { formatAgo } from '../../i18n/format';
import styles from './StationsPage.module.css';
import { stationState } from './stationState';

/** The headline readings of a tile (those the station sends), named for a tile without cards around them. */
const HEADLINE: [string, MessageDescriptor][] = [
  ['tempc0', msg`Outdoor`],
  ['humc0', msg`Humidity`],
  ['windspd', msg`Wind`],
  ['dailyrain', msg`Rain today`],
  ['baro', msg`Pressure`],
  ['tempin', msg`Indoor`],
  ['pm25c1', msg`PM2.5`],
  ['co2', msg`CO₂`],
];

function Tile({
  device,
  latest,
  shared,
  prefs,
  now,
}: {
  device: Device;
  latest: Latest | undefined;
  shared: boolean;
  prefs: UnitPrefs;
  now: number;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const sample = latest?.sample ?? null;
  const state = stationState(latest?.time ?? device.lastUpload, now / 1000);
  const readings = HEADLINE.map(
    ([k, label]) => [k === 'baro' ? baroShown(prefs.barometer, sample) : k, label] as const,
  ).filter(([k]) => Number.isFinite(sample?.[k]));
  const stateText =
    state.kind === 'never'
      ? t`No upload yet`
      : state.kind === 'online'
        ? t`Online · updated ${formatAgo(Math.max(0, now / 1000 - state.since), i18n.locale, 'short')}`
        : t`Silent since ${formatDateTime(state.since * 1000, i18n.locale, prefs, { timeZone: device.timezone })}`;
  const open = async () => {
    await openDevice(device._id);
    navigate('/dashboard');
  };
  return (
    <article className={styles.tile} aria-labelledby={`station-${device._id}`} data-station={device.wsid}>
      <header className={styles.head}>
        <h2 className={styles.name} id={`station-${device._id}`}>
          {device.name}
        </h2>
        {shared && <span className={styles.relation}>{t`Shared`}</span>}
      </header>
      <p className={`${styles.state} ${styles[state.kind]}`} data-testid="station-state">
        <span className={styles.dot} aria-hidden="true" />
        {stateText}
      </p>
      {readings.length > 0 && (
        <dl className={styles.values}>
          {readings.map(([k, label]) => {
            const text = readingText(k, sample?.[k], prefs, i18n.locale);
            return (
              <div key={k}>
                <dt>{i18n._(label)}</dt>
                <dd className="tabular">
                  {text.value}
                  {text.unit && <span className={styles.unit}> {text.unit}</span>}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <Button
        className={styles.open}
        icon={<LayoutDashboard size={16} aria-hidden="true" />}
        aria-label={t`Open dashboard: ${device.name}`}
        onClick={() => void open()}
      >
        {t`Open dashboard`}
      </Button>
    </article>
  );
}

export default function StationsPage() {
  const { t } = useLingui();
  const all = useDevices();
  const auth = useAuth();
  const me = auth?.user?._id;
  const devices = all?.filter((d) => relationOf(d, me) !== 'public');
  const latest = useLatestOf(devices?.map((d) => d._id) ?? []);
  const prefs = useUnits();
  const now = useNow(5000);
  const selected = useSelectedDeviceId();

  // Watch every station while the overview is open (the dashboard watches only its own again).
  useEffect(() => {
    dataWorker.selectDevice(selected ?? null, true).catch((e) => console.warn('watching every station', e));
  }, [selected]);

  if (devices === undefined) return <div aria-busy="true" />;
  if (devices.length === 0)
    return (
      <Page title={t`All stations`}>
        <EmptyState icon={<RadioTower size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <p>{t`Add your weather station to see its readings here.`}</p>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );
  return (
    <Page title={t`All stations`} width="full">
      <ul className={styles.grid} aria-label={t`All stations`}>
        {devices.map((d) => (
          <li key={d._id}>
            <Tile
              device={d}
              latest={latest?.[d._id]}
              shared={relationOf(d, me) === 'shared'}
              prefs={prefs}
              now={now}
            />
          </li>
        ))}
      </ul>
    </Page>
  );
}
