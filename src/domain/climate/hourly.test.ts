import { describe, expect, it } from 'vitest';
import type { Agg } from '../aggregate';
import { et0Hourly, extraterrestrialHourly } from './et0';
import { climateHours } from './hourly';
import { defaultClimateSettings } from './summary';

const one = (v: number): Agg => [1, v, v, v, v];

describe('hourly ET₀ from buckets', () => {
  // FAO-56 Example 19's afternoon hour as a station would report it: 38 °C, 52 %, 3.3 m/s at 2 m, and
  // 2.450 MJ m⁻² h⁻¹ = 680.6 W/m² of sun, at N'Diaye (16°13'N, 16°15'W, 8 m) on 1 October, 15:00–16:00 UTC.
  const s = {
    ...defaultClimateSettings('UTC'),
    latitude: 16 + 13 / 60,
    longitude: -(16 + 15 / 60),
    elevation: 8,
    anemometerHeight: 2,
  };
  const hour = Date.UTC(2001, 9, 1, 15) / 1000;
  const b = (time: number, aggs: Record<string, Agg>) => ({ time, span: 300, aggs });

  it('gives the example’s 0.63 mm/hour from the hour’s 5-minute buckets', () => {
    const w = 2.45 / 0.0036;
    const hours = climateHours(
      [
        b(hour, { tempc0: one(38), humc0: one(52), windspd: one(3.3), solarrad: one(w) }),
        b(hour + 1800, { tempc0: one(38), humc0: one(52), windspd: one(3.3), solarrad: one(w) }),
      ],
      s,
    );
    expect(hours).toHaveLength(1);
    expect(hours[0].time).toBe(hour);
    expect(hours[0].et0).toBeCloseTo(0.63, 2);
  });

  it('without a solar sensor takes the clear-sky share Hargreaves gives the day', () => {
    // The day ranges 24..38 °C: Rs/Rso = 0.16 √14 / (0.75 + 0.00016).
    const hours = climateHours(
      [
        b(hour - 9 * 3600, { tempc0: one(24), humc0: one(90) }),
        b(hour, { tempc0: one(38), humc0: one(52), windspd: one(3.3) }),
      ],
      s,
    );
    const ra = extraterrestrialHourly(s.latitude, s.longitude, 274, 15.5);
    const ratio = (0.16 * Math.sqrt(14)) / (0.75 + 2e-5 * 8);
    const rs = ratio * (0.75 + 2e-5 * 8) * ra;
    expect(hours[1].et0).toBeCloseTo(et0Hourly({ t: 38, rh: 52, u2: 3.3, rs, ra, elevation: 8 }), 6);
    expect(hours[0].et0).not.toBeNull();
  });

  it('has no ET₀ without a position or humidity', () => {
    const none = climateHours([b(hour, { tempc0: one(20) })], s);
    expect(none[0]).toEqual({ time: hour, tempMean: 20, et0: null });
    const nowhere = climateHours([b(hour, { tempc0: one(20), humc0: one(50) })], { ...s, longitude: null });
    expect(nowhere[0].et0).toBeNull();
  });
});
