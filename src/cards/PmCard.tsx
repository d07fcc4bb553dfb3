// A PM channel: PM2.5 large with its air-quality level, PM10 and the AQI values.
import { Factory } from 'lucide-react';
import { pm25Level } from '../domain';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function PmCard(props: CardProps) {
  const primary = props.def.primary ?? '';
  return (
    <MetricCard
      {...props}
      icon={Factory}
      level={pm25Level(props.latest?.sample?.[primary] ?? null)}
      graph={props.def.metrics.filter((k) => /^pm(25|10)c\d$/.test(k))}
    />
  );
}
