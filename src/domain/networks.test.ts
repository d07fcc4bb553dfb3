import { describe, expect, it } from 'vitest';
import { isNetworkId, maskKey, NETWORK_IDS, NETWORKS } from './networks';

describe('networks', () => {
  it('knows the ten network ids, and nothing inherited or of another type', () => {
    for (const id of ['wunderground', 'windy', 'pwsweather', 'weathercloud', 'awekas', 'cwop', 'wow'])
      expect(isNetworkId(id)).toBe(true);
    expect(isNetworkId('openweathermap')).toBe(true);
    expect(isNetworkId('windguru')).toBe(true);
    expect(isNetworkId('custom')).toBe(true);
    for (const v of ['Windy', 'aprs', '', 'toString', null, undefined, 1, ['windy']])
      expect(isNetworkId(v)).toBe(false);
  });

  it('names every network in the error of a target without one (an API user reads the ids there)', async () => {
    const { ERRORS } = await import('./errors');
    const named = ERRORS.targetNetwork.replace(/^[^:]*: /, '').split(/, | or /);
    expect(named).toEqual([...NETWORK_IDS]);
  });

  it('declares each network under its own id, with a default interval at or above its minimum', () => {
    expect(Object.keys(NETWORKS)).toEqual([...NETWORK_IDS]);
    for (const id of NETWORK_IDS) {
      expect(NETWORKS[id].id).toBe(id);
      expect(NETWORKS[id].defaultInterval).toBeGreaterThanOrEqual(NETWORKS[id].minInterval);
    }
    // Only a custom target needs an address of its own.
    expect(NETWORK_IDS.filter((id) => NETWORKS[id].needsUrl)).toEqual(['custom']);
  });

  it('masks a key to its last 4 characters, a short key (6 or fewer) entirely', () => {
    expect(maskKey('')).toBe('');
    expect(maskKey('a')).toBe('••••');
    expect(maskKey('abcdef')).toBe('••••');
    expect(maskKey('abcdefg')).toBe('••••defg');
    expect(maskKey('0123456789')).toBe('••••6789');
  });
});
