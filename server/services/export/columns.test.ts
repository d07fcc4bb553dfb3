import { describe, expect, it } from 'vitest';
import { METRIC_KEYS } from '../../../src/domain/catalogue';
import { EXPORT_COLUMNS } from './columns';

describe('export columns', () => {
  const names = EXPORT_COLUMNS.map((c) => c.name);

  it("keep the existing portal's order: CH1..7, then water leakage", () => {
    const ch7 = names.indexOf('CH7 Humidity');
    expect(names[ch7 + 1]).toBe('CH1 Water leakage');
  });

  it('list every catalogue key once, the added sensors by name', () => {
    expect(EXPORT_COLUMNS.map((c) => c.key).sort()).toEqual([...METRIC_KEYS].sort());
    const name = (key: string) => EXPORT_COLUMNS.find((c) => c.key === key)?.name;
    expect(name('tempc8')).toBe('CH8 Temperature');
    expect(name('soilc3')).toBe('CH3 Soil moisture');
    expect(name('tfc8')).toBe('CH8 Temperature probe');
    expect(name('leafc1')).toBe('CH1 Leaf wetness');
    expect(name('dailyrainpiezo')).toBe('Daily rainfall (piezo)');
    expect(name('totalrain')).toBe('Total rainfall');
  });
});
