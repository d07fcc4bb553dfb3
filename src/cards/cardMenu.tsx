// The dashboard's card menu (docs/ui.md "A card"): hide, show/hide graph, move up/down. The dashboard provides the
// actions through context (they write the device display settings); a card outside a dashboard has no menu.
// On touch, a long press of 1000 ms opens the menu; moving the finger more than 20 px cancels it (spec §9).
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChartLine, EllipsisVertical, EyeOff } from 'lucide-react';
import { createContext, type PointerEvent, useContext, useEffect, useRef } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
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

type Action = 'hide' | 'graph' | 'up' | 'down';

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
  if (!ctx) return null;
  const index = ctx.order.indexOf(cardKey);
  const graphOn = ctx.graphList.includes(cardKey);
  const disabled: Action[] = [];
  if (index <= 0) disabled.push('up');
  if (index < 0 || index >= ctx.order.length - 1) disabled.push('down');
  const run = (key: Action) => {
    if (key === 'hide') ctx.hide(cardKey);
    else if (key === 'graph') ctx.toggleGraph(cardKey);
    else ctx.move(cardKey, key === 'up' ? -1 : 1);
  };
  return (
    <MenuTrigger
      isOpen={ctx.openMenu === cardKey}
      onOpenChange={(open) => ctx.setOpenMenu(open ? cardKey : null)}
    >
      <Button className={styles.menuButton} aria-label={t`Card menu: ${title}`}>
        <EllipsisVertical size={18} aria-hidden="true" />
      </Button>
      <Popover className={styles.menuPopover} placement="bottom end">
        <Menu
          className={styles.menu}
          aria-label={t`Card menu: ${title}`}
          disabledKeys={disabled}
          onAction={(key) => run(key as Action)}
        >
          <MenuItem id="hide" className={styles.menuItem} textValue={t`Hide card`}>
            <EyeOff size={16} aria-hidden="true" />
            {t`Hide card`}
          </MenuItem>
          {hasGraph && (
            <MenuItem
              id="graph"
              className={styles.menuItem}
              textValue={graphOn ? t`Hide graph` : t`Show graph`}
            >
              <ChartLine size={16} aria-hidden="true" />
              {graphOn ? t`Hide graph` : t`Show graph`}
            </MenuItem>
          )}
          <MenuItem id="up" className={styles.menuItem} textValue={t`Move up`}>
            <ArrowUp size={16} aria-hidden="true" />
            {t`Move up`}
          </MenuItem>
          <MenuItem id="down" className={styles.menuItem} textValue={t`Move down`}>
            <ArrowDown size={16} aria-hidden="true" />
            {t`Move down`}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
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
