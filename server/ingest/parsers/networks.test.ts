// The other networks' parsers (issue #31) on their edges; whole uploads replay in ../other-networks.test.ts.
import { describe, expect, it } from 'vitest';
import { endpointOf } from '../endpoints';
import { parseWeathercloud, weathercloudTime } from './weathercloud';
import { parseWindy, windyObservations, windyTime } from './windy';
import { parsePwsweather, parseWow } from './wunderground';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0) / 1000;
const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

describe('Weathercloud', () => {
  it('reads date + HHMM, date + HHMMSS and the one-field YYYYMMDD HHMMSS; anything else is now', () => {
    expect(weathercloudTime('20261120', '1000', NOW)).toBe(at('2026-11-20T10:00:00'));
    expect(weathercloudTime('20261120', '100530', NOW)).toBe(at('2026-11-20T10:05:30'));
    expect(weathercloudTime(undefined, '20261120 100500', NOW)).toBe(at('2026-11-20T10:05:00'));
    for (const [date, time] of [
      ['20261120', undefined],
      ['20261131', '1000'], // 31 November
      ['20261120', '2500'],
      ['2026-11-20', '1000'],
      ['20261120', '10:00'],
      ['19991231', '1000'], // an unset console clock
      ['20261125', '1000'], // days ahead of the server
    ] as const)
      expect(weathercloudTime(date, time, NOW)).toBe(NOW);
  });

  it('turns the path form into fields, and refuses an upload without wid or key', () => {
    const pathFields = (path: string) => endpointOf(path)?.pathFields ?? null;
    expect(pathFields('/set/wid/abc/key/k1/temp/215/')).toBe('wid=abc&key=k1&temp=215');
    expect(pathFields('/v01/set/wid/abc/key/k1')).toBe('wid=abc&key=k1');
    expect(endpointOf('/v01/set/wid/abc/key/k1')?.protocol).toBe('weathercloud');
    expect(pathFields('/set')).toBeNull();
    expect(() => parseWeathercloud(new URLSearchParams('wid=a&temp=1'), NOW)).toThrow('Missing wid or key');
  });

  it('keeps bad values out, and lists what it does not map', () => {
    const p = parseWeathercloud(new URLSearchParams('wid=a&key=b&temp=abc&hum=-32768&temp01=150&et=2'), NOW);
    expect(p.values).toEqual({ tempc0: null, humc0: null });
    expect(p.unmapped).toEqual({ temp01: '150', et: '2' });
  });
});

describe('Windy', () => {
  it('reads time (ISO with a zone), ts in seconds or ms, dateutc; a time without a zone is now', () => {
    const t = (q: string) => windyTime(new Map(new URLSearchParams(q)), NOW);
    expect(t('time=2026-11-20T10:05:00.000Z')).toBe(at('2026-11-20T10:05:00'));
    expect(t('time=2026-11-20T11:05:00%2B01:00')).toBe(at('2026-11-20T10:05:00'));
    expect(t('time=2026-11-20T11:05:00+01:00')).toBe(at('2026-11-20T10:05:00')); // `+` sent unencoded
    expect(t(`ts=${at('2026-11-20T10:05:00')}`)).toBe(at('2026-11-20T10:05:00'));
    expect(t(`ts=${at('2026-11-20T10:05:00') * 1000}`)).toBe(at('2026-11-20T10:05:00'));
    expect(t('dateutc=2026-11-20+10:05:00')).toBe(at('2026-11-20T10:05:00'));
    expect(t('time=2026-11-20T10:05:00')).toBe(NOW);
    expect(t('ts=12')).toBe(NOW);
    expect(t('')).toBe(NOW);
  });

  it('takes the metric field first; the imperial one when it says the same, else lists it', () => {
    const same = parseWindy(new URLSearchParams('temp=21.1&tempf=70&station=0'), NOW);
    expect(same.values.tempc0).toBe(21.1);
    expect(same.unmapped).toEqual({});
    const other = parseWindy(new URLSearchParams('temp=10&tempf=70'), NOW);
    expect(other.values.tempc0).toBe(10);
    expect(other.unmapped).toEqual({ tempf: '70' });
  });
});

describe("Windy's JSON form", () => {
  const json = (observations: unknown) => JSON.stringify({ stations: [], observations });
  const key = new Map([['PASSWORD', 'k']]);

  it("reads one station's observations: the query's `station`, else the first observation's", () => {
    const two = json([
      { station: 0, temp: 1.2 },
      { station: 1, temp: 2.6 },
      { station: 0, temp: 1.4, dateutc: '2019-03-15T06:20:00' },
    ]);
    expect(windyObservations(two, key)?.map((f) => Object.fromEntries(f))).toEqual([
      { PASSWORD: 'k', station: '0', temp: '1.2' },
      { PASSWORD: 'k', station: '0', temp: '1.4', dateutc: '2019-03-15T06:20:00' },
    ]);
    const second = windyObservations(two, new Map([['station', '1']]));
    expect(second?.map((f) => f.get('temp'))).toEqual(['2.6']);
    // No index at all: station 0 (Windy's default).
    expect(
      windyObservations(json([{ temp: 3 }, { temp: 4, si: 2 }]), key)?.map((f) => f.get('temp')),
    ).toEqual(['3']);
  });

  it('is null for anything else; nested values are not fields', () => {
    for (const text of ['not json', '[]', 'null', '{"observations":[]}', '{"observations":[1,2]}'])
      expect(windyObservations(text, key)).toBeNull();
    const nested = windyObservations(json([{ temp: 1, extra: { a: 1 } }]), key);
    expect(nested?.[0].has('extra')).toBe(false);
  });
});

describe('PWSweather and WOW (dialects of Wunderground)', () => {
  it('need their own credentials; action and dateutc are optional, but an unknown action is refused', () => {
    expect(parsePwsweather(new URLSearchParams('ID=a&PASSWORD=b&tempf=32'), NOW)).toMatchObject({
      protocol: 'pwsweather',
      time: NOW,
      values: { tempc0: 0 },
    });
    expect(parseWow(new URLSearchParams('siteid=1&siteAuthenticationKey=k&tempf=212'), NOW)).toMatchObject({
      protocol: 'wow',
      stationId: '1',
      stationKey: 'k',
      values: { tempc0: 100 },
      unmapped: {},
    });
    expect(() => parseWow(new URLSearchParams('ID=a&PASSWORD=b&tempf=32'), NOW)).toThrow(
      'Missing siteid or siteAuthenticationKey',
    );
    expect(() => parsePwsweather(new URLSearchParams('ID=a&PASSWORD=b&action=delete'), NOW)).toThrow(
      'unknown action',
    );
  });
});
