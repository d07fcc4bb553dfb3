// A PostgreSQL schema of its own for a benchmark's server processes (bench/ingest-server.ts reads these
// variables), dropped afterwards.
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';

export function pgSchema(name: string) {
  const pg = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${name}_${process.pid}`;
  const url = new URL(pg);
  url.searchParams.set('schema', schema);
  return {
    env: {
      BENCH_DATABASE: url.toString(),
      BENCH_SECRET: randomBytes(32).toString('hex'),
    },
    async drop() {
      const knex = knexFactory({ client: 'pg', connection: pg });
      await knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await knex.destroy();
    },
  };
}
