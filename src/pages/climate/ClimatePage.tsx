// Climate (issue 26): a station's monthly or yearly climate summary from its stored history — the days (or
// months) with mean, high and low temperature and their times, degree days, rain, ET₀ and wind — its totals, the
// ET₀ water balance (rain − ET₀ over the month, or over the climate year that starts with the rain season), a
// printable layout and the NOAA text as a download. The worker asks the server and keeps the last answer.
import { useLingui } from '@lingui/react/macro';
import { CloudSun, Download, Printer } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/title';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { EmptyState, Page, Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { StationSelect } from '../../components/StationSelect';
import { TextField } from '../../components/TextField';
import { useConnectionField, useDevice, useDevices, useSelectedDeviceId, useUnits } from '../../db/hooks';
import { localParts } from '../../domain';
import type { ClimateAnswer } from '../../domain/climate/summary';
import styles from './ClimatePage.module.css';
import { DaysTable, MonthsTable, Totals } from './ClimateTables';
import { TemperatureChart } from './TemperatureChart';
import { WaterBalanceChart } from './WaterBalanceChart';
import { waterBalance } from './waterBalance';

type Mode = 'month' | 'year';

/** This month and year in the station's zone. */
function nowIn(timeZone: string): { month: string; year: string } {
  const p = localParts(Date.now() / 1000, timeZone);
  return { month: `${p.y}-${String(p.m).padStart(2, '0')}`, year: String(p.y) };
}

export default function ClimatePage() {
  const { t, i18n } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const devices = useDevices();
  const selected = useSelectedDeviceId();
  const deviceId = id ?? selected;
  const device = useDevice(deviceId);
  const prefs = useUnits();
  const zone = device?.timezone ?? 'UTC';
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState(() => nowIn(zone).month);
  const [year, setYear] = useState(() => nowIn(zone).year);
  const [compare, setCompare] = useState('');
  const [answer, setAnswer] = useState<ClimateAnswer | null | undefined>(undefined);
  const [failed, setFailed] = useState<string | null>(null);
  const period = mode === 'month' ? month : year;
  // Asked again once the socket is signed in (before that the worker answers its kept copy).
  const ready = useConnectionField('auth') === 'authenticated';
  usePageTitle(device ? t`Climate of ${device.name}` : undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` asks again once the socket is signed in
  useEffect(() => {
    if (!deviceId || !/^\d{4}(-\d{2})?$/.test(period)) return;
    let live = true;
    setAnswer(undefined);
    setFailed(null);
    dataWorker
      .loadClimate(deviceId, period, 'json', { normals: true, compare: compare || null })
      .then((a) => live && setAnswer(typeof a === 'string' ? null : a))
      .catch(
        (e: unknown) =>
          live &&
          setFailed(
            e instanceof Error || (e && typeof e === 'object' && 'message' in e)
              ? String((e as Error).message)
              : '',
          ),
      );
    return () => {
      live = false;
    };
  }, [deviceId, period, compare, ready]);

  // In the user's rain unit.
  const inch = prefs.rain === 'in';
  const balance = useMemo(() => {
    if (!answer) return [];
    const u = (v: number | null) => (v === null ? null : inch ? v / 25.4 : v);
    if (answer.months)
      return waterBalance(
        answer.months.map((m) => ({ label: m.month, rain: u(m.totals.rain), et0: u(m.totals.et0) })),
      );
    return waterBalance(answer.days.map((d) => ({ label: d.date, rain: u(d.rain), et0: u(d.et0) })));
  }, [answer, inch]);

  if (devices === undefined) return <div aria-busy="true" />;
  if (!device) {
    return (
      <Page title={t`Climate`}>
        <EmptyState icon={<CloudSun size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );
  }

  const download = async () => {
    const text = await dataWorker.loadClimate(device._id, period, 'noaa');
    if (typeof text !== 'string') return;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `NOAA-${period}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const years = Array.from({ length: 30 }, (_, i) => String(Number(nowIn(zone).year) - i));
  const seasonStart = answer?.settings.rainSeasonStart ?? device.rainSeasonStart ?? 1;
  const seasonName = new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2001, seasonStart - 1, 1),
  );

  return (
    <Page
      title={t`Climate`}
      width="full"
      actions={
        <div className={styles.noPrint}>
          <Button icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
            {t`Print`}
          </Button>
          <Button icon={<Download size={16} aria-hidden="true" />} onClick={() => void download()}>
            {t`NOAA text`}
          </Button>
        </div>
      }
    >
      <div className={`${styles.bar} ${styles.noPrint}`}>
        {devices.length > 1 && (
          <StationSelect
            devices={devices}
            value={device._id}
            onChange={(next) => void navigate(`/climate/${next}`)}
          />
        )}
        <SelectField
          label={t`Summary`}
          options={[
            { value: 'month', label: t`Month` },
            { value: 'year', label: t`Year` },
          ]}
          value={mode}
          onChange={(e) => setMode(e.target.value as Mode)}
        />
        <SelectField
          label={t`Compare with`}
          options={[
            { value: '', label: t`No other year` },
            ...years.filter((y) => y !== period.slice(0, 4)).map((y) => ({ value: y, label: y })),
          ]}
          value={compare}
          onChange={(e) => setCompare(e.target.value)}
        />
        {mode === 'month' ? (
          <TextField
            label={t`Month`}
            type="month"
            value={month}
            max={nowIn(zone).month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        ) : (
          <SelectField
            label={t`Year`}
            options={years.map((y) => ({ value: y, label: y }))}
            value={year}
            onChange={(e) => setYear(e.target.value)}
          />
        )}
      </div>
      <p className={styles.note}>
        {mode === 'year'
          ? t`The year starts in ${seasonName}, the station's rain season.`
          : t`Days and times are the station's (${device.timezone.replaceAll('_', ' ')}).`}{' '}
        {t`ET₀ by FAO-56 Penman–Monteith.`}
      </p>
      <h2 className={styles.printTitle}>
        {device.name} · {period}
      </h2>
      {failed !== null ? (
        <p className={styles.note} role="alert">
          {t`The summary could not be loaded. Try again when online.`} {failed}
        </p>
      ) : answer === undefined ? (
        <div aria-busy="true" />
      ) : answer === null ? (
        <p className={styles.note}>{t`The summary appears once the portal has been reached.`}</p>
      ) : (
        <>
          <Panel className={`${styles.panel} ${styles.totalsPanel}`}>
            <Totals totals={answer.totals} prefs={prefs} />
          </Panel>
          <div className={styles.top}>
            <Panel className={styles.panel}>
              <TemperatureChart
                answer={answer}
                toUnit={(c) => (prefs.temperature === 'F' ? c * 1.8 + 32 : c)}
                unit={prefs.temperature === 'F' ? '°F' : '°C'}
              />
            </Panel>
            <Panel className={styles.panel}>
              <WaterBalanceChart
                points={balance}
                unit={inch ? 'in' : 'mm'}
                title={mode === 'year' ? t`Water balance of the season` : t`Water balance of the month`}
              />
            </Panel>
          </div>
          <Panel className={styles.panel}>
            {mode === 'month' ? (
              <DaysTable answer={answer} prefs={prefs} device={device} />
            ) : (
              <MonthsTable answer={answer} prefs={prefs} />
            )}
          </Panel>
        </>
      )}
    </Page>
  );
}
