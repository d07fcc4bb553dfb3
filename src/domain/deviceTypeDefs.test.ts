import { describe, expect, it } from 'vitest';
import { deviceType } from './deviceTypeDefs';

describe('deviceType', () => {
  it('a known id is its own type; an unknown one is type 0, said through warn', () => {
    expect(deviceType(13).id).toBe(13);
    expect(deviceType(13).name).toBe('Professional weather station');
    const warned: string[] = [];
    for (const id of [99, -1, 1.5, null, undefined])
      expect(deviceType(id, (m) => warned.push(m)).id, String(id)).toBe(0);
    expect(warned).toEqual([
      'Unknown device type 99, using type 0',
      'Unknown device type -1, using type 0',
      'Unknown device type 1.5, using type 0',
      'Unknown device type null, using type 0',
      'Unknown device type undefined, using type 0',
    ]);
    expect(deviceType(99).id).toBe(0);
  });
});
