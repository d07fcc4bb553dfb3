import { describe, expect, it } from 'vitest';
import { pagesOf } from './useKioskFit';

describe('kiosk pages (issue 22)', () => {
  it('fill each page with the cards whose rows fit, a tall card taking two slots', () => {
    const cards = ['a', 'b', 'battery', 'c', 'd', 'e', 'f'];
    const span = (c: string) => (c === 'battery' ? 2 : 1);
    expect(pagesOf(cards, span, 4)).toEqual([
      ['a', 'b', 'battery'],
      ['c', 'd', 'e', 'f'],
    ]);
    expect(pagesOf(cards, span, 8)).toEqual([cards]);
  });

  it('a card taller than a page still gets a page of its own', () => {
    expect(pagesOf(['big', 'x'], (c) => (c === 'big' ? 9 : 1), 3)).toEqual([['big'], ['x']]);
  });
});
