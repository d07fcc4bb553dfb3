// A PM channel: PM2.5 large, the air-quality index in the user's standard (US EPA, EU CAQI or UK DAQI) with its
// level band, PM10 beside; the stored EPA sub-indices and 24-hour means in the details.
import { Factory } from 'lucide-react';
import { airIndex } from '../domain';
import { AirIndexBlock } from './AirIndexBlock';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function PmCard(props: CardProps) {
  const n = props.def.channel;
  const index = airIndex(props.prefs.aqi ?? 'EPA', props.latest?.sample ?? {}, n);
  return (
    <MetricCard
      {...props}
      icon={Factory}
      extra={<AirIndexBlock index={index} testId={`card-${props.def.key}-aqi`} />}
      secondary={props.def.secondary.filter((k) => /^pm10c\d$/.test(k))}
      graph={props.def.metrics.filter((k) => /^pm(25|10)c\d$/.test(k))}
    />
  );
}
