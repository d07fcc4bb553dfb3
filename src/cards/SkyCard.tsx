// Sky: the sky now (the forecast's summary), the chance of rain, visibility with its band (Fog below 4 km, Haze
// below 10, Clear to 40; spec §4) where the forecast provider gives one, and the cloud base estimated from the
// station's own temperature and dew point (Espy's rule).
import { useLingui } from '@lingui/react/macro';
import { CloudSun } from 'lucide-react';
import { useForecast } from '../db/forecast';
import { cloudBaseEspy, visibilityLevel } from '../domain';
import { CardShell } from './CardShell';
import { ForecastIcon, summaryLabel } from './forecastIcons';
import { LevelBand } from './LevelBand';
import { cardTitle } from './labels';
import styles from './SkyCard.module.css';
import type { CardProps } from './types';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function SkyCard(props: CardProps) {
  const { t, i18n } = useLingui();
  const { device, prefs, latest } = props;
  const forecast = useForecast(device._id);
  const current = forecast?.current;
  const next = forecast?.hourly?.[0];
  const summary = current?.summary ?? next?.summary;
  const pop = num(current?.pop) ?? num(next?.pop);
  const visM = num(current?.visibility) ?? num(next?.visibility);
  const visKm = visM === null ? null : Math.min(visM / 1000, 40);
  const band = visibilityLevel(visKm);
  const sample: Record<string, number | null | undefined> = latest?.sample ?? {};
  const base = cloudBaseEspy(sample.tempc0, sample.dewpoint);
  const nf = (v: number, dp: number) =>
    new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: dp }).format(v);
  const vis =
    visKm === null
      ? null
      : prefs.visibility === 'mi'
        ? `${nf(visKm * 0.621371, 1)} mi`
        : `${nf(visKm, 1)} km`;
  const cloud =
    base === null
      ? null
      : prefs.elevation === 'imperial'
        ? `${nf(base * 3.28084, 0)} ft`
        : `${nf(base, 0)} m`;
  const chance =
    pop === null
      ? null
      : new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(pop);
  const label = summaryLabel(summary);

  return (
    <CardShell
      cardKey={props.def.key}
      title={cardTitle(props.def.key)}
      icon={CloudSun}
      color="var(--c-uv)"
      status="none"
      expanded={false}
    >
      <div className={styles.now}>
        <ForecastIcon summary={summary} size={40} />
        <strong className={styles.summary}>{label ?? '---'}</strong>
      </div>
      <dl className={styles.list}>
        <div className={styles.row}>
          <dt>{t`Chance of rain`}</dt>
          <dd className="tabular">{chance ?? '---'}</dd>
        </div>
        {/* Only where the forecast provider reports it (Open-Meteo; the station's own forecast has none). */}
        {vis && (
          <div className={styles.row}>
            <dt>{t`Visibility`}</dt>
            <dd className="tabular" data-testid="sky-visibility">
              {vis}
            </dd>
          </div>
        )}
        {band && <LevelBand level={band} />}
        <div className={styles.row}>
          <dt>
            {t`Cloud base`} <span className={styles.est}>({t`estimated`})</span>
          </dt>
          <dd className="tabular">{cloud ?? '---'}</dd>
        </div>
      </dl>
    </CardShell>
  );
}
