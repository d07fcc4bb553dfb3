// Outdoor: temperature large, humidity, feels-like and dew point; heat index and wind chill in the details.
import { Thermometer } from 'lucide-react';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function OutdoorCard(props: CardProps) {
  return (
    <MetricCard
      {...props}
      icon={Thermometer}
      testId="card-outdoor-primary"
      graph={['tempc0', 'feelslike', 'dewpoint']}
    />
  );
}
