// Kiosk fits the wall (issue 22): the grid of a fullscreen dashboard sized so every card is on screen, or, when
// they cannot all be read at once, pages of as many as fit, cycled. Pure: the dashboard measures the space.

export interface KioskLayout {
  cols: number;
  rows: number;
  /** Height of a row of cards (px). */
  rowHeight: number;
  perPage: number;
  pages: number;
}

export interface KioskFitOptions {
  /** Narrowest card that still reads (px): the widest reading, "1,013.2 hPa", at the kiosk's size. */
  minWidth?: number;
  /** Lowest card that holds a title, the large reading and a row of small ones (px). */
  minHeight?: number;
  /** Gap between cards (px). */
  gap?: number;
  /** A card's width to height at its best (cards are wider than high). */
  aspect?: number;
}

/**
 * Columns and rows for `count` cards in `width` × `height` px: the arrangement whose cards are largest (at the
 * cards' aspect) among those showing them all; when none can, pages of the most cards that fit.
 */
export function kioskLayout(
  width: number,
  height: number,
  count: number,
  o: KioskFitOptions = {},
): KioskLayout {
  const minW = o.minWidth ?? 300;
  const minH = o.minHeight ?? 230;
  const gap = o.gap ?? 16;
  const aspect = o.aspect ?? 1.5;
  const n = Math.max(1, count);
  const maxCols = Math.max(1, Math.floor((width + gap) / (minW + gap)));
  const maxRows = Math.max(1, Math.floor((height + gap) / (minH + gap)));
  const cell = (cols: number, rows: number) => ({
    w: (width - gap * (cols - 1)) / cols,
    h: (height - gap * (rows - 1)) / rows,
  });
  let best: { cols: number; rows: number; size: number } | null = null;
  for (let cols = 1; cols <= maxCols; cols++) {
    const rows = Math.ceil(n / cols);
    if (rows > maxRows) continue;
    const { w, h } = cell(cols, rows);
    // How large a card of the best aspect can be in this cell.
    const size = Math.min(w, h * aspect);
    if (!best || size > best.size) best = { cols, rows, size };
  }
  if (best) {
    const { h } = cell(best.cols, best.rows);
    return { cols: best.cols, rows: best.rows, rowHeight: Math.floor(h), perPage: n, pages: 1 };
  }
  const perPage = maxCols * maxRows;
  const { h } = cell(maxCols, maxRows);
  return { cols: maxCols, rows: maxRows, rowHeight: Math.floor(h), perPage, pages: Math.ceil(n / perPage) };
}
