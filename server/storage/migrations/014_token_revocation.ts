// Ending sessions (issue #10): every token carries its user's `sessionVersion`; a password change or reset adds
// one to it, which ends every older token of that user on every process. A logout ends only its own token:
// its id (`jti`) is kept in `revokedTokens` until the token would have expired anyway.
// Idempotent answers remember which request they answered (`request`: a hash of method, path, id and body), so
// a key sent again with another request is refused instead of replaying an unrelated answer.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('sessionVersion').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('revokedTokens', (t) => {
    t.string('jti', 64).primary();
    t.bigInteger('expiresAt').notNullable().index();
  });
  // Stored answers were keyed by path and key only; they cannot be matched to a request: drop them.
  await knex('idempotency').delete();
  await knex.schema.alterTable('idempotency', (t) => {
    t.string('request', 64).notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency', (t) => {
    t.dropColumn('request');
  });
  await knex.schema.dropTableIfExists('revokedTokens');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('sessionVersion');
  });
}
