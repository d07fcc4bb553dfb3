// The account's country (spec §3 Account page; issue #12): an ISO 3166-1 alpha-2 code, or null (not given).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('country', 2);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('country');
  });
}
