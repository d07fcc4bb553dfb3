// Cards whose code loads after the visit's first paint (issue 21's bundle budget). CardSlot draws every card
// inside a Suspense boundary whose fallback is CardPlace: until a later card's code is there, its place in the
// grid holds its title, so nothing moves when it arrives.
import { type ComponentType, lazy } from 'react';
import { afterFirstPaint } from '../components/firstPaint';
import styles from './CardShell.module.css';
import { cardTitle } from './labels';
import type { CardProps } from './types';

export function laterCard(load: () => Promise<ComponentType<CardProps>>): ComponentType<CardProps> {
  return lazy(() =>
    afterFirstPaint()
      .then(load)
      .then((c) => ({ default: c })),
  );
}

/** A card's place while its code loads. */
export function CardPlace({ cardKey }: { cardKey: string }) {
  return (
    <article className={styles.card} data-card={cardKey} aria-busy="true">
      <header className={styles.header}>
        <h2 className={styles.title}>{cardTitle(cardKey)}</h2>
      </header>
    </article>
  );
}
