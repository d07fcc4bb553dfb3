// Barometer: the reading the user prefers (absolute or relative) large, the other small. A station that sends
// only one of the two shows that one, and the card says which it is (issue 22).
import { useLingui } from '@lingui/react/macro';
import { Gauge } from 'lucide-react';
import { baroShown } from '../domain';
import styles from './BaroCard.module.css';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function BaroCard(props: CardProps) {
  const { t } = useLingui();
  const primary = baroShown(props.prefs.barometer, props.latest?.sample);
  const other = primary === 'absbaro' ? 'relbaro' : 'absbaro';
  const which = primary === 'relbaro' ? t`Relative, at sea level` : t`Absolute, at the station`;
  return (
    <MetricCard
      {...props}
      icon={Gauge}
      primary={primary}
      // The other pressure only when the station sends it (a Wunderground station: no "Absolute ---").
      secondary={
        props.def.metrics.includes(other) && Number.isFinite(props.latest?.sample?.[other]) ? [other] : []
      }
      graph={[primary]}
      extra={
        <p className={styles.which} data-testid="card-baro-which">
          {which}
        </p>
      }
    />
  );
}
