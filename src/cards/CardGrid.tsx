// A station's cards in their order, each behind its memo boundary (CardSlot): the dashboard and the public
// station page lay them out alike.

import type { CardDef } from '../domain';
import { CardSlot } from './CardSlot';
import { cardComponent } from './registry';
import type { CardDataProps } from './sameCardData';

export interface CardGridProps extends Omit<CardDataProps, 'def' | 'expanded'> {
  cards: CardDef[];
  /** Keys of the cards showing their details and graph. */
  expanded: ReadonlySet<string>;
  className: string;
}

export function CardGrid({ cards, expanded, className, ...shared }: CardGridProps) {
  return (
    <div className={className}>
      {cards.map((def) => {
        const Card = cardComponent(def);
        if (!Card) return null;
        return <CardSlot key={def.key} Card={Card} def={def} expanded={expanded.has(def.key)} {...shared} />;
      })}
    </div>
  );
}
