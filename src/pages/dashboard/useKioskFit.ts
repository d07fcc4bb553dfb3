// Kiosk fits the wall (issue 22): in fullscreen with readings only, the grid gets the columns and row height
// that show every card (domain/kioskLayout), measured from the space under the station's header; when they
// cannot all be read at once the cards come in pages, one after the other every PAGE_SECONDS. A card whose
// content is taller than a row (the battery list) spans the rows it needs, so nothing of it is cut off.
import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { type KioskLayout, kioskLayout } from '../../domain/kioskLayout';

export const PAGE_SECONDS = 15;
/** Narrowest screen laid out as a wall (the range starts at 1024×768). */
export const WALL_FROM = 1000;
/** The page's padding under the grid in kiosk mode (--space-5). */
const BOTTOM = 24;
const GAP = 16;

/**
 * Pages of cards on a `cols` × `rows` grid, placed as the browser's dense grid places them (row by row, each
 * card in the first cell with room for its rows below): a card that finds no room starts the next page.
 */
export function pagesOf<T>(cards: T[], span: (c: T) => number, cols: number, rows: number): T[][] {
  const pages: T[][] = [[]];
  let taken: boolean[][] = Array.from({ length: rows }, () => Array(cols).fill(false));
  const place = (n: number): boolean => {
    for (let r = 0; r + n <= rows; r++)
      for (let c = 0; c < cols; c++) {
        let free = true;
        for (let k = 0; k < n && free; k++) free = !taken[r + k][c];
        if (!free) continue;
        for (let k = 0; k < n; k++) taken[r + k][c] = true;
        return true;
      }
    return false;
  };
  for (const card of cards) {
    const n = Math.min(Math.max(1, span(card)), rows);
    if (!place(n) && pages[pages.length - 1].length > 0) {
      pages.push([]);
      taken = Array.from({ length: rows }, () => Array(cols).fill(false));
      place(n);
    }
    pages[pages.length - 1].push(card);
  }
  return pages;
}

export function useKioskFit<T extends { key: string }>(enabled: boolean, cards: T[]) {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  const [spans, setSpans] = useState<Record<string, number>>({});
  const [page, setPage] = useState(0);
  const gridRef = useCallback((node: HTMLDivElement | null) => setEl(node), []);

  useEffect(() => {
    if (!enabled || !el) {
      setBox(null);
      return;
    }
    const measure = () => {
      // A wall screen (1024 px and more); a phone in fullscreen keeps its one scrolling column.
      if (window.innerWidth < WALL_FROM) return setBox(null);
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = { width: el.clientWidth, height: window.innerHeight - top - BOTTOM };
      setBox((b) => (b && b.width === next.width && b.height === next.height ? b : next));
    };
    measure();
    // The grid's top moves when what stands above it changes height (the header's page counter, a banner, the
    // kiosk bar), which resizes the page, not the grid: both are watched.
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    ro.observe(document.body);
    if (el.parentElement) ro.observe(el.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [enabled, el]);

  // Another screen size: the cards' rows are measured again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: box is the trigger
  useEffect(() => setSpans({}), [box]);

  const spanOf = (c: T) => spans[c.key] ?? 1;
  const slots = cards.reduce((n, c) => n + spanOf(c), 0);
  // The fewest pages: a tall card may leave cells no other card fits, so a grid for a few more cells is tried
  // before the cards go into pages.
  let layout: KioskLayout | null = null;
  let pageList: T[][] = [cards];
  if (box) {
    for (let extra = 0; extra <= 4; extra++) {
      const l = kioskLayout(box.width, box.height, slots + extra, { gap: GAP });
      const p = pagesOf(cards, spanOf, l.cols, l.rows);
      if (!layout || p.length < pageList.length) {
        layout = l;
        pageList = p;
      }
      if (p.length <= l.pages) break;
    }
  }
  const pages = pageList.length;
  const current = Math.min(page, pages - 1);

  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(() => setPage((p) => (p + 1) % pages), PAGE_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [pages]);

  // Each card spans the rows its content needs (measured on screen; set on the card, read back next time).
  useLayoutEffect(() => {
    if (!el) return;
    const cardsOnScreen = [...el.querySelectorAll<HTMLElement>(':scope > article[data-card]')];
    if (!layout) {
      for (const card of cardsOnScreen) card.style.gridRow = '';
      return;
    }
    const next: Record<string, number> = { ...spans };
    let changed = false;
    for (const card of cardsOnScreen) {
      const key = card.dataset.card ?? '';
      const want = Math.min(
        layout.rows,
        Math.max(1, Math.ceil((card.scrollHeight + GAP) / (layout.rowHeight + GAP))),
      );
      card.style.gridRow = (next[key] ?? 1) > 1 ? `span ${next[key]}` : '';
      if (want > (next[key] ?? 1)) {
        next[key] = want;
        changed = true;
      }
    }
    if (changed) setSpans(next);
  });

  const style: CSSProperties | undefined = layout
    ? {
        gridTemplateColumns: `repeat(${layout.cols}, minmax(0, 1fr))`,
        gridAutoRows: `${layout.rowHeight}px`,
        gridAutoFlow: 'row dense',
        alignItems: 'stretch',
      }
    : undefined;
  return { gridRef, style, shown: pageList[current] ?? cards, page: current, pages };
}
