// One answer to "what was today's strongest gust": the highest of the gusts the portal received and the
// console's own daily maximum (it samples more often than it uploads), with the time it was first reached.
// The wind card's details table and its "Max gust today" both show it, so they always agree.
import type { Latest, MinMax } from './types';

export function todayGustMax(minMax: MinMax | undefined): [number, number] | undefined {
  const ours = minMax?.max?.gust;
  const consoles = minMax?.max?.maxdailygust;
  if (!ours) return consoles;
  if (!consoles) return ours;
  return consoles[0] > ours[0] ? consoles : ours;
}

/** minMax and latest with the gust maximum and "Max gust today" made the same. */
export function withAgreedGust(
  minMax: MinMax | undefined,
  latest: Latest | undefined,
): { minMax: MinMax | undefined; latest: Latest | undefined } {
  const best = todayGustMax(minMax);
  if (!best || !minMax) return { minMax, latest };
  // A console that sends no daily maximum still has one: the highest gust the portal received today.
  return {
    minMax: { ...minMax, max: { ...minMax.max, gust: best } },
    latest: latest?.sample ? { ...latest, sample: { ...latest.sample, maxdailygust: best[0] } } : latest,
  };
}
