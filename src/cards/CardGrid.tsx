// A station's cards in their order, each behind its memo boundary (CardSlot): the dashboard and the public
// station page lay them out alike.

import type { CSSProperties, ReactNode, Ref } from 'react';
import { useLink } from '../components/useLink';
import type { CardDef } from '../domain';
import { LinkDown } from './CardShell';
import { CardSlot } from './CardSlot';
import { cardComponent } from './registry';
import type { CardDataProps } from './sameCardData';

export interface CardGridProps extends Omit<CardDataProps, 'def' | 'expanded'> {
  cards: CardDef[];
  /** Keys of the cards showing their details and graph. */
  expanded: ReadonlySet<string>;
  className: string;
  /** The kiosk's fitted grid (dashboard/useKioskFit). */
  gridRef?: Ref<HTMLDivElement>;
  style?: CSSProperties;
}

/**
 * The link state for the cards' dots: when the top bar says "Offline" (the server unreachable too, not only the
 * browser's network) the dots are grey (issue 32). Its own component, so its 1 s tick re-renders no card.
 */
function CardsLink({ children }: { children: ReactNode }) {
  return <LinkDown.Provider value={useLink() === 'offline'}>{children}</LinkDown.Provider>;
}

export function CardGrid({ cards, expanded, className, gridRef, style, ...shared }: CardGridProps) {
  return (
    <CardsLink>
      <div className={className} ref={gridRef} style={style} data-fitted={style ? '' : undefined}>
        {cards.map((def) => {
          const Card = cardComponent(def);
          if (!Card) return null;
          return (
            <CardSlot key={def.key} Card={Card} def={def} expanded={expanded.has(def.key)} {...shared} />
          );
        })}
      </div>
    </CardsLink>
  );
}
