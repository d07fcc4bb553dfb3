// Accounts: password-reset codes, OAuth identities and avatars.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // Hash (HMAC) of the 6-digit reset code, its expiry and the wrong guesses made against it.
    t.string('resetCode', 100);
    t.bigInteger('resetExpires');
    t.integer('resetAttempts').notNullable().defaultTo(0);
    t.string('googleId', 64).unique();
    t.string('facebookId', 64).unique();
  });
  await knex.schema.createTable('avatars', (t) => {
    t.string('user', 24).primary().references('_id').inTable('users').onDelete('CASCADE');
    t.string('mime', 32).notNullable();
    t.integer('size').notNullable();
    t.binary('data').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('avatars');
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['googleId']);
    t.dropUnique(['facebookId']);
    t.dropColumns('resetCode', 'resetExpires', 'resetAttempts', 'googleId', 'facebookId');
  });
}
