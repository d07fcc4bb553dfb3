// Cards that are a list of sensors rather than one reading: leakage and battery.
import { useLingui } from '@lingui/react/macro';
import { BatteryFull, BatteryLow, Droplets, type LucideIcon } from 'lucide-react';
import { leakLevel } from '../domain';
import { CardShell } from './CardShell';
import styles from './ListCard.module.css';
import { cardTitle, levelLabel, levelTone, sensorLabel } from './labels';
import { cardStatus } from './status';
import type { CardProps } from './types';

function ListShell({
  props,
  icon,
  color,
  children,
}: {
  props: CardProps;
  icon: LucideIcon;
  color: string;
  children: React.ReactNode;
}) {
  return (
    <CardShell
      cardKey={props.def.key}
      title={cardTitle(props.def.key)}
      icon={icon}
      color={color}
      // A list (batteries, leak sensors): "No data" until one of its keys has been reported.
      status={cardStatus(props.latest, props.now, undefined, props.def.metrics)}
      expanded={false}
    >
      {children}
    </CardShell>
  );
}

export function LeakageCard(props: CardProps) {
  const { t } = useLingui();
  const sample: Record<string, number | null | undefined> = props.latest?.sample ?? {};
  const keys = props.def.metrics.filter((k) => /^leakc\d$/.test(k));
  // Only sensors that report (flag 0 or 1) are listed; the rest are not installed.
  const present = keys.filter((k) => sample[k] === 0 || sample[k] === 1);
  return (
    <ListShell props={props} icon={Droplets} color="var(--c-rain)">
      {present.length === 0 ? (
        <p className={styles.none}>{t`No leak sensor reports`}</p>
      ) : (
        <ul className={styles.list}>
          {present.map((k) => {
            const level = leakLevel(sample[k]);
            return (
              <li key={k} className={styles.row}>
                <span>{sensorLabel(k)}</span>
                <span className={`${styles.badge} ${styles[levelTone(level)]}`}>{levelLabel(level)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </ListShell>
  );
}

export function BatteryCard(props: CardProps) {
  const { t } = useLingui();
  const sample: Record<string, number | null | undefined> = props.latest?.sample ?? {};
  const present = props.def.metrics.filter((k) => typeof sample[k] === 'number');
  return (
    <ListShell props={props} icon={BatteryFull} color="var(--c-air)">
      {present.length === 0 ? (
        <p className={styles.none}>{t`No battery status yet`}</p>
      ) : (
        <ul className={styles.list}>
          {present.map((k) => {
            const low = (sample[k] as number) <= 1;
            return (
              <li key={k} className={styles.row}>
                <span>{sensorLabel(k)}</span>
                <span className={`${styles.badge} ${low ? styles.unhealthy : styles.good}`}>
                  {low ? (
                    <BatteryLow size={14} aria-hidden="true" />
                  ) : (
                    <BatteryFull size={14} aria-hidden="true" />
                  )}
                  {low ? t({ message: 'Low', context: 'battery' }) : t({ message: 'OK', context: 'battery' })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </ListShell>
  );
}
