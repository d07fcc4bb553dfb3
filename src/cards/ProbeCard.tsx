// A temperature probe (WN34: soil or water) on its own channel 1-8.
import { ThermometerSnowflake } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function ProbeCard(props: CardProps) {
  return <MetricCard {...props} icon={ThermometerSnowflake} />;
}
