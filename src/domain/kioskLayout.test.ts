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
