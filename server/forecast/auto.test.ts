// Issue 22: Open-Meteo when the server can reach it, the station's own forecast otherwise, each saying which.
import { describe, expect, it } from 'vitest';
import { AutoProvider } from './auto';
import { OpenMeteoProvider } from './open-meteo';
import { SAMPLE } from './open-meteo.fixture';
import { type Forecast, type ForecastSite, withSource } from './types';

const NOW = 1_764_147_600;
const here: ForecastSite = { _id: 'd1', timezone: 'Europe/Prague', latitude: 50.08, longitude: 14.42 };
const empty = { columns: ['dt'], rows: [] };
const localForecast: Forecast = withSource({ current: empty, hourly: empty, daily: empty }, 'local');
const local = { name: 'local', forecast: async () => localForecast };

function openMeteo(reachable: () => boolean) {
  const calls: string[] = [];
  const provider = new OpenMeteoProvider(async (url) => {
    calls.push(url);
    if (!reachable()) throw new TypeError('fetch failed');
    return { ok: true, status: 200, json: async () => SAMPLE };
  });
  return { provider, calls };
}

describe('the default forecast', () => {
  it('is Open-Meteo when it answers, and says so', async () => {
    const om = openMeteo(() => true);
    const f = await new AutoProvider(om.provider, local).forecast(here, NOW);
    expect(f.daily.source).toBe('open-meteo');
    expect(f.current.source).toBe('open-meteo');
    expect(f.daily.rows.length).toBeGreaterThan(1);
  });

  it("is the station's own when Open-Meteo cannot be reached, and it is not asked again for a while", async () => {
    let up = false;
    const om = openMeteo(() => up);
    const failures: unknown[] = [];
    const auto = new AutoProvider(om.provider, local, 600, (e) => failures.push(e));
    expect((await auto.forecast(here, NOW)).daily.source).toBe('local');
    expect(failures).toHaveLength(1);
    up = true;
    expect((await auto.forecast({ ...here, _id: 'd2' }, NOW + 60)).daily.source).toBe('local');
    expect(om.calls).toHaveLength(1);
    expect((await auto.forecast({ ...here, _id: 'd2' }, NOW + 601)).daily.source).toBe('open-meteo');
  });

  it("is the station's own for a station without a location, without asking Open-Meteo", async () => {
    const om = openMeteo(() => true);
    const f = await new AutoProvider(om.provider, local).forecast({ ...here, latitude: null }, NOW);
    expect(f.current.source).toBe('local');
    expect(om.calls).toEqual([]);
  });
});
