// Both engines keep one contract (engine.ts), and db.ts tells which one runs without Knex's internals. Runs on
// SQLite and on the PostgreSQL of TEST_DATABASE_URL (or the local default, as pg-writer.test.ts does).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { Upload } from './buckets';
import { engineOf, openStorage, type Storage } from './db';
import { migrate } from './migrate';

const PG = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const T0 = Date.parse('2026-11-20T10:00:00Z') / 1000;
const ID = 'cccccccccccccccccccccccc';
let opened: Storage[] = [];

async function open(engine: 'sqlite' | 'pg') {
  let database = ':memory:';
  if (engine === 'pg') {
    const url = new URL(PG);
    url.searchParams.set('schema', `t_engine_${process.pid}_${Math.floor(Math.random() * 1e9)}`);
    database = url.toString();
  }
  const storage = await openStorage(database);
  opened.push(storage);
  await migrate(storage.knex);
  await storage
    .knex('users')
    .insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
  const row = { wsid: 'w', stationKey: 'k', name: 'n', user: 'u'.repeat(24), createdAt: 0, updatedAt: 0 };
  await storage.knex('weatherDevices').insert({ ...row, _id: ID });
  return storage;
}

afterEach(async () => {
  for (const s of opened) {
    if (s.engine === 'pg') {
      const schema = (await s.knex.raw('select current_schema() as s')).rows[0].s;
      await s.knex.raw(`DROP SCHEMA ${schema} CASCADE`);
    }
    await s.close();
  }
  opened = [];
});

describe.each(['sqlite', 'pg'] as const)('%s engine', (name) => {
  test('is the one its database names, in a transaction and in a migration too', async () => {
    const storage = await open(name);
    expect(storage.engine).toBe(name);
    expect(engineOf(storage.knex)).toBe(name);
    expect(await storage.knex.transaction(async (trx) => engineOf(trx))).toBe(name);
    // Migration 009 asks it inside the migration's transaction: migrated rows prove it answered.
    expect((await storage.knex('weatherDevices').where({ _id: ID }).first('seq')).seq).toBe(1);
  });

  test('a batch is answered in order and readable as stored rows plus the open bucket', async () => {
    const storage = await open(name);
    const engine = storage.openEngine();
    expect(await engine.seqOf(ID)).toBe(1);
    expect(await engine.seqOf('d'.repeat(24))).toBeUndefined();
    const upload = (dt: number, tempc0: number): Upload => ({
      id: ID,
      seq: 1,
      tz: 'UTC',
      time: T0 + dt,
      values: { tempc0 },
    });
    // Two buckets in one batch, the second left open; then one upload more into it.
    const first = await engine.writeBatch([upload(0, 10), upload(16, 12), upload(16, 99), upload(300, 20)]);
    expect(first.map((r) => [r.stored, r.fiveMinute.time, r.fiveMinute.aggs.tempc0])).toEqual([
      [true, T0, [1, 10, 10, 10, 10]],
      [true, T0, [2, 22, 10, 12, 12]],
      [false, T0, [2, 22, 10, 12, 12]],
      [true, T0 + 300, [1, 20, 20, 20, 20]],
    ]);
    await engine.writeBatch([upload(316, 22)]);

    // What a reader sees: stored rows, with the open bucket (if the engine holds one) laid over them.
    const view = async () => {
      const rows = (await engine.range('buckets5m', 1, T0, T0 + 600)).map((r) => ({ time: Number(r.time) }));
      const open = engine.openBucket(ID);
      const times = new Set([...rows.map((r) => r.time), ...(open ? [open.time] : [])]);
      const samples = (await engine.range('samples', 1, T0, T0 + 600)).length + engine.waiting(ID).length;
      return { buckets: [...times].sort(), samples, open: open?.aggs.tempc0 };
    };
    const before = await view();
    expect(before.buckets).toEqual([T0, T0 + 300]);
    expect(before.samples).toBe(4);
    if (before.open) expect(before.open).toEqual([2, 42, 20, 22, 22]);

    await engine.closeBuckets();
    expect(engine.openBucket(ID)).toBeUndefined();
    expect(engine.waiting(ID)).toEqual([]);
    expect((await engine.range('buckets5m', 1, T0, T0 + 600)).map((r) => Number(r.time))).toEqual([
      T0,
      T0 + 300,
    ]);
    expect(Number((await engine.newest('samples', 1))?.time)).toBe(T0 + 316);
    expect((await engine.range('samples', 1, T0, T0 + 600)).length).toBe(4);
  });
});

test('engineOf refuses a Knex that openStorage did not open, rather than guess', () => {
  const foreign = { userParams: {} } as unknown as Storage['knex'];
  expect(() => engineOf(foreign)).toThrow('not opened by openStorage');
});

test('no file of the server or the benches reaches into Knex internals', () => {
  const root = join(import.meta.dirname, '..', '..');
  const files = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  // Spelled in pieces so this file does not find itself.
  const internal = new RegExp(['knex\\.cli', 'ent\\b'].join(''));
  const offenders = [...files('server'), ...files('bench')].filter((f) =>
    internal.test(readFileSync(join(root, f), 'utf8')),
  );
  expect(offenders).toEqual([]);
});
