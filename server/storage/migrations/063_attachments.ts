// Uploaded attachments (issue #20): who stored which file and how large it is, so each account has a quota, and
// files no record names (their account deleted, or never recorded) can be removed from DATA_DIR/uploads.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attachments', (t) => {
    /** The path it is served at, `/uploads/[dir/]<32 hex>.<ext>`. */
    t.string('src', 120).primary();
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE').index();
    t.integer('size').notNullable();
    /** Unix ms. */
    t.bigInteger('createdAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('attachments');
}
