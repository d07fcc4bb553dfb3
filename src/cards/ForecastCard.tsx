// Forecast (spec §1–§4): now, the next hours and the next days from `weatherDevices/forecast` (the station's own
// Zambretti forecast, or Open-Meteo), with icons, high/low and chance of rain in the user's units. Expanded it
// spans the row and the dashboard puts it first. Shown only while the station uploaded within the last day.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CloudRain, CloudSun, type LucideIcon, MoveRight, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ForecastRecord, useForecast } from '../db/forecast';
import type { UnitPrefs } from '../domain';
import { CardShell } from './CardShell';
import styles from './ForecastCard.module.css';
import { ForecastIcon, summaryLabel } from './forecastIcons';
import { readingText } from './format';
import { cardTitle } from './labels';
import type { CardProps } from './types';

const DAY_S = 86400;

const TREND: Record<string, { icon: LucideIcon; label: MessageDescriptor }> = {
  rising: { icon: TrendingUp, label: msg`Pressure rising` },
  falling: { icon: TrendingDown, label: msg`Pressure falling` },
  steady: { icon: MoveRight, label: msg`Pressure steady` },
};

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function Temp({ value, prefs }: { value: unknown; prefs: UnitPrefs }) {
  const { i18n } = useLingui();
  const r = readingText('tempc0', num(value), prefs, i18n.locale);
  return (
    <span className="tabular">
      {r.value}
      {r.missing ? '' : '°'}
    </span>
  );
}

function Pop({ value }: { value: unknown }) {
  const { t, i18n } = useLingui();
  const p = num(value);
  if (p === null) return null;
  const pct = new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(p);
  return (
    <span className={styles.pop} title={t`Chance of rain`}>
      <CloudRain size={12} aria-hidden="true" /> {pct}
    </span>
  );
}

function Hourly({ rows, prefs, timeZone }: { rows: ForecastRecord[]; prefs: UnitPrefs; timeZone: string }) {
  const { t, i18n } = useLingui();
  const hour = new Intl.DateTimeFormat(i18n.locale, {
    hour: 'numeric',
    hour12: prefs.time === 'ampm',
    timeZone,
  });
  return (
    <section aria-label={t`Next hours`}>
      <h3 className={styles.sub}>{t`Next hours`}</h3>
      <ol className={styles.hours} data-testid="forecast-hourly">
        {rows.map((r) => (
          <li key={String(r.dt)} className={styles.hour}>
            <span className={styles.when}>{hour.format(Number(r.dt) * 1000)}</span>
            <ForecastIcon summary={r.summary ?? r.icon} size={22} />
            <strong>
              <Temp value={r.tempc0} prefs={prefs} />
            </strong>
            <Pop value={r.pop} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Daily({ rows, prefs, timeZone }: { rows: ForecastRecord[]; prefs: UnitPrefs; timeZone: string }) {
  const { t, i18n } = useLingui();
  // Noon of the local day names it safely whatever the offset.
  const day = new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', timeZone });
  const today = day.format(Date.now());
  return (
    <section aria-label={t`Next days`}>
      <h3 className={styles.sub}>{t`Next days`}</h3>
      <ol className={styles.days} data-testid="forecast-daily">
        {rows.map((r) => {
          const name = day.format((Number(r.dt) + DAY_S / 2) * 1000);
          const label = summaryLabel(r.summary ?? r.icon);
          return (
            <li key={String(r.dt)} className={styles.day}>
              <span className={styles.dayName}>{name === today ? t`Today` : name}</span>
              <ForecastIcon summary={r.summary ?? r.icon} size={22} />
              <span className={styles.dayText}>{label ?? ''}</span>
              <Pop value={r.pop} />
              <span className={styles.hiLo}>
                <strong title={t({ message: 'High', context: 'temperature of the day' })}>
                  <Temp value={r.temp_max} prefs={prefs} />
                </strong>
                <span className={styles.lo} title={t({ message: 'Low', context: 'temperature of the day' })}>
                  <Temp value={r.temp_min} prefs={prefs} />
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function ForecastCard(props: CardProps) {
  const { t, i18n } = useLingui();
  const { device, prefs } = props;
  const forecast = useForecast(device._id);
  const last = Math.max(props.latest?.time ?? 0, device.lastUpload ?? 0);
  const fresh = last > 0 && props.now / 1000 - last <= DAY_S;
  const current = forecast?.current;
  const label = summaryLabel(current?.summary ?? current?.icon);
  const trend = TREND[String(current?.trend)];
  const tempText = readingText('tempc0', num(current?.tempc0), prefs, i18n.locale);
  const hourly = forecast?.hourly ?? [];
  // The station's own barometric forecast says something of the next hours only: its "days" would be the
  // same guess three times (issue 22), so they are not shown.
  const online = forecast?.source === 'open-meteo';
  const daily = online ? (forecast?.daily ?? []) : [];
  const hasNow = Boolean(current?.summary ?? current?.icon);

  let body: ReactNode;
  if (!fresh)
    body = <p className={styles.none}>{t`No forecast: the station has not uploaded for over a day.`}</p>;
  else if (!forecast || (!hasNow && daily.length === 0))
    body = (
      <p className={styles.none}>
        {forecast === undefined
          ? t`Loading the forecast…`
          : t`Not enough pressure history for a forecast yet.`}
      </p>
    );
  else
    body = (
      <div className={styles.layout}>
        <div className={styles.now} data-testid="forecast-current">
          <ForecastIcon summary={current?.summary ?? current?.icon} size={44} />
          <div className={styles.nowText}>
            <strong className={styles.nowSummary}>{label ?? '---'}</strong>
            <span className={styles.nowMeta}>
              {!tempText.missing && (
                <span className="tabular">
                  {tempText.value} {tempText.unit}
                </span>
              )}
              <Pop value={current?.pop} />
              {trend && (
                <span className={styles.trend}>
                  <trend.icon size={14} aria-hidden="true" /> {i18n._(trend.label)}
                </span>
              )}
            </span>
          </div>
        </div>
        {daily.length > 0 && <Daily rows={daily} prefs={prefs} timeZone={device.timezone} />}
        <p className={styles.source} data-testid="forecast-source">
          {online
            ? t`Forecast by Open-Meteo`
            : t`From this station's barometer: a forecast for the next hours only`}
        </p>
      </div>
    );

  return (
    <CardShell
      cardKey={props.def.key}
      title={cardTitle(props.def.key)}
      icon={CloudSun}
      color="var(--c-baro)"
      status="none"
      expanded={props.expanded}
      onToggle={props.onToggle}
      details={
        fresh && hourly.length > 0 ? (
          <Hourly rows={hourly} prefs={prefs} timeZone={device.timezone} />
        ) : undefined
      }
    >
      {body}
    </CardShell>
  );
}
