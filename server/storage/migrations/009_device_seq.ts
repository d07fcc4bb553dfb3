// Samples and buckets are keyed by a small integer per device (weatherDevices.seq) instead of the 24-character
// id: the (device, time) index of the raw samples takes an insert per upload, and with text keys that insert
// cost twice as much (bigger entries, more pages touched). Sequence numbers are never reused: a SERIAL on
// PostgreSQL, a counter row and a trigger on SQLite (rowid alone may be reused after a delete).
import type { Knex } from 'knex';
import { engineOf } from '../db';

const TABLES = ['samples', 'buckets5m', 'buckets1h', 'buckets1d'] as const;

export async function up(knex: Knex): Promise<void> {
  const pg = engineOf(knex) === 'pg';
  if (pg) {
    await knex.raw('ALTER TABLE "weatherDevices" ADD COLUMN "seq" serial');
    await knex.raw('ALTER TABLE "weatherDevices" ADD CONSTRAINT "weatherDevices_seq_unique" UNIQUE ("seq")');
  } else {
    await knex.raw('ALTER TABLE weatherDevices ADD COLUMN seq INTEGER');
    await knex.raw('UPDATE weatherDevices SET seq = rowid');
    await knex.raw('CREATE UNIQUE INDEX weatherDevices_seq_unique ON weatherDevices (seq)');
    await knex.raw('CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    await knex.raw(
      "INSERT INTO counters (name, value) SELECT 'weatherDevices', COALESCE(MAX(seq), 0) FROM weatherDevices",
    );
    await knex.raw(`CREATE TRIGGER weatherDevices_seq AFTER INSERT ON weatherDevices WHEN NEW.seq IS NULL BEGIN
      UPDATE counters SET value = value + 1 WHERE name = 'weatherDevices';
      UPDATE weatherDevices SET seq = (SELECT value FROM counters WHERE name = 'weatherDevices') WHERE rowid = NEW.rowid;
    END`);
  }
  for (const name of TABLES) {
    await knex.schema.createTable(`${name}_seq`, (t) => {
      t.integer('device').notNullable().references('seq').inTable('weatherDevices').onDelete('CASCADE');
      t.bigInteger('time').notNullable();
      if (name === 'samples' && pg) t.text('data').notNullable();
      else t.binary('data').notNullable();
      t.primary(['device', 'time']);
    });
    await knex.raw(
      `INSERT INTO ?? (device, time, data) SELECT d.seq, s.time, s.data FROM ?? s JOIN ?? d ON d._id = s.device`,
      [`${name}_seq`, name, 'weatherDevices'],
    );
    await knex.schema.dropTable(name);
    await knex.schema.renameTable(`${name}_seq`, name);
  }
}

export async function down(): Promise<void> {
  throw new Error('009_device_seq cannot be undone');
}
