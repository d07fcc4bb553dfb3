import { describe, expect, test } from 'vitest';
import { type FetchLike, OpenMeteoProvider, openMeteoUrl, parseOpenMeteo, summaryOfWmo } from './open-meteo';
import { SAMPLE } from './open-meteo.fixture';

describe('Open-Meteo', () => {
  test('the URL asks for metric units, unix times and the station location', () => {
    const url = new URL(openMeteoUrl({ latitude: 50.08, longitude: 14.42 }));
    expect(url.host).toBe('api.open-meteo.com');
    expect(url.searchParams.get('latitude')).toBe('50.08');
    expect(url.searchParams.get('wind_speed_unit')).toBe('ms');
    expect(url.searchParams.get('timeformat')).toBe('unixtime');
  });

  test('parses current, hourly and daily into tables with dt and catalogue keys, pop as 0..1', () => {
    const f = parseOpenMeteo(SAMPLE, 1795000600);
    const row = (t: { columns: string[]; rows: unknown[][] }, i: number) =>
      Object.fromEntries(t.columns.map((c, j) => [c, t.rows[i][j]]));
    expect(row(f.current, 0)).toMatchObject({
      dt: 1795000500,
      tempc0: 3.4,
      humc0: 81,
      relbaro: 1021.3,
      windspd: 2.7,
      winddir: 245,
      code: 3,
      summary: 'cloudy',
      visibility: 7400,
    });
    expect(f.hourly.rows).toHaveLength(2);
    expect(row(f.hourly, 1)).toMatchObject({
      dt: 1795003600,
      pop: 0.65,
      summary: 'rain',
      tempc0: 3.6,
      visibility: 2500,
    });
    expect(row(f.daily, 1)).toMatchObject({
      dt: 1795042800,
      temp_max: 6.3,
      temp_min: 1.2,
      pop: 0.9,
      summary: 'storm',
    });
  });

  test('WMO codes map to summaries', () => {
    expect([0, 2, 3, 45, 53, 63, 73, 96].map(summaryOfWmo)).toEqual([
      'sunny',
      'partlyCloudy',
      'cloudy',
      'fog',
      'unsettled',
      'rain',
      'snow',
      'storm',
    ]);
    expect(summaryOfWmo(null)).toBeNull();
  });

  test('the provider fetches once per half hour, keeps a stale answer when the service fails', async () => {
    const urls: string[] = [];
    let fail = false;
    const fetchFn: FetchLike = async (url) => {
      urls.push(url);
      if (fail) throw new Error('offline');
      return { ok: true, status: 200, json: async () => SAMPLE };
    };
    const p = new OpenMeteoProvider(fetchFn);
    const site = { _id: 'a'.repeat(24), timezone: 'Europe/Prague', latitude: 50.08, longitude: 14.42 };
    await p.forecast(site, 1795000600);
    await p.forecast(site, 1795000600 + 600);
    expect(urls).toHaveLength(1);
    fail = true;
    const stale = await p.forecast(site, 1795000600 + 3600);
    expect(stale.daily.rows).toHaveLength(2);
    expect(urls).toHaveLength(2);
    const other = new OpenMeteoProvider(fetchFn);
    await expect(other.forecast(site, 1)).rejects.toMatchObject({ code: 503 });
    await expect(other.forecast({ ...site, latitude: null }, 1)).rejects.toMatchObject({ code: 400 });
  });
});
