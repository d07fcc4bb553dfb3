// The status dot: a sensor that never reported says "No data", not a green "Up to date".
import { describe, expect, it } from 'vitest';
import { cardStatus, readingKeysOf } from './status';
import type { Latest } from './types';

const now = 1_700_000_000_000;
const latest = (sample: Record<string, number>, age = 30): Latest => ({
  sample: { ...sample, time: now / 1000 - age },
  time: now / 1000 - age,
  changes: {},
});

describe('cardStatus', () => {
  const channel3 = readingKeysOf(['tempc3', 'humc3', 'dewpointc3', 'cnc3', 'batc3']);

  it('takes the link flag and battery out of the readings', () => {
    expect(channel3).toEqual(['tempc3', 'humc3', 'dewpointc3']);
  });

  it('no reading of the card ever: nodata, however fresh the station', () => {
    expect(cardStatus(latest({ tempc0: 12 }), now, 'cnc3', channel3)).toBe('nodata');
  });

  it('one reading is enough for the age to count', () => {
    expect(cardStatus(latest({ humc3: 40 }), now, 'cnc3', channel3)).toBe('fresh');
    expect(cardStatus(latest({ humc3: 40 }, 600), now, 'cnc3', channel3)).toBe('stale');
  });

  it('a lost link still says lost; no upload at all shows no dot', () => {
    expect(cardStatus(latest({ tempc3: 4, cnc3: 0 }), now, 'cnc3', channel3)).toBe('lost');
    expect(cardStatus(undefined, now, 'cnc3', channel3)).toBe('none');
  });
});
