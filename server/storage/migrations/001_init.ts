// Tables of the foundation. Column names are the API's field names (camelCase) so records need no mapping.
// JSON-valued columns are TEXT on both engines; samples and buckets keep their metric values as a JSON object
// so the catalogue can grow without a migration.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.string('_id', 24).primary();
    t.string('email', 254).notNullable().unique();
    t.string('password', 100);
    t.string('firstName', 100).notNullable().defaultTo('');
    t.string('lastName', 100).notNullable().defaultTo('');
    t.boolean('verified').notNullable().defaultTo(false);
    t.bigInteger('verifyTime');
    t.string('verifyCode', 100);
    t.bigInteger('verifyExpires');
    t.string('temperatureUnit', 4).notNullable().defaultTo('C');
    t.text('displaySetting');
    t.boolean('isAdmin').notNullable().defaultTo(false);
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });
  await knex.schema.createTable('weatherDevices', (t) => {
    t.string('_id', 24).primary();
    t.string('wsid', 32).notNullable().unique();
    t.string('stationKey', 64).notNullable();
    t.string('passkey', 64).index();
    t.string('name', 100).notNullable();
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE').index();
    t.text('shareUsers').notNullable().defaultTo('[]');
    t.integer('consoletype').notNullable().defaultTo(0);
    t.string('timezone', 64).notNullable().defaultTo('Asia/Hong_Kong');
    t.string('mac', 17);
    t.double('latitude');
    t.double('longitude');
    t.double('elevation');
    t.text('channelNameMapping').notNullable().defaultTo('[]');
    t.string('shareMode', 8).notNullable().defaultTo('private');
    t.integer('order').notNullable().defaultTo(0);
    t.bigInteger('lastUpload');
    t.bigInteger('lastMinMaxReset');
    t.text('unmapped').notNullable().defaultTo('{}');
    t.bigInteger('createdAt').notNullable();
    t.bigInteger('updatedAt').notNullable();
  });
  // Raw samples (kept a few days), 5-minute and device-local daily buckets (rolled up in the ingest transaction).
  // Raw samples are JSON text; buckets are packed binary records (storage/packed.ts).
  for (const name of ['samples', 'buckets5m', 'buckets1d']) {
    await knex.schema.createTable(name, (t) => {
      t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
      t.bigInteger('time').notNullable();
      if (name === 'samples') t.text('data').notNullable();
      else t.binary('data').notNullable();
      t.primary(['device', 'time']);
    });
  }
  await knex.schema.createTable('deviceDisplaySettings', (t) => {
    t.string('_id', 24).primary();
    t.string('weatherDevice', 24)
      .notNullable()
      .references('_id')
      .inTable('weatherDevices')
      .onDelete('CASCADE');
    t.string('user', 24).notNullable().references('_id').inTable('users').onDelete('CASCADE');
    t.text('metricsList').notNullable();
    t.text('detailList').notNullable();
    t.text('graphList').notNullable();
    t.string('graphRange', 16).notNullable().defaultTo('day');
    t.bigInteger('updatedAt').notNullable();
    t.unique(['user', 'weatherDevice']);
  });
  await knex.schema.createTable('idempotency', (t) => {
    t.string('key', 64).primary();
    t.string('user', 24).notNullable();
    t.text('result').notNullable();
    t.bigInteger('createdAt').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of [
    'idempotency',
    'deviceDisplaySettings',
    'buckets1d',
    'buckets5m',
    'samples',
    'weatherDevices',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(t);
  }
}
