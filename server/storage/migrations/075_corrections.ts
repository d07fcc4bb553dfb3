// Corrections and provenance (issue 24; src/domain/corrections.ts):
// - sampleCorrections: a station's edit log. Each correction (remove or set, one metric or all, a range, a
//   reason, who and when) with what it changed in the raw samples (`changes`, JSON [time, before, after]), so it
//   can be undone (undoneAt, undoneBy) and the log shows old → new.
// - sampleSources: where stored samples came from, as ranges per station (a column on the samples would cost
//   every upload a wider row; a station changes its source rarely). A console's run (`to` null) holds from its
//   first upload until the next run; an import's or a backfill's range is closed and wins where it covers.
//   Rows stored before this migration: a done import's or backfill's range is recovered from the hours and days
//   its chunks recorded; everything else is 'console' (the protocol was not recorded then).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sampleCorrections', (t) => {
    t.string('_id', 24).primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.string('metric', 40).notNullable();
    t.bigInteger('from').notNullable();
    t.bigInteger('to').notNullable();
    t.string('action', 8).notNullable();
    t.double('value').nullable();
    t.string('reason', 300).notNullable();
    t.string('user', 24).nullable();
    t.bigInteger('createdAt').notNullable();
    t.integer('samples').notNullable();
    t.text('before').notNullable();
    t.text('after').notNullable();
    t.text('changes').notNullable();
    t.bigInteger('undoneAt').nullable();
    t.string('undoneBy', 24).nullable();
    t.index(['device', 'createdAt']);
  });
  await knex.schema.createTable('sampleSources', (t) => {
    t.increments('id').primary();
    t.string('device', 24).notNullable().references('_id').inTable('weatherDevices').onDelete('CASCADE');
    t.bigInteger('from').notNullable();
    t.bigInteger('to').nullable();
    t.string('source', 24).notNullable();
    t.string('job', 24).nullable();
    t.index(['device', 'from']);
  });
  const jobs = await knex('importJobs').where({ status: 'done' }).select('_id', 'device', 'source');
  for (const job of jobs) {
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    for (const row of await knex('importChanges').where({ job: job._id }).select('data')) {
      const changes = JSON.parse(row.data) as { hours?: [number][]; days?: [number][] };
      for (const [time] of [...(changes.hours ?? []), ...(changes.days ?? [])]) {
        from = Math.min(from, Number(time));
        to = Math.max(to, Number(time) + 3599);
      }
    }
    if (!Number.isFinite(from)) continue;
    await knex('sampleSources').insert({
      device: job.device,
      from,
      to,
      source: job.source === 'backfill' ? 'backfill' : 'import',
      job: job._id,
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sampleSources');
  await knex.schema.dropTableIfExists('sampleCorrections');
}
