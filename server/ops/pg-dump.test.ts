import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dumpedSchema, pgTarget } from './pg-dump';

describe('pgTarget', () => {
  test("the portal's URL becomes libpq's variables, the password never on a command line", () => {
    const t = pgTarget(
      'postgres://portal:p%40ss%2Fw0rd@db.example:6543/weather?schema=portal&sslmode=require',
    );
    expect(t.schema).toBe('portal');
    expect(t.connection).toBe('postgres://portal:p%40ss%2Fw0rd@db.example:6543/weather?sslmode=require');
    expect(t.env).toEqual({
      PGHOST: 'db.example',
      PGPORT: '6543',
      PGDATABASE: 'weather',
      PGUSER: 'portal',
      PGPASSWORD: 'p@ss/w0rd',
      PGSSLMODE: 'require',
    });
  });

  test('without ?schema the tables are in public; a schema name is checked', () => {
    expect(pgTarget('postgresql://localhost/weather')).toMatchObject({
      schema: 'public',
      env: { PGHOST: 'localhost', PGPORT: '5432', PGDATABASE: 'weather' },
    });
    expect(() => pgTarget('postgres://localhost/weather?schema=a;drop')).toThrow(/Invalid schema name/);
  });
});

test('dumpedSchema reads the schema a one-schema pg_dump creates, and refuses anything else', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pgdump-'));
  const dump = join(dir, 'a.sql');
  writeFileSync(
    dump,
    '--\n-- PostgreSQL database dump\n--\nSET x = 1;\n\nCREATE SCHEMA bk_src_1;\n\nCREATE TABLE bk_src_1.t (id int);\n',
  );
  expect(await dumpedSchema(dump)).toBe('bk_src_1');
  const other = join(dir, 'b.sql');
  writeFileSync(other, 'CREATE TABLE public.t (id int);\nCREATE SCHEMA late;\n');
  await expect(dumpedSchema(other)).rejects.toThrow(/Not a pg_dump of one schema/);
});
