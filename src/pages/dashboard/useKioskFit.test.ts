import { describe, expect, it } from 'vitest';
import { pagesOf } from './useKioskFit';

describe('kiosk pages (issue 22)', () => {
  const span = (c: string) => (c === 'battery' ? 2 : 1);

  it('place cards as the dense grid does, a tall card taking two rows of a column', () => {
    const cards = ['a', 'b', 'battery', 'c', 'd', 'e', 'f'];
    expect(pagesOf(cards, span, 2, 2)).toEqual([
      ['a', 'b'],
      ['battery', 'c', 'd'],
      ['e', 'f'],
    ]);
    expect(pagesOf(cards, span, 4, 2)).toEqual([cards]);
  });

  it('a tall card that finds no two free rows in a column starts the next page', () => {
    // 3 × 2: a, b, c fill the first row, d and e the second: one cell left, not two above each other.
    expect(pagesOf(['a', 'b', 'c', 'd', 'e', 'battery'], span, 3, 2)).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ['battery'],
    ]);
  });

  it('a card taller than a page still gets a page (its whole column)', () => {
    expect(pagesOf(['big', 'x'], (c) => (c === 'big' ? 9 : 1), 1, 3)).toEqual([['big'], ['x']]);
  });
});
