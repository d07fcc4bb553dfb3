// Device types 0..13 (spec §3) as data: metrics, channel counts, hidden cards, alert groups, plans.
import { CHANNELS, groupKeys, SENSOR_CHANNELS } from './catalogue';
import type { MetricGroup } from './types';

/** Cards that show no metric of their own; a type lists the ones it offers. */
export type FeatureCard = 'forecast' | 'sunMoon' | 'overview' | 'sky';

export type AlertGroup =
  | 'lostUpload'
  | 'lostLink'
  | 'indoor'
  | 'baro'
  | 'outdoor'
  | 'wbgt'
  | 'wind'
  | 'rain'
  | 'sun'
  | 'channel'
  | 'lightning'
  | 'leakage'
  | 'pm'
  | 'air';

export interface DeviceTypeDef {
  id: number;
  name: string;
  /** Catalogue keys this type can report. */
  metrics: string[];
  channels: number;
  pmChannels: number;
  leakChannels: number;
  features: FeatureCard[];
  /** Card keys (see cards.ts) not shown until the user turns them on: mostly optional add-on sensors. */
  hiddenByDefault: string[];
  alertGroups: AlertGroup[];
  needsSubscription: boolean;
}

const WEATHER: MetricGroup[] = ['console', 'outdoor', 'wind', 'rain', 'sun'];
const ALL: MetricGroup[] = [...WEATHER, 'channel', 'lightning', 'leak', 'pm', 'air'];
const ALL_FEATURES: FeatureCard[] = ['forecast', 'sunMoon', 'overview', 'sky'];

const seq = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

// Add-on sensors a weather station may not have: hidden until the user shows them.
// Soil, probe and leaf cards follow the same channel count as the thermo-hygro channels.
const SENSOR_CARDS = (to: number) =>
  ['soil', 'probe', 'leaf'].flatMap((c) => seq(c, 1, Math.min(to, SENSOR_CHANNELS)));
const ADD_ONS = [
  'wbgt',
  'climate',
  ...seq('channel', 4, CHANNELS),
  ...SENSOR_CARDS(CHANNELS),
  'piezoRain',
  'lightning',
  'leakage',
  ...seq('pmChannel', 1, 4),
  'hcho',
  'co2',
  'co',
  'voc',
];
const AIR_HIDDEN = [...seq('channel', 1, CHANNELS), ...SENSOR_CARDS(CHANNELS), 'leakage'];

// Group -> alert group(s) it enables.
const ALERTS_OF: Record<MetricGroup, AlertGroup[]> = {
  console: ['indoor', 'baro'],
  outdoor: ['outdoor', 'wbgt'],
  wind: ['wind'],
  rain: ['rain'],
  sun: ['sun'],
  channel: ['channel'],
  lightning: ['lightning'],
  leak: ['leakage'],
  pm: ['pm'],
  air: ['air'],
};

interface Spec {
  name: string;
  groups: MetricGroup[];
  channels?: number;
  pmChannels?: number;
  leakChannels?: number;
  /** Keys of the groups this type lacks (an indoor air monitor has no barometer). */
  omit?: string[];
  features?: FeatureCard[];
  hidden?: string[];
  needsSubscription?: boolean;
}

/**
 * The spec's channel count of a type (7, or 3 on some): the channels its dashboard offers and names. A console may
 * send an eighth (Ecowitt's WH31 has eight): the type's metrics keep its keys, so it is stored and can have
 * alerts, and its card is offered once it has reported (cardsForType's `seen`).
 */
const SPEC_CHANNELS = 7;

function make(id: number, s: Spec): DeviceTypeDef {
  const channels = s.channels ?? CHANNELS;
  const pmChannels = s.groups.includes('pm') ? (s.pmChannels ?? 1) : 0;
  const leakChannels = s.groups.includes('leak') ? (s.leakChannels ?? 7) : 0;
  const max: Partial<Record<MetricGroup, number>> = { channel: channels, pm: pmChannels, leak: leakChannels };
  const metrics = s.groups.flatMap((g) => groupKeys(g, max[g])).filter((k) => !s.omit?.includes(k));
  return {
    id,
    name: s.name,
    metrics,
    channels: s.groups.includes('channel') ? Math.min(channels, SPEC_CHANNELS) : 0,
    pmChannels,
    leakChannels,
    features: s.features ?? [],
    hiddenByDefault: [
      ...(s.hidden ?? ADD_ONS),
      ...(s.features?.includes('forecast') && !FORECAST_CONSOLES.has(id) ? ['forecast'] : []),
    ],
    alertGroups: [
      'lostUpload',
      'lostLink',
      ...s.groups.flatMap((g) => ALERTS_OF[g]).filter((a) => a !== 'baro' || metrics.includes('absbaro')),
    ],
    needsSubscription: s.needsSubscription ?? false,
  };
}

