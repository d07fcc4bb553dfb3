// The Home Assistant mapping table covers every unit type of the catalogue with classes Home Assistant knows.
import { describe, expect, test } from 'vitest';
import { METRICS } from '../../src/domain/catalogue';
import { discoveryConfig, discoveryTopic } from './mqtt-discovery';

/** Device classes of Home Assistant's sensor platform that the table may use, with their allowed units. */
const HA_UNITS: Record<string, string[] | null> = {
  temperature: ['°C', '°F', 'K'],
  humidity: ['%'],
  atmospheric_pressure: ['hPa', 'Pa', 'kPa', 'mbar', 'inHg', 'mmHg', 'psi', 'cbar', 'bar', 'inH₂O'],
  wind_speed: ['m/s', 'km/h', 'mph', 'kn', 'ft/s', 'Beaufort'],
  precipitation: ['mm', 'cm', 'in'],
  precipitation_intensity: ['mm/h', 'mm/d', 'in/h', 'in/d'],
  irradiance: ['W/m²', 'BTU/(h⋅ft²)'],
  distance: ['km', 'm', 'cm', 'mm', 'mi', 'yd', 'in', 'ft'],
  timestamp: null,
  pm25: ['µg/m³'],
  pm10: ['µg/m³'],
  aqi: null,
  carbon_dioxide: ['ppm'],
  carbon_monoxide: ['ppm', 'mg/m³', 'µg/m³'],
  battery: ['%'],
  voltage: ['V', 'mV', 'µV', 'kV', 'MV'],
  moisture: ['%'],
};

describe('Home Assistant discovery mapping', () => {
  test('every metric of the catalogue maps to a known class with a unit Home Assistant accepts for it', () => {
    for (const def of METRICS) {
      const config = discoveryConfig('weather', { wsid: 'abc123', name: 'Garden' }, def.key);
      expect(config, def.key).not.toBeNull();
      const cls = config!.device_class as string | undefined;
      if (cls) {
        expect(Object.keys(HA_UNITS), def.key).toContain(cls);
        const units = HA_UNITS[cls];
        if (units) expect(units, def.key).toContain(config!.unit_of_measurement);
        else expect(config!.unit_of_measurement, def.key).toBeUndefined();
      }
      expect(config!.value_template).toContain(`value_json.${def.key}`);
    }
  });

  test('the outdoor temperature, rain total, PM10 and a battery as Home Assistant reads them', () => {
    const station = { wsid: 'abc123', name: 'Garden' };
    expect(discoveryTopic(station, 'tempc0')).toBe('homeassistant/sensor/abc123_tempc0/config');
    expect(discoveryConfig('weather', station, 'tempc0')).toMatchObject({
      name: 'Outdoor temperature',
      unique_id: 'weather_portal_abc123_tempc0',
      state_topic: 'weather/abc123/state',
      value_template: '{{ value_json.tempc0 }}',
      device_class: 'temperature',
      unit_of_measurement: '°C',
      state_class: 'measurement',
      device: { identifiers: ['weather_portal_abc123'], name: 'Garden' },
    });
    expect(discoveryConfig('weather', station, 'dailyrain')).toMatchObject({
      device_class: 'precipitation',
      unit_of_measurement: 'mm',
      state_class: 'total_increasing',
    });
    expect(discoveryConfig('weather', station, 'pm10c1')).toMatchObject({ device_class: 'pm10' });
    expect(discoveryConfig('weather', station, 'batc0')).toMatchObject({
      device_class: 'battery',
      unit_of_measurement: '%',
      value_template: '{{ (value_json.batc0 * 20) | round(0) }}',
      entity_category: 'diagnostic',
    });
    expect(discoveryConfig('weather', station, 'nonsense')).toBeNull();
  });
});
