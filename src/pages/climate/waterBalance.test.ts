import { describe, expect, it } from 'vitest';
import { balanceScale, waterBalance } from './waterBalance';

describe('water balance', () => {
  it('runs rain − ET₀ from the start, carrying it over steps without data', () => {
    const points = waterBalance([
      { label: '1', rain: null, et0: null },
      { label: '2', rain: 5, et0: 1.5 },
      { label: '3', rain: null, et0: null },
      { label: '4', rain: 0, et0: 2 },
      { label: '5', rain: 1, et0: null },
    ]);
    expect(points.map((p) => p.balance)).toEqual([null, 3.5, 3.5, 1.5, 2.5]);
    expect(balanceScale(points)).toBe(5);
    expect(balanceScale([])).toBe(1);
  });
});
