// Indoor (console): temperature and humidity.
import { House } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function IndoorCard(props: CardProps) {
  return <MetricCard {...props} icon={House} />;
}
