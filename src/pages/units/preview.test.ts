import { describe, expect, it } from 'vitest';
import { dateText, previewReadings } from './preview';

describe('unit preview', () => {
  it('writes the date in the chosen order', () => {
    const d = new Date(2026, 2, 7);
    expect(dateText(d, 'DD/MM')).toBe('07/03/2026');
    expect(dateText(d, 'MM/DD')).toBe('03/07/2026');
  });

  it('shows the barometer reading the user prefers, not both', () => {
    const keys = (b: 'Abs' | 'Rel') => previewReadings(b).map(([k]) => k);
    expect(keys('Abs')).toContain('absbaro');
    expect(keys('Abs')).not.toContain('relbaro');
    expect(keys('Rel')).toContain('relbaro');
    expect(keys('Rel')).not.toContain('absbaro');
    expect(keys('Rel')).toHaveLength(9);
  });
});
