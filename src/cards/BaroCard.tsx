// Barometer: the reading the user prefers (absolute or relative) large, the other small.
import { Gauge } from 'lucide-react';
import { baroPrimary } from '../domain';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function BaroCard(props: CardProps) {
  const primary = baroPrimary(props.prefs.barometer);
  const other = primary === 'absbaro' ? 'relbaro' : 'absbaro';
  return <MetricCard {...props} icon={Gauge} primary={primary} secondary={[other]} graph={[primary]} />;
}
