// A leaf wetness sensor (WN35) on its own channel 1-8.
import { Leaf } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function LeafCard(props: CardProps) {
  return <MetricCard {...props} icon={Leaf} />;
}
