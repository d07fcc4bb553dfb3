// The frame of every dashboard card: icon, title, status dot, details toggle, card menu; body; details when
// expanded; the graph when the card is expanded or in the display settings' graphList (an expanded card or one
// with its graph open spans the whole row of the grid).
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { useBrowserOnline } from '../components/useLink';
import styles from './CardShell.module.css';
import { CardMenu, useCardMenu, useLongPress } from './cardMenu';
import type { CardStatus } from './status';

/** True while the link to the server is down (CardGrid provides it from the top bar's rule, components/useLink). */
export const LinkDown = createContext(false);

export function StatusDot({ status }: { status: CardStatus }) {
  const { t } = useLingui();
  const browserOnline = useBrowserOnline();
  const linkDown = useContext(LinkDown);
  const online = browserOnline && !linkDown;
  if (status === 'none') return null;
  // Words, not a colour: a sensor that never reported is no state of health.
  if (status === 'nodata') return <span className={styles.nodata}>{t`No data`}</span>;
  // Offline nothing new arrives: a grey dot that says so, not a green "Up to date" until the reading ages
  // (issue 32).
  if (!online) {
    const offline = t`Offline: not updating`;
    return (
      <span className={`${styles.dot} ${styles.offline}`} role="img" aria-label={offline} title={offline} />
    );
  }
  const label =
    status === 'fresh'
      ? t`Up to date`
      : status === 'stale'
        ? t`No update for over 5 minutes`
        : t`Sensor lost`;
  return <span className={`${styles.dot} ${styles[status]}`} role="img" aria-label={label} title={label} />;
}

export function CardShell({
  cardKey,
  title,
  icon: Icon,
  color,
  status,
  expanded,
  onToggle,
  details,
  graph,
  children,
}: {
  cardKey: string;
  title: string;
  icon: LucideIcon;
  color: string;
  status: CardStatus;
  expanded: boolean;
  onToggle?: () => void;
  details?: ReactNode;
  /** The card's graph: shown when the card is in graphList (inside the details outside a dashboard). */
  graph?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const detailsId = useId();
  const menu = useCardMenu();
  const longPress = useLongPress(menu ? () => menu.setOpenMenu(cardKey) : null);
  // Opening a card shows its graph (issue 22: where Help says it is); the menu's "Show graph" keeps one open.
  const graphOn = graph !== undefined && (expanded || (menu?.graphList.includes(cardKey) ?? false));
  return (
    <article
      className={`${styles.card} ${expanded || graphOn ? styles.expanded : ''}`}
      aria-labelledby={titleId}
      data-card={cardKey}
      style={{ ['--card-color' as string]: color }}
      {...longPress}
    >
      <header className={styles.header}>
        <Icon size={18} className={styles.icon} aria-hidden="true" />
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <StatusDot status={status} />
        {details !== undefined && onToggle && (
          <button
            type="button"
            className={styles.toggle}
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={expanded ? t`Hide details: ${title}` : t`Show details: ${title}`}
          >
            <ChevronDown size={18} aria-hidden="true" className={expanded ? styles.flip : ''} />
          </button>
        )}
        <CardMenu cardKey={cardKey} title={title} hasGraph={graph !== undefined} />
      </header>
      <div className={styles.body}>{children}</div>
      {expanded && details !== undefined && (
        <div id={detailsId} className={styles.details}>
          {details}
        </div>
      )}
      {graphOn && <div className={styles.graph}>{graph}</div>}
    </article>
  );
}

/** The grid of 2-4 small readings under the primary one. */
export function SecondaryGrid({ children }: { children: ReactNode }) {
  return <dl className={styles.secondaryGrid}>{children}</dl>;
}
