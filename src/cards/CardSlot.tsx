// One dashboard card behind a memo boundary (sameCardData): a live sample or a clock tick re-renders only the
// cards whose readings, status or graph bucket changed. A card whose code loads later (laterCard.tsx) holds its
// place meanwhile.
import { type ComponentType, memo, Suspense, useCallback } from 'react';
import { CardPlace } from './laterCard';
import { type CardDataProps, sameCardData } from './sameCardData';
import type { CardProps } from './types';

export interface CardSlotProps extends CardDataProps {
  Card: ComponentType<CardProps>;
}

function CardSlotView({ Card, onToggle, ...props }: CardSlotProps) {
  const key = props.def.key;
  const toggle = useCallback(() => onToggle(key), [onToggle, key]);
  return (
    <Suspense fallback={<CardPlace cardKey={key} />}>
      <Card {...props} onToggle={toggle} />
    </Suspense>
  );
}

export const CardSlot = memo(
  CardSlotView,
  (prev, next) => prev.Card === next.Card && sameCardData(prev, next),
);
