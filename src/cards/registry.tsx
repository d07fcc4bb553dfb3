// Which component draws which card key. Metric cards without their own component use the common MetricCard.
import { Activity } from 'lucide-react';
import type { ComponentType } from 'react';
import type { CardDef } from '../domain';
import { AirCard } from './AirCard';
import { BaroCard } from './BaroCard';
import { CameraCard } from './CameraCard';
import { ChannelCard } from './ChannelCard';
import { ClimateCard } from './ClimateCard';
import { ForecastCard } from './ForecastCard';
import { IndoorCard } from './IndoorCard';
import { LeafCard } from './LeafCard';
import { LightCard } from './LightCard';
import { LightningCard } from './LightningCard';
import { BatteryCard, LeakageCard } from './ListCard';
import { MetricCard } from './MetricCard';
import { OutdoorCard } from './OutdoorCard';
import { OverviewCard } from './OverviewCard';
import { PiezoRainCard } from './PiezoRainCard';
import { PmCard } from './PmCard';
import { ProbeCard } from './ProbeCard';
import { RainCard } from './RainCard';
import { SkyCard } from './SkyCard';
import { SoilCard } from './SoilCard';
import { SunMoonCard } from './SunMoonCard';
import type { CardProps } from './types';
import { UvCard } from './UvCard';
import { WbgtCard } from './WbgtCard';
import { WindCard } from './WindCard';

const BY_KEY: Record<string, ComponentType<CardProps>> = {
  outdoor: OutdoorCard,
  wbgt: WbgtCard,
  climate: ClimateCard,
  wind: WindCard,
  baro: BaroCard,
  rain: RainCard,
  piezoRain: PiezoRainCard,
  indoor: IndoorCard,
  uv: UvCard,
  light: LightCard,
  lightning: LightningCard,
  leakage: LeakageCard,
  battery: BatteryCard,
  hcho: AirCard,
  co2: AirCard,
  co: AirCard,
  voc: AirCard,
  sunMoon: SunMoonCard,
  overview: OverviewCard,
  forecast: ForecastCard,
  sky: SkyCard,
  camera: CameraCard,
};

function GenericCard(props: CardProps) {
  return <MetricCard {...props} icon={Activity} />;
}

/** The component for a card, or null for a card no component draws. */
export function cardComponent(def: CardDef): ComponentType<CardProps> | null {
  const own = BY_KEY[def.key];
  if (own) return own;
  if (/^channel\d$/.test(def.key)) return ChannelCard;
  if (/^pmChannel\d$/.test(def.key)) return PmCard;
  if (/^soil\d$/.test(def.key)) return SoilCard;
  if (/^probe\d$/.test(def.key)) return ProbeCard;
  if (/^leaf\d$/.test(def.key)) return LeafCard;
  if (def.kind === 'metric' || def.primary) return GenericCard;
  return null;
}
