// Heat stress (WBGT) with its named level; marked "estimated" when the server estimated it from temperature,
// humidity, wind and sun (src/domain/wbgt.ts) because the station has no black-globe WBGT.
import { useLingui } from '@lingui/react/macro';
import { Flame } from 'lucide-react';
import { wbgtLevel } from '../domain';
import styles from './AirIndexBlock.module.css';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function WbgtCard(props: CardProps) {
  const { t } = useLingui();
  const sample = props.latest?.sample;
  const estimated = sample?.wbgtestimated === 1 && typeof sample.wbgt === 'number';
  return (
    <MetricCard
      {...props}
      icon={Flame}
      level={wbgtLevel(sample?.wbgt ?? null)}
      extra={
        estimated ? (
          <p className={styles.note} data-testid="card-wbgt-estimated">
            {t`Estimated from temperature, humidity, wind and sun`}
          </p>
        ) : undefined
      }
    />
  );
}
