// The second rain gauge (a WS90's piezo beside a tipping bucket): today's total large, like the rain card.
import { CloudDrizzle } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function PiezoRainCard(props: CardProps) {
  return <MetricCard {...props} icon={CloudDrizzle} graph={['dailyrainpiezo']} />;
}
