// Climate (issue 26): a station's monthly or yearly climate summary from its stored history — the days (or
// months) with mean, high and low temperature and their times, degree days, rain, ET₀ and wind — its totals, the
// ET₀ water balance (rain − ET₀ over the month, or over the climate year that starts with the rain season), a
// printable layout and the NOAA text as a download. The worker asks the server and keeps the last answer.
import { useLingui } from '@lingui/react/macro';
import { CloudSun, Download, Printer } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { dataWorker } from '../../api/worker';
import { usePageTitle } from '../../app/title';
import { Button } from '../../components/Button';
import { EmptyState, Page, Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { StationSelect } from '../../components/StationSelect';
import { TextField } from '../../components/TextField';
import { useConnection, useDevice, useDevices, useSelectedDeviceId, useUnits } from '../../db/hooks';
import { formatValue, localParts, METRIC_BY_KEY, NO_VALUE, type UnitPrefs, unitFor } from '../../domain';
import type { ClimateAnswer, ClimateDay, ClimateTotals } from '../../domain/climate/summary';
import type { Device } from '../../domain/contract';
import { formatDay } from '../../i18n/dateTime';
import styles from './ClimatePage.module.css';
import { TemperatureChart } from './TemperatureChart';
import { type BalancePoint, balanceScale, waterBalance } from './waterBalance';

type Mode = 'month' | 'year';

/** Display of SI values in the user's units. */
function display(prefs: UnitPrefs) {
  const unit = (key: string) => unitFor(METRIC_BY_KEY[key], prefs).displayName;
  const f = prefs.temperature === 'F';
  return {
    temp: (v: number | null) => formatValue('tempc0', v, prefs),
    rain: (v: number | null) => formatValue('dailyrain', v, prefs),
    wind: (v: number | null) => formatValue('windspd', v, prefs),
    /** Degree days are temperature differences: scaled, not offset. */
    deg: (v: number | null) => (v === null ? NO_VALUE : (f ? v * 1.8 : v).toFixed(1)),
    tempUnit: unit('tempc0'),
    rainUnit: unit('dailyrain'),
    windUnit: unit('windspd'),
    degUnit: f ? '°F·d' : '°C·d',
  };
}

function WaterBalanceChart({ points, unit, title }: { points: BalancePoint[]; unit: string; title: string }) {
  const { t } = useLingui();
  const w = 720;
  const h = 220;
  const mid = h / 2;
  const scale = balanceScale(points);
  const y = (v: number) => mid - (v / scale) * (mid - 12);
  const step = w / Math.max(1, points.length);
  const bar = Math.max(2, step * 0.35);
  const line = points
    .map((p, i) => (p.balance === null ? null : `${(i + 0.5) * step},${y(p.balance)}`))
    .filter(Boolean)
    .join(' ');
  const last = [...points].reverse().find((p) => p.balance !== null)?.balance ?? null;
  return (
    <figure className={styles.balance} data-testid="water-balance">
      <figcaption className={styles.balanceTitle}>
        {title}{' '}
        <strong className="tabular">
          {last === null ? NO_VALUE : `${last > 0 ? '+' : ''}${last.toFixed(unit === 'in' ? 2 : 1)} ${unit}`}
        </strong>
      </figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className={styles.chart} role="img" aria-label={title}>
        <line x1={0} x2={w} y1={mid} y2={mid} className={styles.axis} />
        {points.map((p, i) => (
          <g key={p.label}>
            {p.rain !== null && p.rain > 0 && (
              <rect
                className={styles.rain}
                x={(i + 0.5) * step - bar}
                y={y(p.rain)}
                width={bar}
                height={mid - y(p.rain)}
              />
            )}
            {p.et0 !== null && p.et0 > 0 && (
              <rect
                className={styles.et0}
                x={(i + 0.5) * step}
                y={mid}
                width={bar}
                height={y(-p.et0) - mid}
              />
            )}
          </g>
        ))}
        {line && <polyline points={line} className={styles.line} />}
      </svg>
      <div className={styles.legend}>
        <span className={styles.keyRain}>{t`Rain`}</span>
        <span className={styles.keyEt0}>{t`Evapotranspiration (ET₀)`}</span>
        <span className={styles.keyLine}>{t`Rain − ET₀ since the start (${unit})`}</span>
      </div>
    </figure>
  );
}

function Totals({ totals, prefs }: { totals: ClimateTotals; prefs: UnitPrefs }) {
  const { t } = useLingui();
  const d = display(prefs);
  const { i18n } = useLingui();
  const rows: [string, string, string?][] = [
    [t`Mean temperature`, `${d.temp(totals.tempMean)} ${d.tempUnit}`],
    [t`Highest`, `${d.temp(totals.tempMax)} ${d.tempUnit}`, totals.tempMaxDate ?? undefined],
    [t`Lowest`, `${d.temp(totals.tempMin)} ${d.tempUnit}`, totals.tempMinDate ?? undefined],
    [t`Heating degree days`, `${d.deg(totals.hdd)} ${d.degUnit}`],
    [t`Cooling degree days`, `${d.deg(totals.cdd)} ${d.degUnit}`],
    [t`Growing degree days`, `${d.deg(totals.gdd)} ${d.degUnit}`],
    [t`Chill hours`, totals.chillHours === null ? NO_VALUE : String(totals.chillHours)],
    [t`Rain`, `${d.rain(totals.rain)} ${d.rainUnit}`],
    [t`Evapotranspiration (ET₀)`, `${d.rain(totals.et0)} ${d.rainUnit}`],
    [t`Strongest gust`, `${d.wind(totals.windMax)} ${d.windUnit}`, totals.windMaxDate ?? undefined],
  ];
  return (
    <dl className={styles.totals} data-testid="climate-totals">
      {rows.map(([label, value, date]) => (
        <div key={label} className={styles.total}>
          <dt>{label}</dt>
          <dd className="tabular">
            {value}
            {date && <span className={styles.when}> {formatDay(date, i18n.locale, prefs)}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DaysTable({ answer, prefs, device }: { answer: ClimateAnswer; prefs: UnitPrefs; device: Device }) {
  const { t, i18n } = useLingui();
  const d = display(prefs);
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.locale, {
        hour: 'numeric',
        minute: '2-digit',
        hour12: prefs.time === 'ampm',
        timeZone: device.timezone,
      }),
    [i18n.locale, prefs.time, device.timezone],
  );
  const at = (s: number | null) => (s === null ? '' : time.format(s * 1000));
  const row = (x: ClimateDay) => (
    <tr key={x.date}>
      <th scope="row">{Number(x.date.slice(8, 10))}</th>
      <td>{d.temp(x.tempMean)}</td>
      <td>
        {d.temp(x.tempMax)} <span className={styles.when}>{at(x.tempMaxTime)}</span>
      </td>
      <td>
        {d.temp(x.tempMin)} <span className={styles.when}>{at(x.tempMinTime)}</span>
      </td>
      <td>{d.deg(x.hdd)}</td>
      <td>{d.deg(x.cdd)}</td>
      <td>{d.deg(x.gdd)}</td>
      <td>{d.rain(x.rain)}</td>
      <td>{d.rain(x.et0)}</td>
      <td>{d.wind(x.windMean)}</td>
      <td>
        {d.wind(x.windMax)} <span className={styles.when}>{at(x.windMaxTime)}</span>
      </td>
      <td>{x.windDir === null ? NO_VALUE : `${x.windDir}°`}</td>
    </tr>
  );
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="climate-days">
        <thead>
          <tr>
            <th scope="col">{t`Day`}</th>
            <th scope="col">{t`Mean (${d.tempUnit})`}</th>
            <th scope="col">{t`High`}</th>
            <th scope="col">{t`Low`}</th>
            <th scope="col">{t`HDD`}</th>
            <th scope="col">{t`CDD`}</th>
            <th scope="col">{t`GDD`}</th>
            <th scope="col">{t`Rain (${d.rainUnit})`}</th>
            <th scope="col">{t`ET₀ (${d.rainUnit})`}</th>
            <th scope="col">{t`Wind (${d.windUnit})`}</th>
            <th scope="col">{t`Gust`}</th>
            <th scope="col">{t`Direction`}</th>
          </tr>
        </thead>
        <tbody>{answer.days.map(row)}</tbody>
      </table>
    </div>
  );
}

function MonthsTable({ answer, prefs }: { answer: ClimateAnswer; prefs: UnitPrefs }) {
  const { t, i18n } = useLingui();
  const d = display(prefs);
  const name = new Intl.DateTimeFormat(i18n.locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="climate-months">
        <thead>
          <tr>
            <th scope="col">{t`Month`}</th>
            <th scope="col">{t`Mean (${d.tempUnit})`}</th>
            <th scope="col">{t`High`}</th>
            <th scope="col">{t`Low`}</th>
            <th scope="col">{t`HDD`}</th>
            <th scope="col">{t`CDD`}</th>
            <th scope="col">{t`GDD`}</th>
            <th scope="col">{t`Rain (${d.rainUnit})`}</th>
            <th scope="col">{t`ET₀ (${d.rainUnit})`}</th>
            <th scope="col">{t`Wind (${d.windUnit})`}</th>
          </tr>
        </thead>
        <tbody>
          {(answer.months ?? []).map(({ month, totals: m }) => (
            <tr key={month}>
              <th scope="row">{name.format(Date.parse(`${month}-15T00:00:00Z`))}</th>
              <td>{d.temp(m.tempMean)}</td>
              <td>{d.temp(m.tempMax)}</td>
              <td>{d.temp(m.tempMin)}</td>
              <td>{d.deg(m.hdd)}</td>
              <td>{d.deg(m.cdd)}</td>
              <td>{d.deg(m.gdd)}</td>
              <td>{d.rain(m.rain)}</td>
              <td>{d.rain(m.et0)}</td>
              <td>{d.wind(m.windMean)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
  const ready = useConnection()?.auth === 'authenticated';
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
