// Issue 22: the demo station's rain agrees with itself (17 mm/h went with 5.7 mm past hour and 0.0 mm today,
// and the month's and year's totals shrank over the week).
import { describe, expect, it } from 'vitest';
import { rainTotals, wslinkFields } from './weather';

const PRAGUE = { latitude: 50.08, longitude: 14.42 };
const T0 = Date.UTC(2026, 10, 20) / 1000;

describe('demo rain', () => {
  it('totals hold each other: past hour within today (after 01:00), today within the week, month and year', () => {
    for (let t = T0; t < T0 + 7 * 86400; t += 1800) {
      const r = rainTotals(t, PRAGUE.longitude);
      const localHour = (((t / 3600 + PRAGUE.longitude / 15) % 24) + 24) % 24;
      if (localHour >= 1.1) expect(r.hour).toBeLessThanOrEqual(r.day + 1e-9);
      expect(r.day).toBeLessThanOrEqual(r.week + 1e-9);
      expect(r.day).toBeLessThanOrEqual(r.month + 1e-9);
      expect(r.month).toBeLessThanOrEqual(r.year + 1e-9);
    }
  });

  it('a rate that lasts an hour shows in the past hour, and totals never shrink within their period', () => {
    let rained = false;
    let prev = rainTotals(T0, PRAGUE.longitude);
    for (let t = T0 + 300; t < T0 + 7 * 86400; t += 300) {
      const r = rainTotals(t, PRAGUE.longitude);
      // The year does not turn in this week: its total only grows.
      expect(r.year).toBeGreaterThanOrEqual(prev.year - 1e-9);
      if (r.rate > 0 && prev.rate > 0) {
        rained = true;
        expect(r.hour).toBeGreaterThan(0);
      }
      prev = r;
    }
    expect(rained).toBe(true);
  });

  it('the upload carries them, rounded', () => {
    const f = wslinkFields(T0 + 12 * 3600, PRAGUE);
    const r = rainTotals(T0 + 12 * 3600, PRAGUE.longitude);
    expect(f.t1raindy).toBeCloseTo(r.day, 1);
    expect(f.t1rainyr).toBeCloseTo(r.year, 1);
  });
});
