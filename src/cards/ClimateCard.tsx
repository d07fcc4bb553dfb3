// Evapotranspiration and degree days of the day so far (issue 26: derived at ingest, catalogue keys et0day,
// hddday, cddday, gddday), and today's mean temperature against the station's own normal of the calendar day.
// The normal comes with the month's climate summary through the data worker, which keeps the last answer in
// Dexie: offline the card shows the kept one. A station with less than a year of history has no normal: no line.
import { useLingui } from '@lingui/react/macro';
import { Sprout } from 'lucide-react';
import { useEffect, useState } from 'react';
import { dataWorker } from '../bridge/worker';
import { afterFirstPaint } from '../components/firstPaint';
import { useConnectionField } from '../db/hooks';
import { fixed, localParts, METRIC_BY_KEY, type UnitPrefs, unitFor } from '../domain';
import { type VersusNormal, versusNormal } from '../domain/climate/normals';
import type { Device } from '../domain/contract';
import { localizeNumber } from '../i18n/format';
import styles from './ClimateCard.module.css';
import { readingText } from './format';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date and month in the station's zone. */
function today(nowMs: number, timeZone: string): { date: string; month: string } {
  const p = localParts(nowMs / 1000, timeZone);
  const month = `${p.y}-${pad(p.m)}`;
  return { month, date: `${month}-${pad(p.d)}` };
}

function TodayVsNormal({ device, prefs, now }: { device: Device; prefs: UnitPrefs; now: number }) {
  const { t, i18n } = useLingui();
  const { month, date } = today(now, device.timezone || 'UTC');
  // Asked again each hour (the day's mean moves) and once the socket is signed in.
  const hour = Math.floor(now / 3_600_000);
  const ready = useConnectionField('auth') === 'authenticated';
  const [vs, setVs] = useState<VersusNormal | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `hour` and `ready` ask again
  useEffect(() => {
    let live = true;
    // After the first paint: the worker is not on the first screen's path (components/firstPaint.ts).
    const load = async () => {
      await afterFirstPaint();
      return dataWorker.loadClimate(device._id, month, 'json', { normals: true });
    };
    load()
      .then((a) => {
        if (!live) return;
        if (!a || typeof a === 'string') return setVs(null);
        const day = a.days.find((d) => d.date === date);
        setVs(
          versusNormal(
            day?.tempMean ?? null,
            a.normals?.find((n) => n.date === date),
          ),
        );
      })
      .catch(() => live && setVs(null));
    return () => {
      live = false;
    };
  }, [device._id, month, date, hour, ready]);

  if (!vs) return null;
  const unit = unitFor(METRIC_BY_KEY.tempc0, prefs);
  // A difference of temperatures: the unit's ratio without its offset.
  const d = fixed(vs.diff * unit.ratio, 1);
  const diff = `${vs.diff > 0 && Number(d) !== 0 ? '+' : ''}${localizeNumber(d, i18n.locale)} ${unit.displayName}`;
  const temp = (v: number | null) => {
    const r = readingText('tempc0', v, prefs, i18n.locale);
    return `${r.value}${r.unit ? ` ${r.unit}` : ''}`;
  };
  const mean = temp(vs.value);
  const normal = temp(vs.normal);
  const band =
    vs.band === 'above'
      ? t`warmer than 9 years in 10`
      : vs.band === 'below'
        ? t`colder than 9 years in 10`
        : t`within the usual range`;
  return (
    <p className={styles.normal} data-testid="card-climate-normal">
      <span className={styles.diff}>{t`${diff} vs normal`}</span>
      <span className={styles.note}>{t`Today's mean ${mean}, normal ${normal}: ${band}`}</span>
    </p>
  );
}

export function ClimateCard(props: CardProps) {
  return (
    <MetricCard
      {...props}
      icon={Sprout}
      testId="card-climate-primary"
      extra={<TodayVsNormal device={props.device} prefs={props.prefs} now={props.now} />}
    />
  );
}
