// Home Assistant MQTT discovery: one sensor config per metric a station sends, so the station appears in Home
// Assistant without YAML. The mapping from the catalogue's unit types to Home Assistant's device classes, units
// and state classes is this one table; the state message carries base (SI) units, so the unit is the
// catalogue's base unit written as Home Assistant spells it.
// Topic: homeassistant/sensor/<station>_<metric>/config (retained). State: <prefix>/<station>/state.
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import type { UnitType } from '../../src/domain/types';
import { metricText } from '../../src/domain/words';
import { translator } from '../i18n/catalogs';

// Home Assistant shows entity names as given; discovery is written once for every subscriber, in English.
const english = translator('en');

export interface SensorClass {
  device_class?: string;
  unit_of_measurement?: string;
  state_class?: 'measurement' | 'total_increasing';
  entity_category?: 'diagnostic';
  /** A template other than the bare value (batteries 0..5 → %, unix time → a timestamp). */
  value?: (key: string) => string;
}

const bare = (key: string) => `{{ value_json.${key} }}`;

/** Per catalogue unit type (every one has an entry: the table is checked by a test). */
export const HA_CLASSES: Record<UnitType, SensorClass> = {
  temperature: { device_class: 'temperature', unit_of_measurement: '°C', state_class: 'measurement' },
  humidity: { device_class: 'humidity', unit_of_measurement: '%', state_class: 'measurement' },
  pressure: { device_class: 'atmospheric_pressure', unit_of_measurement: 'hPa', state_class: 'measurement' },
  windSpeed: { device_class: 'wind_speed', unit_of_measurement: 'm/s', state_class: 'measurement' },
  // Home Assistant's wind_direction class needs a newer release than many run: a plain sensor in degrees.
  windDirection: { unit_of_measurement: '°', state_class: 'measurement' },
  // Totals that reset (daily, weekly… rain): total_increasing takes a drop as a reset.
  rain: { device_class: 'precipitation', unit_of_measurement: 'mm', state_class: 'total_increasing' },
  // Issue #26: the day so far; degree days may fall within a day (from the mean so far), so no total class.
  et0: { unit_of_measurement: 'mm', state_class: 'total_increasing' },
  degreeDays: { unit_of_measurement: '°C·d', state_class: 'measurement' },
  rainRate: {
    device_class: 'precipitation_intensity',
    unit_of_measurement: 'mm/h',
    state_class: 'measurement',
  },
  light: { device_class: 'irradiance', unit_of_measurement: 'W/m²', state_class: 'measurement' },
  uv: { unit_of_measurement: 'UV index', state_class: 'measurement' },
  distance: { device_class: 'distance', unit_of_measurement: 'km', state_class: 'measurement' },
  time: { device_class: 'timestamp', value: (key) => `{{ as_datetime(value_json.${key}) }}` },
  count: { state_class: 'measurement' },
  pm: { device_class: 'pm25', unit_of_measurement: 'µg/m³', state_class: 'measurement' },
  aqi: { device_class: 'aqi', state_class: 'measurement' },
  hcho: { unit_of_measurement: 'ppb', state_class: 'measurement' },
  co2: { device_class: 'carbon_dioxide', unit_of_measurement: 'ppm', state_class: 'measurement' },
  co: { device_class: 'carbon_monoxide', unit_of_measurement: 'ppm', state_class: 'measurement' },
  level: { state_class: 'measurement' },
  // The catalogue's battery scale is 0..5 (5 full): Home Assistant's battery class is a percentage.
  battery: {
    device_class: 'battery',
    unit_of_measurement: '%',
    state_class: 'measurement',
    entity_category: 'diagnostic',
    value: (key) => `{{ (value_json.${key} * 20) | round(0) }}`,
  },
  voltage: {
    device_class: 'voltage',
    unit_of_measurement: 'V',
    state_class: 'measurement',
    entity_category: 'diagnostic',
  },
  state: { entity_category: 'diagnostic' },
  none: { entity_category: 'diagnostic' },
};

/** Keys whose class differs from their unit type's (PM10 is pm10; soil and leaf sensors are moisture). */
function classOf(key: string, unitType: UnitType): SensorClass {
  const base = HA_CLASSES[unitType];
  if (unitType === 'pm' && key.startsWith('pm10')) return { ...base, device_class: 'pm10' };
  if (/^(soil|leaf)c\d$/.test(key)) return { ...base, device_class: 'moisture' };
  return base;
}

export interface DiscoveryStation {
  wsid: string;
  name: string;
}

/** Home Assistant object ids: lower-case letters, digits and underscores. */
export const objectId = (text: string) => text.toLowerCase().replace(/[^a-z0-9_]+/g, '_');

export const discoveryTopic = (station: DiscoveryStation, key: string) =>
  `homeassistant/sensor/${objectId(station.wsid)}_${objectId(key)}/config`;

export const stateTopic = (prefix: string, station: DiscoveryStation) => `${prefix}/${station.wsid}/state`;

/** The discovery config of one metric of a station (null for a key outside the catalogue). */
export function discoveryConfig(prefix: string, station: DiscoveryStation, key: string) {
  const def = METRIC_BY_KEY[key];
  if (!def) return null;
  const { value, ...cls } = classOf(key, def.unitType);
  const id = `${objectId(station.wsid)}_${objectId(key)}`;
  return {
    name: metricText(key, english),
    unique_id: `weather_portal_${id}`,
    object_id: `weather_${id}`,
    state_topic: stateTopic(prefix, station),
    value_template: value ? value(key) : bare(key),
    // A station that stopped sending: unavailable rather than a stale number forever (1 hour).
    expire_after: 3600,
    ...cls,
    device: {
      identifiers: [`weather_portal_${objectId(station.wsid)}`],
      name: station.name,
      manufacturer: 'Weather Portal',
      model: 'Weather station',
    },
  };
}
