import { describe, expect, it } from 'vitest';
import { kioskLayout } from './kioskLayout';

// The space a fullscreen dashboard has at each wall size (the kiosk bar and the station header taken off).
const space = (w: number, h: number) => [w - 48, h - 150] as const;

describe('kiosk layout (issue 22: kiosk fits the wall)', () => {
  it('shows every card at once where they can be read, from 1280×800 to 3840×2160', () => {
    for (const [w, h, count] of [
      [1280, 800, 6],
      [1920, 1080, 12],
      [2560, 1440, 16],
      [3840, 2160, 16],
    ] as const) {
      const l = kioskLayout(...space(w, h), count);
      expect(l.pages, `${w}×${h}`).toBe(1);
      expect(l.cols * l.rows, `${w}×${h}`).toBeGreaterThanOrEqual(count);
      expect(l.rowHeight).toBeGreaterThanOrEqual(230);
      expect((space(w, h)[0] - 16 * (l.cols - 1)) / l.cols).toBeGreaterThanOrEqual(300);
    }
  });

  it('prefers fewer, larger cards when there is room', () => {
    expect(kioskLayout(...space(3840, 2160), 4)).toMatchObject({ cols: 2, rows: 2, pages: 1 });
    expect(kioskLayout(...space(1920, 1080), 1)).toMatchObject({ cols: 1, rows: 1 });
  });

  it('cycles pages when the cards cannot all be read at once (16 cards at 1024×768)', () => {
    const l = kioskLayout(...space(1024, 768), 16);
    expect(l).toMatchObject({ cols: 3, rows: 2, perPage: 6, pages: 3 });
    expect(l.rowHeight).toBeGreaterThanOrEqual(230);
  });
});

// Exact layouts at the edges of the defaults (cards ≥ 300 × 230 px, 16 px gaps, aspect 1.5), worked by hand:
// n columns fit when n·300 + (n − 1)·16 ≤ width, i.e. (width + 16) / 316 ≥ n; rows likewise with 246.
describe('kiosk layout, worked cases', () => {
  it('three columns fit exactly in 932 px and two rows in 476 px; 931 × 475 px holds one column and row fewer', () => {
    // 3 × 300 + 2 × 16 = 932; 2 × 230 + 16 = 476: pages of 6, rows (476 − 16) / 2 = 230 high.
    expect(kioskLayout(932, 476, 100)).toStrictEqual({
      cols: 3,
      rows: 2,
      rowHeight: 230,
      perPage: 6,
      pages: 17,
    });
    expect(kioskLayout(931, 475, 100)).toStrictEqual({
      cols: 2,
      rows: 1,
      rowHeight: 475,
      perPage: 2,
      pages: 50,
    });
    // Three rows in 3 × 230 + 2 × 16 = 722 px: (722 − 32) / 3 = 230.
    expect(kioskLayout(932, 722, 100)).toStrictEqual({
      cols: 3,
      rows: 3,
      rowHeight: 230,
      perPage: 9,
      pages: 12,
    });
  });

  it('the widest arrangement counts when it is the only one that fits', () => {
    // 5 cards, at most 3 × 2: two columns would need 3 rows, so 3 × 2 showing all 5 on one page.
    expect(kioskLayout(932, 476, 5)).toStrictEqual({
      cols: 3,
      rows: 2,
      rowHeight: 230,
      perPage: 5,
      pages: 1,
    });
  });

  it('picks the arrangement with the largest card', () => {
    // 4 cards in 700 × 1000 (at most 2 columns, 4 rows): 1 × 4 gives min(700, 238 × 1.5) = 357 px wide cards,
    // 2 × 2 gives min((700 − 16) / 2, 492 × 1.5) = 342: one column.
    expect(kioskLayout(700, 1000, 4)).toStrictEqual({
      cols: 1,
      rows: 4,
      rowHeight: 238,
      perPage: 4,
      pages: 1,
    });
    // 2 cards in 750 × 500: 1 × 2 gives min(750, 242 × 1.5) = 363, 2 × 1 gives min(367, 500 × 1.5) = 367.
    expect(kioskLayout(750, 500, 2)).toStrictEqual({
      cols: 2,
      rows: 1,
      rowHeight: 500,
      perPage: 2,
      pages: 1,
    });
  });

  it('of two arrangements with cards of one size, the one with fewer columns', () => {
    // 4 cards in 1000 × 300 with cards ≥ 100 px high: 2 × 2 and 3 × 2 are both held by the height,
    // 142 × 1.5 = 213 px wide (columns of 492 and 322.7 px).
    expect(kioskLayout(1000, 300, 4, { minHeight: 100 })).toStrictEqual({
      cols: 2,
      rows: 2,
      rowHeight: 142,
      perPage: 4,
      pages: 1,
    });
  });
});