/** Types whose console shows a forecast itself: their forecast card is on by default (elsewhere: on request). */
const FORECAST_CONSOLES = new Set([2, 4, 5]);

const AIR_CONSOLE_OMIT = ['absbaro', 'relbaro'];

/**
 * The 14 types. Ids 7 and 8 are the spec's two air-quality kinds (7: single PM sensor, 3 channels;
 * 8: four PM channels). Ids 12 and 13 are not named by the spec: 12 'Air quality pro' (four PM channels
 * plus HCHO/VOC/CO₂/CO, subscription) and 13 'Professional weather station' (every sensor, subscription).
 */
export const DEVICE_TYPES: DeviceTypeDef[] = [
  make(0, { name: 'TFT weather station', groups: ALL, features: ALL_FEATURES }),
  make(1, {
    name: '7-in-1',
    groups: [...WEATHER, 'channel', 'lightning', 'leak', 'pm'],
    features: ALL_FEATURES,
  }),
  make(2, {
    name: 'Multi-day forecast',
    groups: ['console', 'outdoor', 'channel', 'leak'],
    features: ['forecast', 'sunMoon'],
  }),
  make(3, {
    name: 'Tuya smart',
    groups: [...WEATHER, 'channel', 'leak', 'pm'],
    channels: 3,
    leakChannels: 3,
    features: ['forecast', 'sunMoon', 'overview'],
  }),
  make(4, {
    name: '4-day forecast',
    groups: ['console', 'outdoor', 'channel', 'leak'],
    features: ['forecast', 'sunMoon'],
  }),
  make(5, {
    name: '24H 10-Day Forecast',
    groups: ['console', 'outdoor', 'wind', 'rain', 'channel', 'leak'],
    features: ['forecast', 'sunMoon', 'overview'],
  }),
  make(6, { name: 'HD TFT', groups: ALL, pmChannels: 4, features: ALL_FEATURES }),
  make(7, {
    name: 'Air quality',
    groups: ['console', 'pm', 'air', 'channel', 'leak'],
    channels: 3,
    omit: AIR_CONSOLE_OMIT,
    hidden: AIR_HIDDEN,
    needsSubscription: true,
  }),
  make(8, {
    name: 'Air quality (4 PM channels)',
    groups: ['console', 'pm', 'air', 'channel', 'leak'],
    pmChannels: 4,
    omit: AIR_CONSOLE_OMIT,
    hidden: AIR_HIDDEN,
  }),
  make(9, { name: 'Weather Station Gateway', groups: ALL, pmChannels: 4, features: ALL_FEATURES }),
  make(10, {
    name: 'WBGT',
    groups: ['console', 'outdoor', 'wind', 'sun', 'channel', 'leak'],
    features: ['sunMoon', 'overview'],
    hidden: ADD_ONS.filter((c) => c !== 'wbgt'),
    needsSubscription: true,
  }),
  make(11, {
    name: 'Dashboard',
    groups: ALL,
    pmChannels: 4,
    features: ALL_FEATURES,
    needsSubscription: true,
  }),
  make(12, {
    name: 'Air quality pro',
    groups: ['console', 'pm', 'air', 'channel', 'leak'],
    pmChannels: 4,
    omit: AIR_CONSOLE_OMIT,
    hidden: AIR_HIDDEN,
    needsSubscription: true,
  }),
  make(13, {
    name: 'Professional weather station',
    groups: ALL,
    pmChannels: 4,
    features: ALL_FEATURES,
    needsSubscription: true,
  }),
];

/** A type by id; unknown ids fall back to type 0 (spec §8), reporting through `warn` when given. */
export function deviceType(id: number | null | undefined, warn?: (message: string) => void): DeviceTypeDef {
  const t = typeof id === 'number' ? DEVICE_TYPES[id] : undefined;
  if (t && t.id === id) return t;
  warn?.(`Unknown device type ${String(id)}, using type 0`);
  return DEVICE_TYPES[0];
}
