// Late readings forwarded (issue 27): a target of a network that takes past readings remembers from when it has
// readings to catch up on (unix s), set when readings older than the last one it sent reach the portal (a relay's
// backlog, a backfill) and cleared once the forwarder has sent them, in order.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploadTargets', (t) => {
    t.bigInteger('catchUpFrom').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploadTargets', (t) => {
    t.dropColumn('catchUpFrom');
  });
}
