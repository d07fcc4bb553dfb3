// Home Assistant MQTT discovery: one sensor config per metric a station sends, so the station appears in Home
// Assistant without YAML. Each unit type's Home Assistant class (device class, unit, state class) is declared
// with the unit type (src/domain/unitTypes.ts); the state message carries base (SI) units.
// Topic: homeassistant/sensor/<station>_<metric>/config (retained). State: <prefix>/<station>/state.
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import { type SensorClass, UNIT_TYPES, type UnitType } from '../../src/domain/unitTypes';
import { metricText } from '../../src/domain/words';
import { translator } from '../i18n/catalogs';

// Home Assistant shows entity names as given; discovery is written once for every subscriber, in English.
const english = translator('en');

const bare = (key: string) => `{{ value_json.${key} }}`;

/** Keys whose class differs from their unit type's (PM10 is pm10; soil and leaf sensors are moisture). */
function classOf(key: string, unitType: UnitType): SensorClass {
  const base = UNIT_TYPES[unitType].homeAssistant;
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
