import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UploadError } from './types';
import { parseWslink } from './wslink';

const FIXTURE = readFileSync(
  new URL('./fixtures/wslink-vendor-example.query', import.meta.url),
  'utf8',
).trim();
const NOW = 1_720_000_000; // 2024-07-03T09:46:40Z

function fixture(changes: Record<string, string | null> = {}): URLSearchParams {
  const params = new URLSearchParams(FIXTURE);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return params;
}

describe('parseWslink: the vendor example upload', () => {
  // Parsed in each test, not once for the describe: Stryker's per-test coverage only credits a test with the
  // code that runs inside it (a parse at collection time left its mutants 'survived' though the tests catch them).
  const parsed = () => parseWslink(fixture(), NOW);

  it('reads the credentials and, for the vendor example date 2000-01-01 (clock not set), uses now', () => {
    expect(parsed().protocol).toBe('wslink');
    expect(parsed().stationId).toBe('wsabcde123');
    expect(parsed().stationKey).toBe('a123456789');
    expect(parsed().time).toBe(NOW);
  });

  it('maps every field to its catalogue key, key by key', () => {
    const channels: Record<string, number | null> = {};
    const ch = [
      // tem, hum, bat (binary: 1 ok → 5, 0 low → 1, other → null), cn, tp
      [35.9, 56, 1, 0, 2],
      [35.9, 56, null, 0, 2],
      [35.9, 56, 5, 0, 2],
      [40.1, 39, 5, 0, 3],
      [23.6, 33, 1, 0, 3],
      [35.9, 57, 5, 0, 4],
      [18.1, 19, null, 0, 4],
    ];
    ch.forEach(([tem, hum, bat, cn, tp], i) => {
      const n = i + 1;
      Object.assign(channels, {
        [`tempc${n}`]: tem,
        [`humc${n}`]: hum,
        [`batc${n}`]: bat,
        [`cnc${n}`]: cn,
        [`typec${n}`]: tp,
        [`leakc${n}`]: 1,
        [`batleakc${n}`]: 1,
        [`cnleakc${n}`]: 0,
      });
    });
    expect(parsed().values).toEqual({
      relbaro: 1008.8,
      absbaro: 990.5,
      tempin: 25.8,
      humin: 22,
      batin: 5,
      tempc0: 38,
      humc0: 88,
      feelslike: null,
      windchill: 38,
      heatindex: null,
      dewpoint: 33.9,
      wbgt: 42.1,
      winddir: 359,
      windspd: 40.1,
      windavg10m: 20.9,
      gust: 49.9,
      rainrate: 20.8,
      hourlyrain: 10,
      dailyrain: 33.5,
      weeklyrain: 15,
      monthlyrain: 30.8,
      yearlyrain: 40.5,
      uvi: 8.8,
      solarrad: 679,
      batc0: 5,
      cnc0: 1,
      lightningtime: null,
      lightningdist: 40.1,
      lightning1h: 30,
      lightning5m: 65536,
      lightning30m: 65536,
      lightning1d: 65536,
      batlightning: 5,
      cnlightning: 1,
      pm25c1: 450.5,
      pm10c1: 300.5,
      pm25aqic1: 999,
      pm10aqic1: 88,
      batpmc1: 0,
      cnpmc1: 0,
      hcho: 1000,
      voc: 3,
      bathcho: 0,
      cnhcho: 0,
      co2: 400,
      batco2: 0,
      cnco2: 0,
      co: 500,
      batco: 5,
      cnco: 1,
      ...channels,
    });
  });

  it('spot checks the brief’s examples', () => {
    expect(parsed().values.relbaro).toBe(1008.8);
    expect(parsed().values.tempc0).toBe(38);
    expect(parsed().values).toHaveProperty('feelslike', null);
    expect(parsed().values.typec4).toBe(3);
    expect(parsed().values.leakc1).toBe(1);
    expect(parsed().values.pm25c1).toBe(450.5);
    expect(parsed().values.co).toBe(500);
    expect(parsed().values.lightningtime).toBeNull();
    for (let n = 1; n <= 7; n++) expect(parsed().values[`tempc${n}`]).toEqual(expect.any(Number));
  });

  it('turns minutes since the last strike into its time; 9999 (no strike yet) and a negative count are no value', () => {
    const at = (t5lst: string) =>
      parseWslink(fixture({ t5lst, datetime: '2024-07-01 10:00:00' }), NOW).values.lightningtime;
    const time = Date.UTC(2024, 6, 1, 10) / 1000;
    expect(at('0')).toBe(time);
    expect(at('12.5')).toBe(time - 750);
    expect(at('9999')).toBeNull();
    expect(at('-1')).toBeNull();
    expect(parsed().protocol).toBe('wslink');
  });

  it('leaves only what was not stored unmapped (apiver and datetime are meta, wsid/wspw credentials)', () => {
    // t5lsf gave lightning1h, so its stand-in t5ls1htc was not stored: the owner sees it.
    expect(parsed().unmapped).toEqual({ t5ls1htc: '6553336' });
  });
});

