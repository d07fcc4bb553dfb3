// Station records (issue 13): today, yesterday, this month, this year and all-time highs and lows with the time
// each happened, per station. Reads Dexie (kept by the worker, so it works offline); the owner can start them
// again after a confirmation (spec §5: resets ask first).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { RotateCcw, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundView } from '../../app/ErrorPage';
import { usePageTitle } from '../../app/title';
import { dataWorker } from '../../bridge/worker';
import { readingText } from '../../cards/format';
import { Button } from '../../components/Button';
import { DataGaps } from '../../components/DataGaps';
import { AppDialog } from '../../components/Dialog';
import { EmptyState, Page, Panel } from '../../components/Page';
import { StationSelect } from '../../components/StationSelect';
import { useLink } from '../../components/useLink';
import { useAuth, useDevice, useDevices, useSelectedDeviceId, useUnits } from '../../db/hooks';
import { resetRecords, useRecords } from '../../db/records';
import { baroPrimary, type UnitPrefs } from '../../domain';
import type { Device } from '../../domain/contract';
import {
  RECORD_PERIODS,
  type RecordPeriod,
  type RecordValue,
  recordDay,
  type StationRecords,
} from '../../domain/records';
import { formatDateTime, formatDay } from '../../i18n/dateTime';
import styles from './RecordsPage.module.css';

const PERIOD: Record<RecordPeriod, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  month: msg`This month`,
  year: msg`This year`,
  allTime: msg`All time`,
};

/** The rows of a period, in this order: [key, side, label]. */
const ROWS: [string, 'max' | 'min', MessageDescriptor][] = [
  ['tempc0', 'max', msg`Highest temperature`],
  ['tempc0', 'min', msg`Lowest temperature`],
  ['humc0', 'max', msg`Highest humidity`],
  ['humc0', 'min', msg`Lowest humidity`],
  ['baro', 'max', msg`Highest pressure`],
  ['baro', 'min', msg`Lowest pressure`],
  ['windspd', 'max', msg`Strongest wind`],
  ['gust', 'max', msg`Strongest gust`],
  ['rainrate', 'max', msg`Highest rain rate`],
  ['dailyrain', 'max', msg`Wettest day`],
];

function PeriodPanel({
  period,
  records,
  device,
  prefs,
}: {
  period: RecordPeriod;
  records: StationRecords;
  device: Device;
  prefs: UnitPrefs;
}) {
  const { i18n } = useLingui();
  const table = records.periods[period] ?? {};
  // The pressure the user reads on the dashboard (Abs/Rel preference), else whichever the station sends.
  const want = baroPrimary(prefs.barometer);
  const baroKey = table[want] ? want : want === 'absbaro' ? 'relbaro' : 'absbaro';
  const dayOnly = period === 'today' || period === 'yesterday';
  const when = (r: RecordValue) =>
    dayOnly
      ? new Intl.DateTimeFormat(i18n.locale, {
          hour: 'numeric',
          minute: '2-digit',
          hour12: prefs.time === 'ampm',
          timeZone: device.timezone,
        }).format(r.time * 1000)
      : formatDateTime(r.time * 1000, i18n.locale, prefs, { timeZone: device.timezone });
  // The wettest day is a day: the station-local day its bucket starts in.
  const dayOf = (r: RecordValue) => formatDay(recordDay(r.time, device.timezone), i18n.locale, prefs);
  const rows = ROWS.map(([k, side, label]) => {
    const key = k === 'baro' ? baroKey : k;
    return { key, side, label, record: table[key]?.[side] };
  }).filter((r) => r.record);
  return (
    <Panel className={styles.period}>
      <h2 className={styles.periodTitle}>{i18n._(PERIOD[period])}</h2>
      {rows.length === 0 ? (
        <p className={styles.none}>{i18n._(msg`No readings in this period yet.`)}</p>
      ) : (
        <dl className={styles.list} data-testid={`records-${period}`}>
          {rows.map(({ key, side, label, record }) => {
            const text = readingText(key, record!.value, prefs, i18n.locale);
            return (
              <div key={`${key}-${side}`} className={styles.row} data-key={`${key}-${side}`}>
                <dt>{i18n._(label)}</dt>
                <dd>
                  <strong className="tabular">
                    {text.value}
                    {text.unit && <span className={styles.unit}> {text.unit}</span>}
                  </strong>
                  <time className={styles.time} dateTime={new Date(record!.time * 1000).toISOString()}>
                    {key === 'dailyrain' ? dayOf(record!) : when(record!)}
                  </time>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </Panel>
  );
}

export default function RecordsPage() {
  const { t, i18n } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const devices = useDevices();
  const selected = useSelectedDeviceId();
  const deviceId = id ?? selected;
  const device = useDevice(deviceId);
  const records = useRecords(deviceId);
  const prefs = useUnits();
  const auth = useAuth();
  const [asking, setAsking] = useState(false);
  const link = useLink();
  usePageTitle(device ? t`Records of ${device.name}` : undefined);

  // Fresh records whenever the view opens (the stored ones show meanwhile, and offline).
  useEffect(() => {
    if (deviceId) dataWorker.loadRecords(deviceId).catch((e) => console.warn('loading records failed', e));
  }, [deviceId]);

  if (devices === undefined) return <div aria-busy="true" />;
  // A station in the address that the user does not have: the link is wrong (spec §2: not found).
  if (id && !devices.some((d) => d._id === id)) return <NotFoundView />;
  if (!device) {
    return (
      <Page title={t`Records`}>
        <EmptyState icon={<Trophy size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );
  }
  const owner = auth?.user && (device.user === auth.user._id || auth.user.isAdmin);
  const resetAt = records?.resetAt;

  return (
    <Page
      title={t`Records`}
      width="wide"
      actions={
        owner ? (
          <Button icon={<RotateCcw size={16} aria-hidden="true" />} onClick={() => setAsking(true)}>
            {t`Reset records`}
          </Button>
        ) : undefined
      }
    >
      <div className={styles.bar}>
        {devices.length > 1 && (
          <StationSelect
            devices={devices}
            value={device._id}
            onChange={(next) => void navigate(`/records/${next}`)}
          />
        )}
        <p className={styles.note}>
          {resetAt
            ? t`Counting since ${formatDateTime(resetAt * 1000, i18n.locale, prefs, { timeZone: device.timezone })}.`
            : t`Counting since the station's first upload.`}{' '}
          {t`Times are the station's (${device.timezone.replaceAll('_', ' ')}), to the nearest 5 minutes.`}
        </p>
      </div>
      {records === undefined ? (
        <div aria-busy="true" />
      ) : records === null ? (
        <p className={styles.none}>{t`The records appear once the portal has been reached.`}</p>
      ) : (
        <div className={styles.grid}>
          {[...RECORD_PERIODS].reverse().map((p) => (
            <PeriodPanel key={p} period={p} records={records} device={device} prefs={prefs} />
          ))}
        </div>
      )}
      <DataGaps
        deviceId={device._id}
        link={link}
        dateText={(ms) =>
          formatDateTime(ms, i18n.locale, prefs, { timeZone: device.timezone, seconds: true })
        }
      />
      <AppDialog
        open={asking}
        onClose={() => setAsking(false)}
        role="alertdialog"
        title={t`Reset the records of ${device.name}?`}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t`Cancel`}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setAsking(false);
                void resetRecords(device._id);
              }}
            >
              {t`Reset`}
            </Button>
          </>
        }
      >
        <p>{t`Every high and low, all time included, starts again from now. Stored readings are kept.`}</p>
      </AppDialog>
    </Page>
  );
}
