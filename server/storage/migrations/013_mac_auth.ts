// Identification by MAC becomes opt-in per station (`macAuth`), and a MAC may be claimed by one station only:
// anyone who knows a MAC could otherwise upload as that station, and a second account registering the same MAC
// received the first one's data. The claim is a partial unique index on the passkey (MD5 of the MAC) of the
// stations with macAuth on: the same SQL on SQLite and PostgreSQL, and a station without a MAC (passkey NULL)
// is never matched. Consoles now identify by the station key in the path (/data/report/<key>), looked up by
// the new stationKey index.
//
// Existing stations: a MAC registered on one station only keeps working (macAuth on), so consoles in the field
// keep uploading. A MAC registered on several stations is switched off on all of them: we cannot tell which
// owner the console belongs to, and each owner has to type the path key (or claim the MAC) themselves.
import type { Knex } from 'knex';

export const MAC_CLAIM_INDEX = 'weatherDevices_mac_claim';
const KEY_INDEX = 'weatherDevices_station_key';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.boolean('macAuth').notNullable().defaultTo(false);
  });
  const macs: { passkey: string; n: number | string }[] = await knex('weatherDevices')
    .whereNotNull('passkey')
    .groupBy('passkey')
    .select('passkey')
    .count({ n: '*' });
  const single = macs.filter((m) => Number(m.n) === 1).map((m) => m.passkey);
  for (let i = 0; i < single.length; i += 500)
    await knex('weatherDevices')
      .whereIn('passkey', single.slice(i, i + 500))
      .update({ macAuth: true });
  await knex.raw(`CREATE UNIQUE INDEX "${MAC_CLAIM_INDEX}" ON "weatherDevices" (passkey) WHERE "macAuth"`);
  await knex.raw(`CREATE INDEX "${KEY_INDEX}" ON "weatherDevices" ("stationKey")`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS "${MAC_CLAIM_INDEX}"`);
  await knex.raw(`DROP INDEX IF EXISTS "${KEY_INDEX}"`);
  await knex.schema.alterTable('weatherDevices', (t) => {
    t.dropColumn('macAuth');
  });
}
