// An extra thermo-hygro channel (1-7), titled with the user's channel name when set.
import { Thermometer } from 'lucide-react';
import { cardTitle } from './labels';
import { MetricCard } from './MetricCard';
import type { CardProps } from './types';

export function ChannelCard(props: CardProps) {
  const name = props.device.channelNameMapping?.find((c) => c.channel === props.def.channel)?.name;
  return <MetricCard {...props} icon={Thermometer} title={cardTitle(props.def.key, name || undefined)} />;
}
