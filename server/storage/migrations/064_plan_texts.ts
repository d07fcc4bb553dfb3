// Plans say what they give (issue #22): the seeded plans sold alerts and exports as premium (every account has
// them) and the Free plan promised 7 days of history where every account keeps a year. Seeded plans an admin
// has not changed get the texts and the store period of src/domain/plans.ts; edited ones are left alone.
import type { Knex } from 'knex';
import { DEFAULT_PLANS } from '../../../src/domain/plans';

/** The seeds of migration 006 before this one. */
const OLD: Record<string, { description: string; storeDays: number; features: string[] }> = {
  Free: {
    description: 'Live data and a week of history for one station.',
    storeDays: 7,
    features: ['Live data', '7 days of 5-minute history'],
  },
  'Premium monthly': {
    description: 'A year of detailed history, alerts and exports, billed monthly.',
    storeDays: 366,
    features: ['Live data', '1 year of 5-minute history', 'E-mail and push alerts', 'CSV and Excel export'],
  },
  'Premium yearly': {
    description: 'Premium for a year at the price of ten months.',
    storeDays: 366,
    features: ['Live data', '1 year of 5-minute history', 'E-mail and push alerts', 'CSV and Excel export'],
  },
  Lifetime: {
    description: 'Premium that never expires.',
    storeDays: 3650,
    features: ['Live data', '10 years of 5-minute history', 'E-mail and push alerts', 'CSV and Excel export'],
  },
};

export async function up(knex: Knex): Promise<void> {
  for (const row of await knex('subscriptionPlans').select(
    '_id',
    'name',
    'description',
    'storeDays',
    'features',
  )) {
    const old = OLD[row.name];
    const seed = DEFAULT_PLANS.find((p) => p.name === row.name);
    if (!old || !seed) continue;
    let features: { _id: string; text: string }[] = [];
    try {
      features = JSON.parse(row.features);
    } catch {
      continue;
    }
    const unchanged =
      row.description === old.description &&
      Number(row.storeDays) === old.storeDays &&
      JSON.stringify(features.map((f) => f.text)) === JSON.stringify(old.features);
    if (!unchanged) continue;
    const id = features[0]?._id ?? row._id;
    await knex('subscriptionPlans')
      .where({ _id: row._id })
      .update({
        description: seed.description,
        storeDays: seed.storeDays,
        features: JSON.stringify(seed.features.map((text, i) => ({ _id: features[i]?._id ?? id, text }))),
        updatedAt: Date.now(),
      });
  }
}

export async function down(): Promise<void> {}
