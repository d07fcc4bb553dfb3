// Rain: today's total large; rate, past hour and event; weekly, monthly, yearly in the details.
import { CloudRain } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function RainCard(props: CardProps) {
  return <MetricCard {...props} icon={CloudRain} graph={['dailyrain']} />;
}
