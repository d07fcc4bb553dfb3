// At most one raised (active or hidden) alert per device, user, rule and sensor, enforced by the database:
// with several server processes, two could otherwise raise the same alert at the same moment (e.g. both
// sweeping for stations that stopped uploading). Earlier duplicates are cleared first, keeping the oldest.
import type { Knex } from 'knex';

const INDEX = 'alerts_one_raised';

export async function up(knex: Knex): Promise<void> {
  const raised: { _id: string; device: string; user: string; rule: string; sensor: string | null }[] =
    await knex('alerts')
      .whereIn('status', ['active', 'hidden'])
      .orderBy([{ column: 'createdAt' }, { column: '_id' }])
      .select('_id', 'device', 'user', 'rule', 'sensor');
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const a of raised) {
    const key = `${a.device}|${a.user}|${a.rule}|${a.sensor ?? ''}`;
    if (seen.has(key)) duplicates.push(a._id);
    else seen.add(key);
  }
  for (let i = 0; i < duplicates.length; i += 500)
    await knex('alerts')
      .whereIn('_id', duplicates.slice(i, i + 500))
      .update({ status: 'cleared', updatedAt: Date.now() });
  // An expression index (NULL sensors must count as one) with a condition: the same SQL on both engines.
  await knex.raw(
    `CREATE UNIQUE INDEX ${INDEX} ON alerts (device, "user", rule, COALESCE(sensor, '')) WHERE status IN ('active', 'hidden')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS ${INDEX}`);
}
