// Push sessions get an owner proof (issue #10): a secret handed out once when the session is created, kept
// here only as its SHA-256. Whoever holds it may change an anonymous session; an associated session may be
// changed only by its user. Sessions created before this have no secret: anonymous ones can no longer be
// changed (the client starts a new session id), associated ones still belong to their user.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.string('secretHash', 64);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('secretHash');
  });
}
