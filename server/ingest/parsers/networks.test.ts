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

  it('takes each separator and trims spaces; a field with more or fewer digits is now', () => {
    const at1005 = at('2026-11-20T10:05:00');
    expect(weathercloudTime(undefined, '20261120T100500', NOW)).toBe(at1005);
    expect(weathercloudTime(undefined, '20261120100500', NOW)).toBe(at1005);
    expect(weathercloudTime(undefined, ' 20261120 100500 ', NOW)).toBe(at1005);
    // The one-field time wins over a date sent beside it.
    expect(weathercloudTime('20261101', '20261120 100500', NOW)).toBe(at1005);
    expect(weathercloudTime(' 20261120 ', ' 1005 ', NOW)).toBe(at1005);
    for (const [date, time] of [
      [undefined, 'x20261120 100500'],
      [undefined, '20261120 100500x'],
      ['202611201', '1005'], // nine digits
      ['2026112020261120', '1005'],
      ['2026112', '1005'], // seven
      ['20261120', '10050'], // five
      ['20261120', '11005'],
      ['', '1005'],
    ] as const)
      expect(weathercloudTime(date, time, NOW)).toBe(NOW);
  });

  it('takes the last month, day, hour, minute and second there are, and nothing past them', () => {
    expect(weathercloudTime('20251231', '235959', NOW)).toBe(at('2025-12-31T23:59:59'));
    expect(weathercloudTime('20260101', '000000', NOW)).toBe(at('2026-01-01T00:00:00'));
    // Each of these would roll over into a real, past time if it were not refused.
    for (const [date, time] of [
      ['20251320', '1000'], // month 13: 20 January 2026
      ['20260020', '1000'], // month 0: 20 December 2025
      ['20260231', '1000'], // 31 February: 3 March
      ['20261001', '1060'], // minute 60: 11:00
      ['20261001', '100060'], // second 60: 10:01:00
      ['20261001', '2400'], // hour 24: the next day
      ['20261000', '1000'], // day 0: 30 September
    ] as const)
      expect(weathercloudTime(date, time, NOW)).toBe(NOW);
  });

  it('reads tenths and whole values as the consoles send them (a CumulusMX upload)', () => {
    const p = parseWeathercloud(
      new URLSearchParams(
        'wid=STATIONID&key=STATIONKEY&tempin=214&temp=-83&hum=82&wspd=36&wdir=225&bar=10163&rain=30&uvi=-32768&pm25=12&date=20261120&time=1000',
      ),
      NOW,
    );
    expect(p).toMatchObject({
      protocol: 'weathercloud',
      stationId: 'STATIONID',
      stationKey: 'STATIONKEY',
      time: at('2026-11-20T10:00:00'),
    });
    expect(p.values).toEqual({
      tempin: 21.4,
      tempc0: -8.3,
      humc0: 82,
      windspd: 3.6,
      winddir: 225,
      relbaro: 1016.3,
      dailyrain: 3,
      uvi: null,
      pm25c1: 12,
    });
    expect(parseWeathercloud(new URLSearchParams('wid=a&key=b&hum=-32768&wdir=-32768'), NOW).values).toEqual({
      humc0: null,
      winddir: null,
    });
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

  it('reads a zone written without its colon, with or without the plus sign', () => {
    const t = (q: string) => windyTime(new Map(new URLSearchParams(q)), NOW);
    expect(t('time=2026-11-20T11:05:00%2B0100')).toBe(at('2026-11-20T10:05:00'));
    expect(t('time=2026-11-20T11:05:00+0100')).toBe(at('2026-11-20T10:05:00'));
    expect(parseWindy(new URLSearchParams('temp=1'), NOW)).toMatchObject({
      protocol: 'windy',
      stationId: '',
      stationKey: null,
      time: NOW,
    });
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

  it('stores at most 100 observations of one upload', () => {
    const many = json(Array.from({ length: 101 }, (_, i) => ({ station: 0, temp: i })));
    const read = windyObservations(many, key);
    expect(read).toHaveLength(100);
    expect(read?.at(-1)?.get('temp')).toBe('99');
  });

  it('is null for anything else; nested values are not fields', () => {
    for (const text of [
      'not json',
      '[]',
      'null',
      '{"observations":[]}',
      '{"observations":[1,2]}',
      '{"observations":"abc"}',
      '{"observations":{"0":{"temp":1}}}',
    ])
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
