// The language a user's app speaks (a catalog id such as 'de' or 'zh-Hant'), so alert e-mails and pushes, and
// other mails sent without a request, reach them in it (server/i18n/locale.ts). Null: not known yet (English).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('locale', 16);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('locale');
  });
}
