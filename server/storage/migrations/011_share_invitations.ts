// Sharing by invitation (issue #10): an owner invites an e-mail address to a station; nothing of the recipient
// is visible until they accept. `email` is the address the owner typed (lower case); `recipient` is set only
// on acceptance (the account that accepted). Access itself stays in weatherDevices.shareUsers, which holds
// accepted recipients only. Existing shares become accepted invitations so the owner can list and revoke them.
import type { Knex } from 'knex';
import { objectId } from '../ids';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shareInvitations', (t) => {
    t.string('_id', 24).primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.string('owner', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE').index();
    t.string('email', 254).notNullable().index();
    t.string('recipient', 24).references('_id').inTable('users').onDelete('CASCADE').index();
    /** pending | accepted | declined (kept, so the owner keeps seeing pending and is not mailed again). */
    t.string('status', 16).notNullable();
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
    t.unique(['device', 'email']);
  });
  const shared: { _id: string; user: string; shareUsers: string }[] = await knex('weatherDevices')
    .whereNot('shareUsers', '[]')
    .select('_id', 'user', 'shareUsers');
  const now = Date.now();
  for (const d of shared) {
    let ids: unknown;
    try {
      ids = JSON.parse(d.shareUsers);
    } catch {
      continue;
    }
    if (!Array.isArray(ids) || ids.length === 0) continue;
    const users: { _id: string; email: string }[] = await knex('users')
      .whereIn(
        '_id',
        ids.filter((x) => typeof x === 'string'),
      )
      .select('_id', 'email');
    const rows = users
      .filter((u) => u._id !== d.user)
      .map((u) => ({
        _id: objectId(now),
        device: d._id,
        owner: d.user,
        email: u.email,
        recipient: u._id,
        status: 'accepted',
        createdAt: now,
        updatedAt: now,
      }));
    if (rows.length) await knex('shareInvitations').insert(rows);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('shareInvitations');
}
