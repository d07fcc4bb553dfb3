// Which component draws which card key. Metric cards without their own component use the common MetricCard.
import { Activity } from 'lucide-react';
import type { ComponentType } from 'react';
import type { CardDef } from '../domain';
import { AirCard } from './AirCard';
import { BaroCard } from './BaroCard';
import { ChannelCard } from './ChannelCard';
import { IndoorCard } from './IndoorCard';
import { LeafCard } from './LeafCard';
import { LightCard } from './LightCard';
import { LightningCard } from './LightningCard';
import { BatteryCard, LeakageCard } from './ListCard';
import { laterCard } from './laterCard';
import { MetricCard } from './MetricCard';
import { OutdoorCard } from './OutdoorCard';
import { OverviewCard } from './OverviewCard';
import { PiezoRainCard } from './PiezoRainCard';
import { PmCard } from './PmCard';
import { ProbeCard } from './ProbeCard';
import { RainCard } from './RainCard';
import { SoilCard } from './SoilCard';
import type { CardProps } from './types';
import { UvCard } from './UvCard';
import { WbgtCard } from './WbgtCard';
import { WindCard } from './WindCard';

// Cards that are rarely the first thing looked at and carry the most code (the camera's time-lapse, the forecast,
// the climate normals, the sky, sun and moon) load after the first paint (issue 21's bundle budget).
const CameraCard = laterCard(() => import('./CameraCard').then((m) => m.CameraCard));
const ClimateCard = laterCard(() => import('./ClimateCard').then((m) => m.ClimateCard));
const ForecastCard = laterCard(() => import('./ForecastCard').then((m) => m.ForecastCard));
const SkyCard = laterCard(() => import('./SkyCard').then((m) => m.SkyCard));
const SunMoonCard = laterCard(() => import('./SunMoonCard').then((m) => m.SunMoonCard));

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
