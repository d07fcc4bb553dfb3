import { describe, expect, it } from 'vitest';
import { coveringPeriods, needsPlan, periodOf, readingsAllowed } from './planGate';

describe('needsPlan', () => {
  it('is true for the paid types 7, 10, 11, 12 and 13 only (spec §3)', () => {
    expect([...Array(14).keys()].filter(needsPlan)).toEqual([7, 10, 11, 12, 13]);
  });
});

describe('periodOf', () => {
  it('binds a period ordered for a station to that station only', () => {
    const mine = periodOf({ _id: 'd1', macAuth: false });
    expect(mine({ device: 'd1' })).toBe(true);
    expect(mine({ device: 'd2' })).toBe(false);
    expect(periodOf({ _id: 'd1', macAuth: true })({ device: 'd2' })).toBe(false);
  });

  it('binds a period granted by MAC to the station that claimed the MAC', () => {
    expect(periodOf({ _id: 'd1', macAuth: true })({ device: null })).toBe(true);
    expect(periodOf({ _id: 'd1', macAuth: 1 })({})).toBe(true);
    expect(periodOf({ _id: 'd1', macAuth: 0 })({ device: null })).toBe(false);
    expect(periodOf({ _id: 'd1' })({})).toBe(false);
    expect(periodOf({ _id: 'd1', macAuth: null })({ device: '' })).toBe(false);
  });
});

describe('coveringPeriods', () => {
  const p = (start: number, end: number | null, deviceTypes = [7]) => ({ start, end, deviceTypes });

  it('keeps the periods active now that cover the type: from their start, until before their end', () => {
    const periods = [p(100, 200), p(200, null), p(50, 100), p(101, 300), p(0, null, [10])];
    expect(coveringPeriods(7, periods, 100)).toEqual([p(100, 200)]);
    expect(coveringPeriods(7, periods, 200)).toEqual([p(200, null), p(101, 300)]);
    expect(coveringPeriods(10, periods, 5)).toEqual([p(0, null, [10])]);
    expect(coveringPeriods(11, periods, 150)).toEqual([]);
  });

  it('is active now by default', () => {
    expect(coveringPeriods(7, [p(0, null), p(Date.now() + 60_000, null)])).toEqual([p(0, null)]);
  });
});

describe('readingsAllowed', () => {
  const covered = [{ start: 0, end: null, deviceTypes: [7] }];

  it('serves free types without a plan', () => {
    expect(readingsAllowed({ consoletype: 1 }, [])).toBe(true);
  });

  it('serves a paid type only with a MAC and a covering period', () => {
    expect(readingsAllowed({ consoletype: 7, mac: 'AA:BB:CC:DD:EE:FF' }, covered, 10)).toBe(true);
    expect(readingsAllowed({ consoletype: 7, mac: null }, covered, 10)).toBe(false);
    expect(readingsAllowed({ consoletype: 7, mac: '' }, covered, 10)).toBe(false);
    expect(readingsAllowed({ consoletype: 7, mac: 'AA:BB:CC:DD:EE:FF' }, [], 10)).toBe(false);
    expect(readingsAllowed({ consoletype: 12, mac: 'AA:BB:CC:DD:EE:FF' }, covered, 10)).toBe(false);
    expect(
      readingsAllowed(
        { consoletype: 7, mac: 'AA:BB:CC:DD:EE:FF' },
        [{ start: 0, end: 5, deviceTypes: [7] }],
        10,
      ),
    ).toBe(false);
  });

  it('judges now by default', () => {
    const future = [{ start: Date.now() + 60_000, end: null, deviceTypes: [7] }];
    expect(readingsAllowed({ consoletype: 7, mac: 'AA:BB:CC:DD:EE:FF' }, future)).toBe(false);
    expect(readingsAllowed({ consoletype: 7, mac: 'AA:BB:CC:DD:EE:FF' }, covered)).toBe(true);
  });
});
