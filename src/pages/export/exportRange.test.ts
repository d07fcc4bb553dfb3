import { describe, expect, it } from 'vitest';
import { defaultDays, exportWindow, MAX_EXPORT_DAYS, periodError } from './exportRange';

describe('export period', () => {
  it('spans both days from local midnight, also across a daylight-saving change', () => {
    expect(exportWindow('2026-01-01', '2026-01-02', 'UTC')).toEqual({
      start: Date.UTC(2026, 0, 1) / 1000,
      end: Date.UTC(2026, 0, 3) / 1000,
    });
    const spring = exportWindow('2026-03-29', '2026-03-29', 'Europe/Prague');
    expect(spring).toEqual({
      start: Date.UTC(2026, 2, 28, 23) / 1000,
      end: Date.UTC(2026, 2, 29, 22) / 1000,
    });
  });

  it('has no window for a reversed or unreadable period', () => {
    expect(exportWindow('2026-01-02', '2026-01-01', 'UTC')).toBeNull();
    expect(exportWindow('', '2026-01-01', 'UTC')).toBeNull();
    expect(exportWindow('2026-01-xx', '2026-01-01', 'UTC')).toBeNull();
  });

  it(`refuses a missing window and more than ${MAX_EXPORT_DAYS} days`, () => {
    expect(periodError(null)).toBe('invalidTimePeriod');
    const start = Date.UTC(2025, 0, 1) / 1000;
    expect(periodError({ start, end: start + MAX_EXPORT_DAYS * 86400 })).toBeNull();
    expect(periodError({ start, end: start + (MAX_EXPORT_DAYS + 1) * 86400 })).toBe('invalidTimePeriod');
  });

  it('starts with the last 7 days, today included, in the station’s zone', () => {
    const now = Date.UTC(2026, 5, 10, 23, 30) / 1000; // already June 11 in Prague
    expect(defaultDays(now, 'Europe/Prague')).toEqual({ from: '2026-06-05', to: '2026-06-11' });
    expect(defaultDays(now, 'UTC')).toEqual({ from: '2026-06-04', to: '2026-06-10' });
  });
});
