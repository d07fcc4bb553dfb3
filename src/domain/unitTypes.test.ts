// The unit-type table is the one declaration of each kind of quantity: every entry is used by the catalogue, and
// every choice of its preference names one of its units (a preference value with no unit would fall back to the
// base unit without a word).
import { describe, expect, it } from 'vitest';
import { METRICS } from './catalogue';
import { UNIT_PREF_VALUES } from './unitPrefs';
import { unitFor } from './units';
import { UNIT_TYPES, type UnitType } from './unitTypes';

describe('unit types', () => {
  it('are each used by a metric, and every metric has one', () => {
    const used = new Set(METRICS.map((d) => d.unitType));
    expect([...used].sort()).toEqual(Object.keys(UNIT_TYPES).sort());
  });

  it('name one of their own units for every value of their preference', () => {
    const missing: string[] = [];
    for (const [type, def] of Object.entries(UNIT_TYPES)) {
      if (!def.preference) continue;
      const { key, suffix = '' } = def.preference;
      for (const value of UNIT_PREF_VALUES[key as keyof typeof UNIT_PREF_VALUES] ?? [])
        if (!def.units.some((u) => u.unit === `${value}${suffix}`))
          missing.push(`${type}: ${value}${suffix}`);
    }
    expect(missing).toEqual([]);
  });

  it('give a metric its display unit by the preference (rain rate and ET₀ follow the rain choice)', () => {
    const def = (key: string) => METRICS.find((d) => d.key === key)!;
    expect(unitFor(def('rainrate'), { rain: 'in' }).unit).toBe('in/h');
    expect(unitFor(def('et0day'), { rain: 'in' }).unit).toBe('in');
    expect(unitFor(def('hddday'), { temperature: 'F' }).unit).toBe('Fd');
    expect(unitFor(def('uvi'), { temperature: 'F' }).unit).toBe('');
    const types: UnitType[] = ['battery', 'state', 'time', 'none', 'windDirection', 'pressure'];
    expect(types.filter((t) => UNIT_TYPES[t].threshold)).toEqual([]);
  });
});

describe('Home Assistant value templates', () => {
  // MQTT discovery reads the value through these Jinja templates: a time as a date-time, the battery level
  // (0..5, 5 full) as the percentage Home Assistant's battery class expects (5 → 100).
  it('a time is read as a date-time, a battery level as a percentage', () => {
    expect(UNIT_TYPES.time.homeAssistant.value?.('lightningtime')).toBe(
      '{{ as_datetime(value_json.lightningtime) }}',
    );
    expect(UNIT_TYPES.battery.homeAssistant.value?.('battout')).toBe(
      '{{ (value_json.battout * 20) | round(0) }}',
    );
  });
});
