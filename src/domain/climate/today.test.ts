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

// Issue 30: the survivors of the mutation run; every subject computed inside its test.
describe('the day so far, edges', () => {
  const place = () => ({
    ...defaultClimateSettings('UTC'),
    latitude: 16 + 13 / 60,
    longitude: -(16 + 15 / 60),
    elevation: 8,
    anemometerHeight: 2,
  });
  const hour = Date.UTC(2001, 9, 1, 15) / 1000;
  const full = (t: number) => ({
    time: t,
    span: 300,
    aggs: { tempc0: one(38), humc0: one(52), windspd: one(3.3), solarrad: one(2.45 / 0.0036) },
  });

  it('no ET₀ without both coordinates', () => {
    const today = climateToday([full(hour)], hour + 1800, { ...place(), longitude: null });
    expect(today.et0day).toBeNull();
    expect(today.cddday).toBeCloseTo(19.7, 9);
  });

  it('no ET₀ from hours without humidity; none for an hour that has not yet run a second', () => {
    const dry = { time: hour, span: 300, aggs: { tempc0: one(20) } };
    // 20 °C: 1.7 cooling degree days (20 − 18.3), ET₀ unknown without humidity.
    expect(climateToday([dry], hour + 1800, place())).toEqual({
      et0day: null,
      hddday: 0,
      cddday: 1.7,
      gddday: 10,
    });
    // At the very start of the hour nothing of it has passed: no ET₀ yet, the degree days already.
    expect(climateToday([full(hour)], hour, place())).toMatchObject({ et0day: null, cddday: 19.7 });
  });

  it('a bucket without temperature readings changes neither the high nor the low', () => {
    // 20 °C, then a bucket with no temperature reading (count 0): GDD (20 + 20) / 2 − 10 = 10.
    const warm = { time: hour, span: 300, aggs: { tempc0: one(20) } };
    const none = { time: hour + 300, span: 300, aggs: { tempc0: [0, 0, 0, 0, 0] as Agg } };
    const noTemp = { time: hour + 600, span: 300, aggs: { humc0: one(50) } };
    const s = { ...place(), latitude: null };
    expect(climateToday([warm, none, noTemp], hour + 900, s)).toEqual({
      et0day: null,
      hddday: 0,
      cddday: 1.7,
      gddday: 10,
    });
  });

  it('the first reading sets the high even below zero (a base of −10 °C)', () => {
    // −5 °C alone with a base of −10: (−5 + −5) / 2 + 10 = 5 growing degree days.
    const s = { ...place(), latitude: null, gddBase: -10 };
    const cold = { time: hour, span: 300, aggs: { tempc0: one(-5) } };
    expect(climateToday([cold], hour + 300, s).gddday).toBe(5);
  });

  it('takes the buckets in time order, whatever order they come in', () => {
    // A bucket after now listed first: the earlier one still counts (20 °C: 1.7 cooling).
    const s = { ...place(), latitude: null };
    const early = { time: hour, span: 300, aggs: { tempc0: one(20) } };
    const late = { time: hour + 3600, span: 300, aggs: { tempc0: one(0) } };
    expect(climateToday([late, early], hour + 600, s).cddday).toBe(1.7);
  });

  it('at midnight exactly, the day that starts then', () => {
    const midnight = Date.UTC(2001, 9, 2) / 1000;
    const s = { ...place(), latitude: null };
    const first = { time: midnight, span: 300, aggs: { tempc0: one(20) } };
    expect(climateToday([first], midnight, s)).toEqual({ et0day: null, hddday: 0, cddday: 1.7, gddday: 10 });
  });

  it('the day’s end leaves out the next day’s first bucket', () => {
    const start = Date.UTC(2001, 9, 1) / 1000;
    const day = { start, end: start + 86400, date: '2001-10-01' };
    const s = { ...place(), latitude: null };
    const buckets = [
      { time: start + 3600, span: 300, aggs: { tempc0: one(20) } },
      { time: day.end, span: 300, aggs: { tempc0: one(0) } },
    ];
    expect(climateTodayAt(buckets, [{ time: day.end, upTo: day.end + 1, extra: [] }], s, day)).toEqual([
      { et0day: null, hddday: 0, cddday: 1.7, gddday: 10 },
    ]);
  });
});

