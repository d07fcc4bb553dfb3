import { describe, expect, test } from 'vitest';
import { filterWindow } from './periodFilters';

// Wednesday 2026-03-18 15:02 UTC
const NOW = Date.UTC(2026, 2, 18, 15, 2) / 1000;
const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) / 1000;
const TO = at(2026, 3, 18, 15) + 300;

describe('graph quick filters', () => {
  test.each([
    ['today', at(2026, 3, 18), '5m'],
    ['thisWeek', at(2026, 3, 16), '30m'],
    ['thisMonth', at(2026, 3, 1), '1h'],
    ['ytd', at(2026, 1, 1), '1d'],
    ['past7', TO - 7 * 86400, '30m'],
    ['past30', TO - 30 * 86400, '1h'],
    ['past90', TO - 90 * 86400, '1d'],
    ['pastYear', TO - 365 * 86400, '1d'],
  ] as const)('%s starts where it says and ends now, with the bucket of its span', (filter, from, bucket) => {
    expect(filterWindow(filter, NOW, 'UTC')).toEqual({ from, to: TO, bucket });
  });

  test("local midnights are the station's", () => {
    // 15:02 UTC is 00:02 on the 19th in Tokyo: "today" is two minutes old, drawn as its first hour.
    const w = filterWindow('today', NOW, 'Asia/Tokyo');
    expect(w.to - w.from).toBe(3600);
    expect(filterWindow('thisMonth', NOW, 'America/New_York').from).toBe(at(2026, 3, 1, 5));
  });

  test('a week starts on Monday, also on a Sunday', () => {
    const sunday = Date.UTC(2026, 2, 22, 12) / 1000;
    expect(filterWindow('thisWeek', sunday, 'UTC').from).toBe(at(2026, 3, 16));
  });
});
