import { describe, expect, it } from 'vitest';
import { readingWords } from './cards';

describe('readingWords', () => {
  it('gives the in-card name of a reading without a channel', () => {
    expect(readingWords('tempin')?.id).toMatch(/^reading\./);
  });

  it('gives the channel name of a numbered reading, one digit only', () => {
    expect(readingWords('tempc4')).toEqual({ id: 'reading.channel.temp', message: 'Temperature' });
    expect(readingWords('leakc1')).toEqual({ id: 'reading.channel.leak', message: 'Leak' });
    expect(readingWords('tfc2')).toEqual({ id: 'reading.channel.tf', message: 'Temperature' });
    expect(readingWords('tempc12')).toBeUndefined();
    expect(readingWords('xtempc1')).toBeUndefined();
  });

  it('is undefined for a key without an in-card name', () => {
    expect(readingWords('nope')).toBeUndefined();
  });
});

describe('readingWords and inherited names', () => {
  it('does not take a name inherited from Object for a reading', () => {
    expect(readingWords('toString')).toBeUndefined();
    expect(readingWords('constructor')).toBeUndefined();
  });
});