describe('a hot day at once, the hours passed computed again when what they depend on changes', () => {
  // N'Diaye (FAO-56 Example 19's place) on 1 October 2001, UTC: 5-minute readings from 06:00 to midnight of a
  // temperature rising to 36 °C, dry air and wind; the pyranometer reports only from `solarFrom` to `solarUntil`
  // (UTC hours): other hours estimate the sun from the day's range (which still moves), the night's hours take
  // the ratio of the hours before them.
  const s = () => ({
    ...defaultClimateSettings('UTC'),
    latitude: 16 + 13 / 60,
    longitude: -(16 + 15 / 60),
    elevation: 8,
    anemometerHeight: 2,
  });
  const start = Date.UTC(2001, 9, 1) / 1000;
  const day = { start, end: start + 86400, date: '2001-10-01' };
  for (const [solarFrom, solarUntil] of [
    [0, 0],
    [0, 19],
    [0, 24],
    [19, 24],
  ])
    it(`pyranometer from ${solarFrom}:00 until ${solarUntil}:00: each slot is climateHours' ET₀ so far`, () => {
      const buckets: ClimateBucket[] = [];
      const probes: TodayProbe[] = [];
      for (let t = start + 6 * 3600 + 40; t < day.end; t += 300) {
        const x = (t - start) / 86400;
        const aggs: Record<string, Agg> = {
          // Up to 36 °C in the afternoon, then falling to new lows through the night (the range still moves).
          tempc0: one(
            22 +
              14 * Math.sin(Math.PI * Math.min(1, Math.max(0, (x - 0.25) / 0.5))) -
              40 * Math.max(0, x - 0.75),
          ),
          windspd: one(2 + ((t / 300) % 5)),
        };
        // The hygrometer comes in at 10:20, in the middle of an hour.
        if (t >= start + 10 * 3600 + 1200) aggs.humc0 = one(30 + 20 * x);
        if (t >= start + solarFrom * 3600 && t < start + solarUntil * 3600)
          aggs.solarrad = one(Math.max(0, 900 * Math.sin(Math.PI * ((x - 0.29) / 0.5))));
        const own = { time: t, span: 0, aggs };
        const slot = t - (t % 300);
        probes.push({ time: t, upTo: slot, extra: [own] });
        buckets.push({ time: slot, span: 300, aggs });
      }
      const all = climateTodayAt(buckets, probes, s(), day);
      expect(all.at(-1)?.et0day).toBeGreaterThan(3);
      probes.forEach((p, i) => {
        let et0 = 0;
        for (const h of climateHours([...buckets.slice(0, i), p.extra[0]], s()))
          et0 +=
            (h.et0 ?? 0) * Math.max(0, (Math.min(p.time, h.time + 3600) - Math.max(start, h.time)) / 3600);
        expect(all[i].et0day ?? 0, `slot ${i}`).toBeCloseTo(Math.round(et0 * 100) / 100, 6);
      });
    });
});

describe('hours that start in the day before, and hours without a temperature', () => {
  // A station at N'Diaye (16.2° N, 16.25° W) kept on India's clock: its local day starts at 18:30 UTC, while the
  // sun is still up there (it sets near 19:00 UTC in October). The 18:00 UTC hour starts in the day before, so it
  // takes that day's temperature range (none here), as climateHours gives it; the hours after take this day's.
  const s = () => ({
    ...defaultClimateSettings('Asia/Kolkata'),
    latitude: 16 + 13 / 60,
    longitude: -(16 + 15 / 60),
    elevation: 8,
    anemometerHeight: 2,
  });
  const probeAll = (aggsAt: (t: number) => Record<string, Agg>) => {
    const day = localDays(
      Date.UTC(2001, 9, 2, 6) / 1000,
      Date.UTC(2001, 9, 2, 6) / 1000 + 1,
      'Asia/Kolkata',
    )[0];
    const buckets: ClimateBucket[] = [];
    const probes: TodayProbe[] = [];
    for (let t = day.start + 40; t < day.start + 3 * 3600; t += 300) {
      const own = { time: t, span: 0, aggs: aggsAt(t) };
      probes.push({ time: t, upTo: t - (t % 300), extra: [own] });
      buckets.push({ time: t - (t % 300), span: 300, aggs: own.aggs });
    }
    return { day, buckets, probes, all: climateTodayAt(buckets, probes, s(), day) };
  };

  it('each slot is climateHours’ ET₀ over the buckets so far', () => {
    expect(
      localDays(Date.UTC(2001, 9, 2, 6) / 1000, Date.UTC(2001, 9, 2, 6) / 1000 + 1, 'Asia/Kolkata')[0].start,
    ).toBe(Date.UTC(2001, 9, 1, 18, 30) / 1000);
    const { day, buckets, probes, all } = probeAll((t) => ({
      tempc0: one(30 - (t % 7200) / 600),
      humc0: one(40),
      windspd: one(3),
    }));
    expect(all.at(-1)?.et0day).toBeGreaterThan(0);
    probes.forEach((p, i) => {
      let et0 = 0;
      for (const h of climateHours([...buckets.slice(0, i), p.extra[0]], s()))
        et0 +=
          (h.et0 ?? 0) * Math.max(0, (Math.min(p.time, h.time + 3600) - Math.max(day.start, h.time)) / 3600);
      expect(all[i].et0day ?? 0, `slot ${i}`).toBeCloseTo(Math.round(et0 * 100) / 100, 6);
    });
  });

  it('hours with humidity and wind but no temperature have no ET₀ and no degree days, at every slot', () => {
    const { all } = probeAll(() => ({ humc0: one(40), windspd: one(3) }));
    expect(all).toHaveLength(36);
    for (const today of all)
      expect(today).toEqual({ et0day: null, hddday: null, cddday: null, gddday: null });
  });
});
