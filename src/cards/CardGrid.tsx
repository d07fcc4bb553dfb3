// A station's cards in their order, each behind its memo boundary (CardSlot): the dashboard and the public
// station page lay them out alike.

import { type CSSProperties, type ReactNode, type Ref, startTransition, useEffect, useState } from 'react';
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

/** A phone's first screen of cards, and how many more each following frame adds. */
const FIRST_CARDS = 4;
const CARDS_PER_FRAME = 4;

/**
 * How many of `total` cards to render: a first screen's worth at once, then a few more each frame (issue 32: the
 * whole grid in one render, and its layout in one frame, were a phone's longest tasks on opening the dashboard).
 * `all`: every card at once (the kiosk's fitted grid measures them all).
 */
export function useCardsInSteps(total: number, all: boolean): number {
  const [count, setCount] = useState(FIRST_CARDS);
  const done = all || count >= total;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step (a new count) asks for the next frame's.
  useEffect(() => {
    if (done) return;
    const frame = requestAnimationFrame(() => startTransition(() => setCount((n) => n + CARDS_PER_FRAME)));
    return () => cancelAnimationFrame(frame);
  }, [done, count]);
  return all ? total : Math.min(count, total);
}

export function CardGrid({ cards, expanded, className, gridRef, style, ...shared }: CardGridProps) {
  const count = useCardsInSteps(cards.length, style !== undefined);
  return (
    <CardsLink>
      <div className={className} ref={gridRef} style={style} data-fitted={style ? '' : undefined}>
        {cards.slice(0, count).map((def) => {
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
