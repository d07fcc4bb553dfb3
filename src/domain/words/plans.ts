// The texts of the seeded plans (src/domain/plans.ts, migration 006/064), declared once with stable ids so the
// subscription page shows them in the reader's language (issue 33). A plan an admin has renamed or rewritten keeps
// the admin's words as typed: only a text equal to a seed's English is translated.
import type { Translate, Words } from './types';

export const PLAN_WORDS = {
  free: /*i18n*/ { id: 'plan.free', message: 'Free' },
  monthly: /*i18n*/ { id: 'plan.monthly', message: 'Premium monthly' },
  yearly: /*i18n*/ { id: 'plan.yearly', message: 'Premium yearly' },
  lifetime: /*i18n*/ { id: 'plan.lifetime', message: 'Lifetime' },
  freeText: /*i18n*/ {
    id: 'plan.free.description',
    message: 'The readings of one station that needs a plan, with a year of history.',
  },
  monthlyText: /*i18n*/ {
    id: 'plan.monthly.description',
    message: 'The readings of up to five stations that need a plan, billed monthly.',
  },
  yearlyText: /*i18n*/ {
    id: 'plan.yearly.description',
    message: 'Premium for a year at the price of ten months.',
  },
  lifetimeText: /*i18n*/ { id: 'plan.lifetime.description', message: 'Premium that never expires.' },
  live: /*i18n*/ { id: 'plan.feature.live', message: 'Live data' },
  yearHistory: /*i18n*/ { id: 'plan.feature.yearHistory', message: '1 year of 5-minute history' },
  tenYearsHistory: /*i18n*/ { id: 'plan.feature.tenYearsHistory', message: '10 years of 5-minute history' },
  fiveStations: /*i18n*/ { id: 'plan.feature.fiveStations', message: 'Up to 5 stations per order' },
} satisfies Record<string, Words>;

const BY_TEXT = new Map<string, Words>(Object.values(PLAN_WORDS).map((w) => [w.message, w]));

/** A plan's name, description or feature in the reader's language when it is a seed's text, else as stored. */
export function planText(text: string, t: Translate): string {
  const words = BY_TEXT.get(text);
  return words ? t(words) : text;
}
