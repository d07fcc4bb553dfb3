// Heat stress (WBGT) with its named level.
import { Flame } from 'lucide-react';
import { wbgtLevel } from '../domain';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function WbgtCard(props: CardProps) {
  return <MetricCard {...props} icon={Flame} level={wbgtLevel(props.latest?.sample?.wbgt ?? null)} />;
}
