// Air sensors: formaldehyde, CO₂, CO and VOC, each with its level where the domain has a scale.
import { Leaf } from 'lucide-react';
import { levelForKey } from '../domain';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function AirCard(props: CardProps) {
  const key = props.def.primary ?? props.def.key;
  const level = levelForKey(key, props.latest?.sample?.[key] ?? null);
  return <MetricCard {...props} icon={Leaf} level={key === 'hcho' ? undefined : level} />;
}
