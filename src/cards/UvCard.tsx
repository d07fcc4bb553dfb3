// UV index with its risk level.
import { Sun } from 'lucide-react';
import { uvLevel } from '../domain';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function UvCard(props: CardProps) {
  return <MetricCard {...props} icon={Sun} level={uvLevel(props.latest?.sample?.uvi ?? null)} />;
}
