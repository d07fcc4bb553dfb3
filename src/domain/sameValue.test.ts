import { describe, expect, it } from 'vitest';
import { sameValue } from './sameValue';

describe('sameValue', () => {
  it('is true for equal plain data', () => {
    expect(sameValue(1, 1)).toBe(true);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue({ a: 1, b: { c: [1, 2], d: null } }, { b: { d: null, c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValue(new Date(5), new Date(5))).toBe(true);
  });

  it('is false for any difference', () => {
    expect(sameValue(1, 2)).toBe(false);
    expect(sameValue(0, -0)).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue(['a'], ['a', 'b'])).toBe(false);
    expect(sameValue(['a'], { 0: 'a' })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toBe(false);
    expect(sameValue(new Date(5), new Date(6))).toBe(false);
  });

  it('compares objects of other kinds by identity', () => {
    const m = new Map([[1, 2]]);
    expect(sameValue(m, m)).toBe(true);
    expect(sameValue(m, new Map([[1, 2]]))).toBe(false);
    expect(sameValue(new Float64Array([1]), new Float64Array([1]))).toBe(false);
  });
});
