// A soil moisture sensor (WH51) on its own channel 1-8: moisture large, its battery in the details.
import { Sprout } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function SoilCard(props: CardProps) {
  return <MetricCard {...props} icon={Sprout} />;
}
