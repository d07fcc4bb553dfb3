// The open card menu (cardMenu.tsx): react-aria's popover anchored to the card's menu button, and its menu. Its own
// chunk, loaded when a menu first opens (issue 21's bundle budget). Focus goes to the first item, and back to the
// button when the menu closes.
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChartLine, EyeOff } from 'lucide-react';
import type { RefObject } from 'react';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import styles from './CardShell.module.css';
import type { CardMenuActions } from './cardMenu';

type Action = 'hide' | 'graph' | 'up' | 'down';

export default function CardMenuPopover({
  triggerRef,
  cardKey,
  label,
  hasGraph,
  ctx,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  cardKey: string;
  label: string;
  hasGraph: boolean;
  ctx: CardMenuActions;
}) {
  const { t } = useLingui();
  const index = ctx.order.indexOf(cardKey);
  const graphOn = ctx.graphList.includes(cardKey);
  const disabled: Action[] = [];
  if (index <= 0) disabled.push('up');
  if (index < 0 || index >= ctx.order.length - 1) disabled.push('down');
  const close = () => ctx.setOpenMenu(null);
  const run = (key: Action) => {
    if (key === 'hide') ctx.hide(cardKey);
    else if (key === 'graph') ctx.toggleGraph(cardKey);
    else ctx.move(cardKey, key === 'up' ? -1 : 1);
  };
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => {
        if (!open) close();
      }}
      className={styles.menuPopover}
      placement="bottom end"
    >
      <Menu
        className={styles.menu}
        aria-label={label}
        autoFocus="first"
        disabledKeys={disabled}
        onAction={(key) => run(key as Action)}
        onClose={close}
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
  );
}
