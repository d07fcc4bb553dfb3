import { describe, expect, test } from 'vitest';
import { MOON_PHASES } from '../../src/domain/levels';
import { sunMoon } from './sun';

const hm = (t: number | null, tz: string) =>
  t === null
    ? null
    : new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(t * 1000);

describe('sun and moon', () => {
  test('Prague at midsummer: sunrise about 04:52, sunset about 21:15 local time', () => {
    const s = sunMoon(50.08, 14.42, 'Europe/Prague', Date.parse('2026-06-21T10:00:00Z') / 1000);
    expect(s.date).toBe('2026-06-21');
    const minutes = (t: string | null) => Number(t!.slice(0, 2)) * 60 + Number(t!.slice(3));
    expect(Math.abs(minutes(hm(s.sunrise, 'Europe/Prague')) - (4 * 60 + 52))).toBeLessThan(6);
    expect(Math.abs(minutes(hm(s.sunset, 'Europe/Prague')) - (21 * 60 + 15))).toBeLessThan(6);
    expect(s.dawn!).toBeLessThan(s.sunrise!);
    expect(s.dusk!).toBeGreaterThan(s.sunset!);
    expect(s.solarNoon!).toBeGreaterThan(s.sunrise!);
    expect(s.moonPhase).toBeGreaterThanOrEqual(0);
    expect(s.moonPhase).toBeLessThan(1);
    expect(MOON_PHASES).toContain(s.moonPhaseName);
    // Near first quarter the moon rises about noon and sets about midnight: both fall in this day (Prague
    // midnight to midnight), at 00:35 and 12:39 CEST. The times themselves are checked against the USNO almanac
    // in src/domain/sunMoon.test.ts; here, that the server's export is that computation for the local day.
    expect(hm(s.moonset, 'Europe/Prague')).toBe('00:35');
    expect(hm(s.moonrise, 'Europe/Prague')).toBe('12:39');
  });

  test('a full moon is named full and nearly fully lit', () => {
    // Full moon of 2026-05-31 ~08:45 UTC.
    const s = sunMoon(0, 0, 'UTC', Date.parse('2026-05-31T12:00:00Z') / 1000);
    expect(s.moonPhaseName).toBe('full');
    expect(s.illumination).toBeGreaterThan(0.97);
  });

  test('the polar night has no sunrise', () => {
    const s = sunMoon(78.2, 15.6, 'Arctic/Longyearbyen', Date.parse('2026-12-21T12:00:00Z') / 1000);
    expect(s.sunrise).toBeNull();
    expect(s.alwaysDown).toBe(true);
  });
});
