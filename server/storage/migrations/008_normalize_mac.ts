// MAC addresses typed without separators were stored as typed (AABBCC000001), so the Ecowitt PASSKEY derived
// from them (MD5 of the text) never matched what the console sends: MD5 of AA:BB:CC:00:00:01. One stored form.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { normalizeMac } from '../../../src/domain/validate';

export async function up(knex: Knex): Promise<void> {
  const rows: { _id: string; mac: string }[] = await knex('weatherDevices')
    .whereNotNull('mac')
    .select('_id', 'mac');
  for (const row of rows) {
    const mac = normalizeMac(row.mac);
    if (!mac || mac === row.mac) continue;
    const passkey = createHash('md5').update(mac).digest('hex').toUpperCase();
    await knex('weatherDevices').where({ _id: row._id }).update({ mac, passkey });
  }
}

export async function down(): Promise<void> {}
