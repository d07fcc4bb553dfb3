// 'Show hidden cards': the cards of the station's type that the user hid (or that are hidden by default), each
// with a button that puts it back at the end of the dashboard.
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { cardTitle } from '../../cards/labels';
import type { CardDef } from '../../domain';
import type { Device } from '../../domain/contract';
import styles from './HiddenCards.module.css';

export function HiddenCards({
  cards,
  device,
  onShow,
}: {
  cards: CardDef[];
  device: Device;
  onShow: (key: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const titleOf = (c: CardDef) =>
    cardTitle(
      c.key,
      device.channelNameMapping?.find((m) => m.channel === c.channel && /^channel/.test(c.key))?.name,
    );
  return (
    <div className={styles.box}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Eye size={16} aria-hidden="true" />
        {t`Show hidden cards`}
        <span className={styles.count}>{cards.length}</span>
        <ChevronDown size={16} aria-hidden="true" className={open ? styles.flip : ''} />
      </button>
      {open && (
        <ul id={listId} className={styles.list} aria-label={t`Hidden cards`}>
          {cards.map((c) => {
            const title = titleOf(c);
            return (
              <li key={c.key}>
                {/* The name is the visible text ("Show Wind"): "Show" comes first for a screen reader and is
                    drawn at the end of the row. */}
                <button type="button" className={styles.item} onClick={() => onShow(c.key)}>
                  <span className={styles.add}>{t`Show`}</span>
                  <span>{title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
