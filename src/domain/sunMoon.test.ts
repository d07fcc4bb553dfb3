// Moonrise and moonset against a published almanac. Source: U.S. Naval Observatory, Astronomical Applications
// Dept., "Rise and Set for the Moon for 2019", location W081°00′ N29°00′, Universal Time (the table as USNO
// served it, kept at github.com/cosinekitty/astronomy generate/riseset/moon_2019_W081_N29.html). A blank cell
// there (no rise or no set that day) is null here. SunCalc agrees with it to the minute; 2 minutes are allowed.
import { describe, expect, it } from 'vitest';
import { sunMoon } from './sunMoon';

const LAT = 29;
const LNG = -81;
const at = (iso: string) => Date.parse(iso) / 1000;

/** |actual - expected| in minutes, or the pair when one of them is null (so a null shows in the failure). */
function off(actual: number | null, expected: string | null): number | [number | null, string | null] {
  if (actual === null || expected === null)
    return actual === null && expected === null ? 0 : [actual, expected];
  return Math.abs(actual - at(expected)) / 60;
}

describe('moonrise and moonset (USNO 2019, 29°N 81°W)', () => {
  // [UT day, rise, set] from the table.
  const TABLE: [string, string | null, string | null][] = [
    ['2019-01-01', '2019-01-01T08:12Z', '2019-01-01T19:34Z'],
    ['2019-06-15', '2019-06-15T22:57Z', '2019-06-15T09:07Z'],
    ['2019-01-07', '2019-01-07T13:27Z', null],
    ['2019-07-02', '2019-07-02T10:14Z', null],
    ['2019-01-22', null, '2019-01-22T13:32Z'],
    ['2019-09-14', null, '2019-09-14T11:24Z'],
    ['2019-12-13', null, '2019-12-13T13:25Z'],
  ];
  for (const [day, rise, set] of TABLE)
    it(`${day}: rise ${rise?.slice(11, 16) ?? 'none'}, set ${set?.slice(11, 16) ?? 'none'} UT`, () => {
      const s = sunMoon(LAT, LNG, 'UTC', at(`${day}T12:00:00Z`));
      expect(s.date).toBe(day);
      for (const d of [off(s.moonrise, rise), off(s.moonset, set)]) {
        expect(typeof d, JSON.stringify(d)).toBe('number');
        expect(d).toBeLessThanOrEqual(2);
      }
    });

  it("a station's local day spans two UT days: 2019-01-01 in New York time (UTC-5) is 05:00Z to 05:00Z", () => {
    // The table's Jan 1 rise 08:12Z and set 19:34Z fall in it; Jan 2's rise (09:09Z) does not.
    const s = sunMoon(LAT, LNG, 'America/New_York', at('2019-01-01T17:00:00Z'));
    expect(s.date).toBe('2019-01-01');
    expect(off(s.moonrise, '2019-01-01T08:12Z')).toBeLessThanOrEqual(2);
    expect(off(s.moonset, '2019-01-01T19:34Z')).toBeLessThanOrEqual(2);
  });

  it('2019-01-01 at UTC+10 (Brisbane: 14:00Z Dec 31 to 14:00Z Jan 1): the rise of Jan 1, the set of Dec 31', () => {
    // USNO Jan 1 rise 08:12Z; the set in the window is Dec 31's (the table's 2018 edition: not kept, so only
    // that it is the earlier of the day's sets and before the rise is checked).
    const s = sunMoon(LAT, LNG, 'Australia/Brisbane', at('2019-01-01T02:00:00Z'));
    expect(s.date).toBe('2019-01-01');
    expect(off(s.moonrise, '2019-01-01T08:12Z')).toBeLessThanOrEqual(2);
    expect(s.moonset).toBeGreaterThanOrEqual(at('2018-12-31T14:00Z'));
    expect(s.moonset).toBeLessThan(s.moonrise!);
  });
});

