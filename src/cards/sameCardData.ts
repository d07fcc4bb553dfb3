// When a dashboard card may skip a render: nothing it shows changed. A live sample replaces the whole Latest
// object and the clock ticks every few seconds, but a card shows only its own metrics, its status dot and (in
// its graph) the 5-minute bucket of the newest sample; cards that show the time itself also follow the clock.
import { cardStatus } from './status';
import type { CardProps, Latest, MinMax } from './types';

/** Cards whose content follows the clock (sun position, "last strike 3 min ago"). */
const CLOCK_CARDS = new Set(['sunMoon', 'lightning']);

/** Every key a card may show: its metrics, primary and secondaries. */
export function cardKeys(def: CardProps['def']): string[] {
  const keys = new Set(def.metrics);
  if (def.primary) keys.add(def.primary);
  for (const k of def.secondary) keys.add(k);
  return [...keys];
}

const sameRecord = <T extends object>(a: T, b: T) => {
  if (a === b) return true;
  const ka = Object.keys(a) as (keyof T)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
};

const samePair = (a?: [number, number], b?: [number, number]) =>
  a === b || (!!a && !!b && a[0] === b[0] && a[1] === b[1]);

function sameReadings(a: Latest | undefined, b: Latest | undefined, keys: string[]): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return keys.every((k) => Object.is(a.sample?.[k], b.sample?.[k]) && a.changes?.[k] === b.changes?.[k]);
}

function sameMinMax(a: MinMax | undefined, b: MinMax | undefined, keys: string[]): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return keys.every((k) => samePair(a.min[k], b.min[k]) && samePair(a.max[k], b.max[k]));
}

/** The 5-minute bucket of the newest sample: a new one reloads the card's graph. */
const bucketOf = (latest: Latest | undefined) => (latest?.time ? Math.floor(latest.time / 300) : null);

export interface CardDataProps extends Omit<CardProps, 'onToggle'> {
  onToggle: (key: string) => void;
}

/** React.memo comparison of two renders of one card: true when the card would show the same. */
export function sameCardData(prev: CardDataProps, next: CardDataProps): boolean {
  if (
    prev.def !== next.def ||
    prev.device !== next.device ||
    prev.expanded !== next.expanded ||
    prev.onToggle !== next.onToggle ||
    !sameRecord(prev.prefs, next.prefs)
  )
    return false;
  if (CLOCK_CARDS.has(next.def.key) && prev.now !== next.now) return false;
  const keys = cardKeys(next.def);
  return (
    sameReadings(prev.latest, next.latest, keys) &&
    sameMinMax(prev.minMax, next.minMax, keys) &&
    // The dot by age alone: the link key the dot also reads is one of the card's keys, compared above.
    cardStatus(prev.latest, prev.now) === cardStatus(next.latest, next.now) &&
    bucketOf(prev.latest) === bucketOf(next.latest)
  );
}
