// The Climate page's totals and tables (issue 26): SI answers shown in the user's units, degree days scaled
// (they are differences), times in the station's zone.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { formatValue, METRIC_BY_KEY, NO_VALUE, type UnitPrefs, unitFor } from '../../domain';
import type { ClimateAnswer, ClimateDay, ClimateTotals } from '../../domain/climate/summary';
import type { Device } from '../../domain/contract';
import { formatDay } from '../../i18n/dateTime';
import styles from './ClimatePage.module.css';

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

export function Totals({ totals, prefs }: { totals: ClimateTotals; prefs: UnitPrefs }) {
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

export function DaysTable({
  answer,
  prefs,
  device,
}: {
  answer: ClimateAnswer;
  prefs: UnitPrefs;
  device: Device;
}) {
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
            <th scope="col">{t({ message: 'High', context: 'temperature of the day' })}</th>
            <th scope="col">{t({ message: 'Low', context: 'temperature of the day' })}</th>
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

export function MonthsTable({ answer, prefs }: { answer: ClimateAnswer; prefs: UnitPrefs }) {
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
            <th scope="col">{t({ message: 'High', context: 'temperature of the day' })}</th>
            <th scope="col">{t({ message: 'Low', context: 'temperature of the day' })}</th>
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