describe("a day with two moonrises: the first one is the day's", () => {
  it('Tromsø, 2019-07-20 (CEST): the moon rises at 00:10 and again at 23:58; moonrise is 00:10', () => {
    // Near 70°N in summer the low moon's rises come less than a day apart: the card shows the day's first.
    // These times are SunCalc's (no published table for the place is kept here): the test pins the choice.
    const s = sunMoon(69.65, 18.96, 'Europe/Oslo', at('2019-07-20T10:00:00Z'));
    expect(off(s.moonrise, '2019-07-19T22:10Z')).toBeLessThanOrEqual(2);
    expect(off(s.moonset, '2019-07-20T04:35Z')).toBeLessThanOrEqual(2);
  });

  it('Tromsø, 2019-07-11: the moon sets at 00:10 and again at 23:58; moonset is 00:10', () => {
    const s = sunMoon(69.65, 18.96, 'Europe/Oslo', at('2019-07-11T10:00:00Z'));
    expect(off(s.moonset, '2019-07-10T22:10Z')).toBeLessThanOrEqual(2);
    expect(off(s.moonrise, '2019-07-11T14:56Z')).toBeLessThanOrEqual(2);
  });
});

describe('sunrise and sunset (USNO 2019, 29°N 81°W, Universal Time) and the polar day and night', () => {
  // Source: USNO "Rise and Set for the Sun for 2019" at W081°00′ N29°00′ (same collection as the moon's).
  it('2019-01-01 in New York time: rises 12:18Z, sets 22:38Z', () => {
    const s = sunMoon(LAT, LNG, 'America/New_York', at('2019-01-01T17:00:00Z'));
    expect(off(s.sunrise, '2019-01-01T12:18Z')).toBeLessThanOrEqual(2);
    expect(off(s.sunset, '2019-01-01T22:38Z')).toBeLessThanOrEqual(2);
    expect(s.alwaysUp || s.alwaysDown).toBe(false);
  });

  it('2019-06-15 in New York time: rises 10:25Z, sets 00:24Z the next UT day (20:24 local)', () => {
    const s = sunMoon(LAT, LNG, 'America/New_York', at('2019-06-15T16:00:00Z'));
    expect(off(s.sunrise, '2019-06-15T10:25Z')).toBeLessThanOrEqual(2);
    expect(off(s.sunset, '2019-06-16T00:24Z')).toBeLessThanOrEqual(2);
  });

  it('Longyearbyen (78°N): the midnight sun in June, the polar night in December', () => {
    const day = sunMoon(78.2, 15.6, 'Arctic/Longyearbyen', at('2026-06-21T12:00:00Z'));
    expect([day.alwaysUp, day.alwaysDown, day.sunrise]).toEqual([true, false, null]);
    const night = sunMoon(78.2, 15.6, 'Arctic/Longyearbyen', at('2026-12-21T12:00:00Z'));
    expect([night.alwaysUp, night.alwaysDown, night.sunrise]).toEqual([false, true, null]);
  });
});

describe('moon times belong to the local day asked for', () => {
  // SunCalc answers per UTC day; a zone east or west of UTC makes the loop look at a UTC day that starts before
  // the local day or ends after it. Whatever it finds there must not leak in: over two lunar months, every
  // moonrise and moonset given falls on the day's own local date, and days without one say so (null).
  const localDate = (t: number, timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(t * 1000),
    );
  it.each([
    ['Asia/Tokyo', 35.68, 139.69],
    ['America/New_York', 40.71, -74.01],
    ['Europe/Prague', 50.08, 14.42],
  ])('%s', (zone, lat, lng) => {
    let nulls = 0;
    for (let d = 0; d < 60; d++) {
      const day = at('2019-03-01T12:00:00Z') + d * 86400;
      const m = sunMoon(lat, lng, zone, day);
      for (const t of [m.moonrise, m.moonset]) {
        if (t === null) nulls++;
        else expect(localDate(t, zone), `${m.date} ${t}`).toBe(m.date);
      }
    }
    // About one day a month has no rise and one no set.
    expect(nulls).toBeGreaterThanOrEqual(2);
  });
});
