// A soil moisture sensor (WH51) on its own channel 1-8: moisture large, its battery in the details.
import { Sprout } from 'lucide-react';
import { soilLevel } from '../domain';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function SoilCard(props: CardProps) {
  const key = props.def.primary;
  // Very dry … very wet in fifths (spec §4), where the sensor sends a reading.
  const level = key ? soilLevel(props.latest?.sample?.[key]) : null;
  return <MetricCard {...props} icon={Sprout} level={level} />;
}
