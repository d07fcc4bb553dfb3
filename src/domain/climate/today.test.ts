import { describe, expect, it } from 'vitest';
import type { Agg } from '../aggregate';
import { climateHours } from './hourly';
import { type ClimateBucket, defaultClimateSettings, localDays, summariseDay } from './summary';
import { type ClimateToday, climateToday, climateTodayAt, type TodayProbe } from './today';

const one = (v: number): Agg => [1, v, v, v, v];

describe('the climate of the day so far', () => {
  // FAO-56 Example 19's afternoon hour (38 °C, 52 %, 3.3 m/s at 2 m, 2.450 MJ m⁻² h⁻¹) at N'Diaye on 1 October:
  // the paper's ET₀ is 0.63 mm for the hour.
  const s = {
    ...defaultClimateSettings('UTC'),
    latitude: 16 + 13 / 60,
    longitude: -(16 + 15 / 60),
    elevation: 8,
    anemometerHeight: 2,
  };
  const hour = Date.UTC(2001, 9, 1, 15) / 1000;
  const aggs = { tempc0: one(38), humc0: one(52), windspd: one(3.3), solarrad: one(2.45 / 0.0036) };
  const fives = Array.from({ length: 12 }, (_, i) => ({ time: hour + i * 300, span: 300, aggs }));

  it('counts the hour under way for the part of it that has passed', () => {
    // Half of the hour: 0.315, stored to 0.01.
    expect(climateToday(fives.slice(0, 6), hour + 1800, s).et0day).toBeCloseTo(0.31, 2);
    expect(climateToday(fives, hour + 3600, s).et0day).toBeCloseTo(0.63, 2);
  });

  it('takes degree days from the day so far: 38 °C is 19.7 cooling, no heating, 20 growing (capped at 30)', () => {
    const today = climateToday(fives, hour + 3600, s);
    expect(today.cddday).toBeCloseTo(19.7, 9);
    expect(today.hddday).toBe(0);
    expect(today.gddday).toBe(20);
  });

  it('follows the mean so far: 10 °C then 20 °C for as long gives 3.3 heating and 5 growing', () => {
    const cold = { time: hour - 3600, span: 300, aggs: { tempc0: [12, 120, 10, 10, 10] as Agg } };
    const warm = { time: hour, span: 300, aggs: { tempc0: [12, 240, 20, 20, 20] as Agg } };
    const today = climateToday([cold, warm], hour + 300, s);
    expect(today.hddday).toBeCloseTo(3.3, 9); // 18.3 − 15
    expect(today.cddday).toBe(0);
    expect(today.gddday).toBe(5); // (20 + 10) / 2 − 10
  });

  it('leaves out yesterday and the buckets after now; no place, no ET₀', () => {
    const yesterday = { time: hour - 86400, span: 300, aggs: { tempc0: one(0) } };
    const later = { time: hour + 7200, span: 300, aggs: { tempc0: one(0) } };
    const today = climateToday([yesterday, ...fives, later], hour + 3600, { ...s, latitude: null });
    expect(today.cddday).toBeCloseTo(19.7, 9);
    expect(today.et0day).toBeNull();
  });

  it('is all null without a temperature', () => {
    expect(climateToday([], hour, s)).toEqual({ et0day: null, hddday: null, cddday: null, gddday: null });
  });

  describe('a whole day at once (an import) is each moment as ingest computes it alone', () => {
    // A Paris day (UTC+1 in November) of 5-minute readings of a varying temperature, humidity, wind and sun.
    const paris = { ...s, timeZone: 'Europe/Paris', latitude: 48.85, longitude: 2.35, elevation: 35 };
    const day = localDays(
      Date.UTC(2024, 10, 5, 12) / 1000,
      Date.UTC(2024, 10, 5, 12) / 1000 + 1,
      paris.timeZone,
    )[0];
    const reading = (t: number, solar: boolean) => {
      const v = 8 + 6 * Math.sin((t - day.start) / 13750);
      const aggs: Record<string, Agg> = { tempc0: one(v), humc0: one(70 - v), windspd: one(1 + (t % 7) / 3) };
      if (solar) aggs.solarrad = one(Math.max(0, 400 * Math.sin(((t - day.start) / 86400) * Math.PI)));
      return aggs;
    };
    for (const solar of [true, false])
      it(`${solar ? 'with' : 'without'} a solar sensor: every slot the same, the day's end the report's day`, () => {
        const buckets: ClimateBucket[] = [];
        const probes: TodayProbe[] = [];
        const alone: ClimateToday[] = [];
        for (let t = day.start + 40; t < day.end; t += 300) {
          const own = { time: t, span: 0, aggs: reading(t, solar) };
          const slot = t - (t % 300);
          alone.push(climateToday([...buckets, own], t, paris, day));
          probes.push({ time: t, upTo: slot, extra: [own] });
          buckets.push({ time: slot, span: 300, aggs: own.aggs });
        }
        const all = climateTodayAt(buckets, probes, paris, day);
        expect(all).toEqual(alone);
        expect(all).toHaveLength(288);
        expect(all[150].et0day).toBeGreaterThan(0);
        // At every slot, climateHours over every bucket so far (none merged, nothing kept from the slot before)
        // gives the same ET₀ so far.
        probes.forEach((p, i) => {
          let et0 = 0;
          for (const h of climateHours([...buckets.slice(0, i), p.extra[0]], paris))
            et0 +=
              (h.et0 ?? 0) *
              Math.max(0, (Math.min(p.time, h.time + 3600) - Math.max(day.start, h.time)) / 3600);
          expect(all[i].et0day ?? 0, `slot ${i}`).toBe(Math.round(et0 * 100) / 100);
        });
        // At the day's end its degree days are the climate report's for the day.
        const report = summariseDay({ ...day, buckets }, paris);
        expect(all.at(-1)?.hddday).toBeCloseTo(report.hdd as number, 2);
        expect(all.at(-1)?.gddday).toBeCloseTo(report.gdd as number, 2);
      });
  });
});