describe('parseWslink: datetime', () => {
  it('reads a plausible datetime as UTC when no zone is known', () => {
    const p = parseWslink(fixture({ datetime: '2024-07-01 12:00:00' }), NOW);
    expect(p.time).toBe(Date.UTC(2024, 6, 1, 12, 0, 0) / 1000);
  });

  it('decodes the query-string form datetime=YYYY-MM-DD+hh%3Amm%3Ass', () => {
    const p = parseWslink(new URLSearchParams('wsid=a&wspw=b&datetime=2024-07-01+12%3A30%3A05'), NOW);
    expect(p.time).toBe(Date.UTC(2024, 6, 1, 12, 30, 5) / 1000);
  });

  it('reads the console’s local wall time in the given time zone (summer and winter offsets)', () => {
    const summer = parseWslink(fixture({ datetime: '2024-07-01 12:00:00' }), NOW, {
      timeZone: 'Europe/Prague',
    });
    expect(summer.time).toBe(Date.UTC(2024, 6, 1, 10, 0, 0) / 1000);
    const winter = parseWslink(fixture({ datetime: '2024-01-15 08:00:00' }), NOW, {
      timeZone: 'America/New_York',
    });
    expect(winter.time).toBe(Date.UTC(2024, 0, 15, 13, 0, 0) / 1000);
  });

  it('falls back to UTC for a zone Intl does not know, without throwing', () => {
    const p = parseWslink(fixture({ datetime: '2024-07-01 12:00:00' }), NOW, { timeZone: 'Mars/Olympus' });
    expect(p.time).toBe(Date.UTC(2024, 6, 1, 12, 0, 0) / 1000);
  });

  it('uses now when datetime is absent, malformed, before 2001 or more than a day ahead', () => {
    expect(parseWslink(fixture({ datetime: null }), NOW).time).toBe(NOW);
    expect(parseWslink(fixture({ datetime: 'yesterday' }), NOW).time).toBe(NOW);
    expect(parseWslink(fixture({ datetime: '2024-02-30 10:00:00' }), NOW).time).toBe(NOW);
    expect(parseWslink(fixture({ datetime: '2000-12-31 23:59:59' }), NOW).time).toBe(NOW);
    expect(parseWslink(fixture({ datetime: '2024-07-04 11:00:00' }), NOW).time).toBe(NOW); // +25 h
    const soon = parseWslink(fixture({ datetime: '2024-07-04 08:00:00' }), NOW).time; // +22 h: clock skew, kept
    expect(soon).toBe(Date.UTC(2024, 6, 4, 8, 0, 0) / 1000);
  });
});

describe('parseWslink: lightning', () => {
  it('turns minutes since the last strike into the strike’s unix time', () => {
    const p = parseWslink(fixture({ datetime: '2024-07-01 12:00:00', t5lst: '30' }), NOW);
    expect(p.values.lightningtime).toBe(Date.UTC(2024, 6, 1, 11, 30, 0) / 1000);
  });

  it('uses t5ls1htc for lightning1h only when t5lsf has no value', () => {
    expect(parseWslink(fixture({ t5lsf: null, t5ls1htc: '12' }), NOW).values.lightning1h).toBe(12);
    expect(parseWslink(fixture({ t5lsf: '', t5ls1htc: '7' }), NOW).values.lightning1h).toBe(7);
    expect(parseWslink(fixture({ t5lsf: '3', t5ls1htc: '7' }), NOW).values.lightning1h).toBe(3);
  });

  it('lists t5ls1htc as not stored only when it says something else than t5lsf', () => {
    expect(parseWslink(fixture({ t5lsf: '3', t5ls1htc: '3' }), NOW).unmapped).toEqual({});
    expect(parseWslink(fixture({ t5lsf: '3', t5ls1htc: '7' }), NOW).unmapped).toEqual({ t5ls1htc: '7' });
  });
});

describe('parseWslink: bad input', () => {
  it('rejects an upload without wsid or wspw with UploadError 400', () => {
    for (const missing of ['wsid', 'wspw']) {
      let error: unknown;
      try {
        parseWslink(fixture({ [missing]: null }), NOW);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UploadError);
      expect((error as UploadError).status).toBe(400);
      expect((error as UploadError).message).toBe('Missing wsid or wspw');
    }
    expect(() => parseWslink(fixture({ wspw: '' }), NOW)).toThrow(UploadError);
  });

  it('drops garbage values and keeps the rest of the upload', () => {
    const p = parseWslink(
      fixture({ t1tem: 'abc', rbar: '---', intem: '-9999', t1hum: '12x', t1ws: 'NaN', t1uvi: 'Infinity' }),
      NOW,
    );
    expect(p.values.tempc0).toBeNull();
    expect(p.values.relbaro).toBeNull();
    expect(p.values.tempin).toBeNull();
    expect(p.values.humc0).toBeNull();
    expect(p.values.windspd).toBeNull();
    expect(p.values.uvi).toBeNull();
    expect(p.values.absbaro).toBe(990.5);
    expect(p.values.tempc1).toBe(35.9);
    expect(p.values.co2).toBe(400);
  });

  it('reports unknown fields (and channels beyond 7) as unmapped, case-sensitively', () => {
    const p = parseWslink(fixture({ t234c8tem: '20.1', T1TEM: '5', foo: 'bar' }), NOW);
    expect(p.unmapped).toEqual({ t234c8tem: '20.1', T1TEM: '5', foo: 'bar', t5ls1htc: '6553336' });
    expect(p.values.tempc0).toBe(38);
    expect(Object.keys(p.values)).not.toContain('tempc8');
  });

  it('keeps odd field names such as __proto__ as plain unmapped entries', () => {
    const params = fixture();
    params.append('__proto__', 'x');
    params.append('constructor', 'y');
    const p = parseWslink(params, NOW);
    expect(Object.hasOwn(p.unmapped, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(p.unmapped, '__proto__')?.value).toBe('x');
    expect(p.unmapped.constructor).toBe('y');
    expect(Object.getPrototypeOf(p.unmapped)).toBe(Object.prototype);
  });
});
