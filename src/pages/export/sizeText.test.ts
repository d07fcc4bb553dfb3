import { describe, expect, it } from 'vitest';
import { percentOf, sizeText } from './sizeText';

describe('export progress text', () => {
  it('switches units above 512 (spec §9), in the user’s number format', () => {
    expect(sizeText(512, 'en')).toBe('512 B');
    expect(sizeText(513, 'en')).toBe('0.5 KB');
    expect(sizeText(512 * 1024, 'en')).toBe('512 KB');
    expect(sizeText(512 * 1024 + 1, 'en')).toBe('0.5 MB');
    expect(sizeText(1536, 'de')).toBe('1,5 KB');
  });

  it('gives whole percent up to 100, none while the size is unknown', () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(50, null)).toBeNull();
    expect(percentOf(50, 0)).toBeNull();
  });
});
