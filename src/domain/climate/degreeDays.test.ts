import { describe, expect, it } from 'vitest';
import { coolingDegreeDays, growingDegreeDays, heatingDegreeDays, isChillHour } from './degreeDays';

describe('heating and cooling degree days (base 18.3 °C = 65 °F)', () => {
  it('count the distance of the day mean below or above the base', () => {
    expect(heatingDegreeDays(10.3)).toBeCloseTo(8, 9);
    expect(coolingDegreeDays(10.3)).toBe(0);
    expect(coolingDegreeDays(25.3)).toBeCloseTo(7, 9);
    expect(heatingDegreeDays(25.3)).toBe(0);
  });
  it('take another base', () => {
    expect(heatingDegreeDays(10, 15.5)).toBeCloseTo(5.5, 9);
    expect(coolingDegreeDays(20, 15.5)).toBeCloseTo(4.5, 9);
  });
});

describe('growing degree days (base 10 °C, cap 30 °C)', () => {
  it('average high and low held between base and cap', () => {
    expect(growingDegreeDays(24, 12)).toBeCloseTo(8, 9); // (24 + 12) / 2 − 10
    expect(growingDegreeDays(34, 20)).toBeCloseTo(15, 9); // high capped at 30: (30 + 20) / 2 − 10
    expect(growingDegreeDays(20, 4)).toBeCloseTo(5, 9); // low raised to 10: (20 + 10) / 2 − 10
    expect(growingDegreeDays(8, 2)).toBe(0);
    expect(growingDegreeDays(20, 4, 5, 25)).toBeCloseTo(7.5, 9); // (20 + 5) / 2 − 5
  });
});

describe('chill hours', () => {
  it('are hours between 0 and 7.2 °C', () => {
    expect(isChillHour(0)).toBe(true);
    expect(isChillHour(7.2)).toBe(true);
    expect(isChillHour(7.3)).toBe(false);
    expect(isChillHour(-0.1)).toBe(false);
  });
});
