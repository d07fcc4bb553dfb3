// Lightning: strikes in the last hour, distance of the last strike and how long ago it was.
import { useLingui } from '@lingui/react/macro';
import { Zap } from 'lucide-react';
import { formatAgo } from '../i18n/format';
import styles from './LightningCard.module.css';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function LightningCard(props: CardProps) {
  const { t, i18n } = useLingui();
  const last = props.latest?.sample?.lightningtime;
  const ago =
    typeof last === 'number' && last > 0
      ? formatAgo(Math.max(0, props.now / 1000 - last), i18n.locale)
      : null;
  return (
    <MetricCard
      {...props}
      icon={Zap}
      secondary={['lightningdist', 'lightning1d'].filter((k) => props.def.metrics.includes(k))}
      extra={<p className={styles.last}>{ago ? t`Last strike ${ago}` : t`No strike recorded`}</p>}
      graph={['lightning1h']}
    />
  );
}
