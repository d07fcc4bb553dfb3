// The dashboard's card menu (docs/ui.md "A card"): hide, show/hide graph, move up/down. The dashboard provides the
// actions through context (they write the device display settings); a card outside a dashboard has no menu.
// On touch, a long press of 1000 ms opens the menu; moving the finger more than 20 px cancels it (spec §9).
import { useLingui } from '@lingui/react/macro';
import { EllipsisVertical } from 'lucide-react';
import { createContext, lazy, type PointerEvent, Suspense, useContext, useEffect, useRef } from 'react';
import type { GraphRange } from '../domain';
import styles from './CardShell.module.css';

export const LONG_PRESS_MS = 1000;
export const LONG_PRESS_MOVE_PX = 20;

export interface CardMenuActions {
  /** Card keys in the order shown. */
  order: string[];
  graphList: string[];
  graphRange: GraphRange;
  hide(key: string): void;
  move(key: string, by: -1 | 1): void;
  toggleGraph(key: string): void;
  setGraphRange(range: GraphRange): void;
  /** The card whose menu is open (one at a time), or null. */
  openMenu: string | null;
  setOpenMenu(key: string | null): void;
}

export const CardMenuContext = createContext<CardMenuActions | null>(null);

export function useCardMenu(): CardMenuActions | null {
  return useContext(CardMenuContext);
}

// The menu itself (react-aria's popover and menu, ~40 KiB compressed) loads when a menu first opens: the cards
// paint without it (issue 21's bundle budget). A lost chunk goes to the route's error page (spec §8).
const CardMenuPopover = lazy(() => import('./CardMenuPopover'));

export function CardMenu({
  cardKey,
  title,
  hasGraph,
}: {
  cardKey: string;
  title: string;
  hasGraph: boolean;
}) {
  const { t } = useLingui();
  const ctx = useCardMenu();
  const trigger = useRef<HTMLButtonElement>(null);
  if (!ctx) return null;
  const open = ctx.openMenu === cardKey;
  const label = t`Card menu: ${title}`;
  return (
    <>
      <button
        type="button"
        ref={trigger}
        className={styles.menuButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => ctx.setOpenMenu(open ? null : cardKey)}
        onKeyDown={(e) => {
          // As a menu button: the arrow keys open the menu too.
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            ctx.setOpenMenu(cardKey);
          }
        }}
      >
        <EllipsisVertical size={18} aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <CardMenuPopover
            triggerRef={trigger}
            cardKey={cardKey}
            label={label}
            hasGraph={hasGraph}
            ctx={ctx}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Long press on touch: opens the card's menu after LONG_PRESS_MS unless the finger moved more than
 * LONG_PRESS_MOVE_PX or lifted. Mouse and pen are left alone (they have the menu button).
 */
export function useLongPress(onLongPress: (() => void) | null) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  if (!onLongPress) return {};
  return {
    onPointerDown(e: PointerEvent) {
      if (e.pointerType !== 'touch') return;
      cancel();
      fired.current = false;
      start.current = { x: e.clientX, y: e.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove(e: PointerEvent) {
      const s = start.current;
      if (!s || !timer.current) return;
      if (Math.hypot(e.clientX - s.x, e.clientY - s.y) > LONG_PRESS_MOVE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu(e: { preventDefault(): void }) {
      // The browser's own long-press menu would cover ours.
      if (fired.current || timer.current) e.preventDefault();
    },
  };
}
