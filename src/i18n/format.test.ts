// Readings in the user's locale: negative numbers with one typographic minus and no gap; no "-0.0".
import { describe, expect, it } from 'vitest';
import { localizeNumber } from './format';

describe('localizeNumber', () => {
  it('writes negative numbers as −0.2 in every locale (U+2212, no gap)', () => {
    expect(localizeNumber('-0.2', 'en')).toBe('\u22120.2');
    expect(localizeNumber('-0.2', 'de')).toBe('\u22120,2');
    expect(localizeNumber('-1234.5', 'cs')).toMatch(/^\u22121\s?234,5$/u);
    expect(localizeNumber('-3', 'fr')).toBe('\u22123');
  });

  it('a value rounded to zero has no sign', () => {
    expect(localizeNumber('-0.0', 'en')).toBe('0.0');
  });

  it('leaves words and the no-value mark alone', () => {
    expect(localizeNumber('NNE', 'en')).toBe('NNE');
    expect(localizeNumber('---', 'en')).toBe('---');
  });
});
