// Alert rules get an `_id` each, so one rule can be changed or removed on its own ($set/$pull on
// `settings.<_id>`). Gives one to every stored rule that lacks it.
import type { Knex } from 'knex';
import { objectId } from '../ids';

export async function up(knex: Knex): Promise<void> {
  const rows: { _id: string; settings: string }[] = await knex('alertSettings').select('_id', 'settings');
  for (const row of rows) {
    const rules = JSON.parse(row.settings) as Record<string, unknown>[];
    if (rules.every((r) => typeof r._id === 'string')) continue;
    const withIds = rules.map((r) => (typeof r._id === 'string' ? r : { _id: objectId(), ...r }));
    await knex('alertSettings')
      .where({ _id: row._id })
      .update({ settings: JSON.stringify(withIds) });
  }
}

export async function down(knex: Knex): Promise<void> {
  const rows: { _id: string; settings: string }[] = await knex('alertSettings').select('_id', 'settings');
  for (const row of rows) {
    const rules = (JSON.parse(row.settings) as Record<string, unknown>[]).map(({ _id, ...r }) => r);
    await knex('alertSettings')
      .where({ _id: row._id })
      .update({ settings: JSON.stringify(rules) });
  }
}
