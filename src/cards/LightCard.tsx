// Light intensity (solar radiation in the user's unit: Lux, W/m² or Kfc).
import { SunDim } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function LightCard(props: CardProps) {
  return <MetricCard {...props} icon={SunDim} />;
}
