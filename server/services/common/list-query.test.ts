// The generic list layer: query parsing (pure), and finds against a real table on SQLite in memory, or on
// PostgreSQL with TEST_DATABASE_URL (a schema of its own), so both engines answer the same.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStorage, type Storage } from '../../storage/db';
import { testDatabase } from '../../testing/server';
import { encodeCursor } from './list-cursor';
import { globPattern, likePattern, parseRegex } from './list-match';
import { findList, type ListSpec, type Page, parseListQuery } from './list-query';

const BY_NAME: [string, 1 | -1][] = [
  ['name', 1],
  ['_id', 1],
];
const hex = (n: number) => n.toString(16).padStart(24, '0');
const loads: string[][] = [];

const SPEC: ListSpec = {
  table: 'items',
  fields: {
    _id: { type: 'id' },
    name: { type: 'string' },
    score: { type: 'number' },
    until: { type: 'number', nulls: 'high' },
    done: { type: 'boolean' },
    parent: { type: 'id' },
    tags: { type: 'string', json: true },
  },
  sort: { name: 1 },
  populate: {
    parent: {
      field: 'parent',
      load: async (ids) => {
        loads.push(ids);
        return ids.filter((id) => id !== hex(999)).map((id) => ({ _id: id, name: `parent ${id.slice(-2)}` }));
      },
    },
  },
  fromDb: (row) => {
    const out = { ...row };
    if (typeof out.tags === 'string') out.tags = JSON.parse(out.tags);
    for (const f of ['score', 'until']) if (out[f] !== undefined && out[f] !== null) out[f] = Number(out[f]);
    if (out.done !== undefined) out.done = !!out.done;
    return out;
  },
};

/** The 400 a call throws (its message), or 'no error'. */
async function refused(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (e) {
    expect((e as { code?: number }).code, (e as Error).message).toBe(400);
    return (e as Error).message;
  }
  return 'no error';
}

describe('parseListQuery', () => {
  test('defaults: 10 rows, no skip, the spec order then _id, all fields, paginated', () => {
    expect(parseListQuery({}, SPEC)).toMatchObject({
      limit: 10,
      skip: 0,
      sort: [
        ['name', 1],
        ['_id', 1],
      ],
      select: null,
      paginate: true,
      after: null,
      populate: [],
    });
  });

  test('REST strings: $limit, $skip, $sort[field]=-1, comma $select, $paginate=false, $populate', () => {
    const q = parseListQuery(
      { $limit: '100', $skip: '20', $sort: { score: '-1' }, $select: ['name,score'], $paginate: 'false' },
      SPEC,
    );
    expect(q).toMatchObject({
      limit: 100,
      skip: 20,
      sort: [
        ['score', -1],
        ['_id', 1],
      ],
      select: ['_id', 'name', 'score'],
      paginate: false,
    });
    expect(parseListQuery({ $select: { 0: 'name', 1: 'tags' } }, SPEC).select).toEqual([
      '_id',
      'name',
      'tags',
    ]);
    expect(parseListQuery({ $populate: 'parent' }, SPEC).populate).toEqual(['parent']);
  });

  test('filters become conditions, values typed by field', () => {
    const q = parseListQuery(
      {
        score: { $gte: '2', $lt: 5 },
        done: 'true',
        until: 'null',
        _id: { $in: { 0: hex(1), 1: hex(2) } },
        $or: [{ name: { $regex: '^ab', $options: 'i' } }, { name: { $ne: 'x' } }],
      },
      SPEC,
    );
    expect(q.where).toEqual({
      and: [
        { field: 'score', op: '>=', value: 2 },
        { field: 'score', op: '<', value: 5 },
        { field: 'done', op: '=', value: true },
        { field: 'until', op: '=', value: null },
        { field: '_id', op: 'in', value: [hex(1), hex(2)] },
        {
          or: [
            {
              and: [
                {
                  field: 'name',
                  op: 'match',
                  value: { text: 'ab', start: true, end: false, caseInsensitive: true },
                },
              ],
            },
            { and: [{ field: 'name', op: '!=', value: 'x' }] },
          ],
        },
      ],
    });
  });

  test('anything unknown or malformed is a 400 that says what is wrong', async () => {
    const cases: [unknown, string][] = [
      [{ $limit: 101 }, '$limit must be a whole number 0..100'],
      [{ $limit: 'ten' }, '$limit must be a whole number 0..100'],
      [{ $skip: -1 }, '$skip must be a whole number 0..1000000'],
      [{ $sort: { name: 'up' } }, '$sort[name] must be 1 or -1'],
      [{ $sort: 'name' }, '$sort must be an object like {field: 1}'],
      [{ $sort: { secret: 1 } }, 'Unknown field secret'],
      [{ $sort: { tags: 1 } }, 'tags cannot be queried'],
      [{ $sort: { name: 1, score: 1, until: 1, done: 1 } }, '$sort takes 1 to 3 fields'],
      [{ $select: 'name,secret' }, 'Unknown field secret in $select'],
      [{ $populate: 'owner' }, 'owner cannot be populated'],
      [{ $paginate: 'maybe' }, '$paginate must be true or false'],
      [{ $where: 'x' }, 'Unknown query parameter $where'],
      [{ secret: 1 }, 'Unknown field secret'],
      [{ tags: 'a' }, 'tags cannot be queried'],
      [{ name: { $exists: true } }, 'Unknown operator $exists on name'],
      // Once taken for a comparison (`in` sees Object's methods) and written into the SQL: a 500.
      [{ score: { toString: 1 } }, 'Unknown operator toString on score'],
      [{ score: { constructor: 1 } }, 'Unknown operator constructor on score'],
      [{ name: ['a', 'b'] }, 'name must be one value (use $in for a list)'],
      [{ name: {} }, 'name needs a value or an operator'],
      [{ score: 'many' }, 'score must be a number'],
      [{ score: { $gt: 'null' } }, 'score.$gt needs a value'],
      [{ done: 'maybe' }, 'done must be true or false'],
      [{ parent: 'abc' }, 'parent holds an invalid id'],
      [
        { _id: { $in: Array.from({ length: 101 }, (_, i) => hex(i)) } },
        '_id.$in may hold at most 100 values',
      ],
      [{ _id: { $in: 5 } }, '_id holds an invalid id'],
      [{ score: { $regex: '1' } }, 'score is not text: $regex cannot be used'],
      [{ name: { $options: 'i' } }, 'name.$options needs $regex'],
      [{ name: { $regex: 'a', $options: 'g' } }, "name.$options may only be 'i'"],
      [{ $or: 'x' }, '$or must be a list'],
      [{ $or: [] }, '$or must be a non-empty list of queries'],
      [{ $or: [{ $limit: 1 }] }, 'Unknown query parameter $limit'],
      [{ $and: [{ $or: [{ $and: [{ $or: [{ name: 'a' }] }] }] }] }, '$or and $and nest at most 3 deep'],
      [{ $or: Array.from({ length: 51 }, () => ({ name: 'a' })) }, 'A query may hold at most 50 conditions'],
      [{ $cursor: 'not a cursor!' }, 'Invalid $cursor'],
      [{ $cursor: 'bm90IGpzb24' }, 'Invalid $cursor'],
      [
        { $cursor: encodeCursor([['_id', 1]], { _id: hex(1) }, SPEC.fields) },
        'The $cursor was made for another $sort',
      ],
      [
        // The right order, but a number where the name (text) belongs.
        { $cursor: Buffer.from(JSON.stringify({ s: 'name:1,_id:1', v: [1, hex(1)] })).toString('base64url') },
        'Invalid $cursor',
      ],
      [
        { $skip: 10, $cursor: encodeCursor(BY_NAME, { name: 'a', _id: hex(1) }, SPEC.fields) },
        '$cursor and $skip cannot be used together',
      ],
      ['text', 'A query must be an object'],
    ];
    for (const [query, message] of cases)
      expect(await refused(() => parseListQuery(query, SPEC)), JSON.stringify(query)).toBe(message);
  });
});

describe('$regex subset', () => {
  test('text, ^ and $ anchors and \\-escaped symbols; LIKE and GLOB patterns escape their wildcards', () => {
    expect(parseRegex('name', 'Ab', 'i')).toEqual({
      text: 'Ab',
      start: false,
      end: false,
      caseInsensitive: true,
    });
    expect(parseRegex('name', '^a\\.b\\*$', undefined)).toEqual({
      text: 'a.b*',
      start: true,
      end: true,
      caseInsensitive: false,
    });
    expect(likePattern(parseRegex('name', '50%_off', 'i'))).toBe('%50\\%\\_off%');
    expect(likePattern(parseRegex('name', '^a\\\\b', 'i'))).toBe('a\\\\b%');
    expect(globPattern(parseRegex('name', 'a\\*b\\?c\\[d$', undefined))).toBe('*a[*]b[?]c[[]d');
  });

  test('other regex syntax is refused, not guessed at', async () => {
    for (const source of ['a.*', 'a|b', '(a)', '[ab]', 'a+', 'a?', 'a{2}', '\\d', 'a^b', 'a$b', 'x\\'])
      expect(await refused(() => parseRegex('name', source, 'i')), source).toMatch(/is not supported/);
    expect(await refused(() => parseRegex('name', 5, 'i'))).toBe('name.$regex must be text');
    expect(await refused(() => parseRegex('name', 'a'.repeat(101), 'i'))).toBe(
      'name.$regex is longer than 100 characters',
    );
  });
});

describe('findList on the database', () => {
  let storage: Storage;
  let knex: Knex;
  let schema: string | null = null;
  const find = (query: Record<string, unknown>) => findList(knex, SPEC, query) as Promise<Page>;
  const names = (page: Page | Record<string, unknown>[]) =>
    (Array.isArray(page) ? page : page.data).map((r) => r.name);

  beforeAll(async () => {
    const database = testDatabase();
    schema = database.startsWith('postgres') ? new URL(database).searchParams.get('schema') : null;
    storage = await openStorage(database);
    knex = storage.knex;
    await knex.schema.createTable('items', (t) => {
      t.string('_id', 24).primary();
      t.string('name', 100);
      t.double('score');
      t.bigInteger('until');
      t.boolean('done').notNullable().defaultTo(false);
      t.string('parent', 24);
      t.text('tags').notNullable().defaultTo('[]');
    });
    // 30 rows: scores 0..4 repeat (ties), every fifth score and every seventh `until` missing.
    await knex('items').insert(
      Array.from({ length: 30 }, (_, i) => ({
        _id: hex(i + 1),
        name: `item ${String(i + 1).padStart(2, '0')}`,
        score: i % 5 === 4 ? null : i % 5,
        until: i % 7 === 0 ? null : 1000 + (i % 3),
        done: i % 2 === 0,
        parent: i < 3 ? hex(900 + i) : i === 3 ? hex(999) : null,
        tags: JSON.stringify([`t${i}`]),
      })),
    );
    await knex('items').insert([
      { _id: hex(101), name: 'Apple pie', score: 9 },
      { _id: hex(102), name: 'apple juice', score: 9 },
      { _id: hex(103), name: 'Pineapple', score: 9 },
      { _id: hex(104), name: '50% off_sale', score: 9 },
      { _id: hex(105), name: '50 percent off sale', score: 9 },
    ]);
  });
  afterAll(async () => {
    if (schema) await knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await storage?.close();
  });

  test('pages: default 10 with the total, $skip, $limit 0 counts only, $paginate=false a bare list', async () => {
    const first = await find({});
    expect(first).toMatchObject({ total: 35, limit: 10, skip: 0 });
    expect(names(first)).toEqual([
      '50 percent off sale',
      '50% off_sale',
      'Apple pie',
      'Pineapple',
      'apple juice',
      'item 01',
      'item 02',
      'item 03',
      'item 04',
      'item 05',
    ]);
    expect(names(await find({ $skip: '33' }))).toEqual(['item 29', 'item 30']);
    expect(await find({ $limit: 0 })).toEqual({ total: 35, limit: 0, skip: 0, data: [] });
    const bare = await findList(knex, SPEC, { $paginate: 'false', $limit: 3, score: 9 });
    expect(Array.isArray(bare) && bare.length).toBe(3);
  });

  test('$sort both ways, REST strings too; $select keeps _id and drops the rest', async () => {
    const desc = await find({ $sort: { name: '-1' }, $limit: 2 });
    expect(names(desc)).toEqual(['item 30', 'item 29']);
    const picked = await find({ $select: 'name', $limit: 1, $sort: { score: -1, name: 1 } });
    expect(picked.data).toEqual([{ _id: hex(105), name: '50 percent off sale' }]);
  });

  test('$cursor pages through ties in the sort field; rows inserted earlier do not shift the next pages', async () => {
    // done=true: 15 rows, scores null ×3, then 0, 1, 2, 3 ×3 each; pages of 5 end inside the ties of 0 and 2.
    const query = { $sort: { score: 1 }, $limit: 5, done: true };
    const before = (await findList(knex, SPEC, { ...query, $limit: 100, $paginate: false })) as Record<
      string,
      unknown
    >[];
    const p1 = await find(query);
    expect(p1.total).toBe(15);
    expect(p1.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(p1.data.map((r) => r.score)).toEqual([null, null, null, 0, 0]);
    // Both sort before the cursor's row (score 0, _id 11): one without a score, one tying at 0 with a lower _id.
    await knex('items').insert([
      { _id: hex(200), name: 'late', score: null, done: true },
      { _id: hex(0), name: 'early id', score: 0, done: true },
    ]);
    const p2 = await find({ ...query, $cursor: p1.cursor });
    expect(p2.data.map((r) => r.score)).toEqual([0, 1, 1, 1, 2]);
    const p3 = await find({ ...query, $cursor: p2.cursor });
    expect(p3.data.map((r) => r.score)).toEqual([2, 2, 3, 3, 3]);
    expect(p3.cursor).toBeUndefined();
    expect(p3.total).toBe(17);
    const seen = [...p1.data, ...p2.data, ...p3.data].map((r) => r._id);
    expect(seen).toEqual(before.map((r) => r._id));
    await knex('items')
      .whereIn('_id', [hex(200), hex(0)])
      .delete();
  });

  test('$cursor descending with nulls: low nulls come last, high nulls (never ending) first', async () => {
    for (const [field, nullsFirst] of [
      ['score', false],
      ['until', true],
    ] as const) {
      const query = { $sort: { [field]: -1 }, $limit: 4, name: { $regex: '^item' } };
      const all = (await findList(knex, SPEC, { ...query, $limit: 100, $paginate: false })) as Record<
        string,
        unknown
      >[];
      expect(all[0][field] === null, field).toBe(nullsFirst);
      expect(all[all.length - 1][field] === null, field).toBe(!nullsFirst);
      const seen: unknown[] = [];
      let cursor: string | undefined;
      // 30 rows in pages of 4: 8 pages; a cursor that does not advance stops at 20.
      for (let pages = 0; pages < 20; pages++) {
        const page = await find({ ...query, ...(cursor ? { $cursor: cursor } : {}) });
        seen.push(...page.data.map((r) => r._id));
        cursor = page.cursor;
        if (!cursor) break;
      }
      expect(seen, field).toEqual(all.map((r) => r._id));
    }
  });

  test('filters: equality, null, $ne and $nin keep missing values, comparisons, $or and $and', async () => {
    expect((await find({ score: 0, done: 'true' })).total).toBe(3);
    expect((await find({ score: 'null' })).total).toBe(6);
    expect((await find({ score: { $ne: 'null' } })).total).toBe(29);
    // 35 rows, 6 with score 0: $ne keeps the 6 without a score.
    expect((await find({ score: { $ne: 0 } })).total).toBe(29);
    expect((await find({ score: { $nin: [0, 1] } })).total).toBe(23);
    expect((await find({ score: { $in: [0, 'null'] } })).total).toBe(12);
    expect((await find({ score: { $gt: 1, $lte: 3 } })).total).toBe(12);
    expect((await find({ score: { $gte: 9 } })).total).toBe(5);
    expect((await find({ score: { $lt: 1 } })).total).toBe(6);
    const either = await find({ $or: [{ name: 'item 01' }, { name: 'item 02' }], $and: [{ done: true }] });
    expect(names(either)).toEqual(['item 01']);
  });

  test('$in with $limit 100 fetches up to 100 records by id', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => hex(i + 1));
    const page = await find({ _id: { $in: ids }, $limit: '100' });
    expect(page.total).toBe(30);
    expect(page.data).toHaveLength(30);
    expect(page.cursor).toBeUndefined();
  });

  test('$regex: case-insensitive autocomplete, ^ prefix, case-sensitive without i, % and _ literal', async () => {
    expect(names(await find({ name: { $regex: 'APPLE', $options: 'i' } }))).toEqual([
      'Apple pie',
      'Pineapple',
      'apple juice',
    ]);
    expect(names(await find({ name: { $regex: '^apple', $options: 'i' } }))).toEqual([
      'Apple pie',
      'apple juice',
    ]);
    expect(names(await find({ name: { $regex: '^apple' } }))).toEqual(['apple juice']);
    expect(names(await find({ name: { $regex: 'pple$' } }))).toEqual(['Pineapple']);
    expect(names(await find({ name: { $regex: '50%' } }))).toEqual(['50% off_sale']);
    expect(names(await find({ name: { $regex: 'off_', $options: 'i' } }))).toEqual(['50% off_sale']);
    expect(
      names(
        await find({ $or: [{ name: { $regex: '^pine', $options: 'i' } }, { name: { $regex: 'juice' } }] }),
      ),
    ).toEqual(['Pineapple', 'apple juice']);
  });

  test('$populate replaces the id with the record (null when gone), loading the page with one call', async () => {
    loads.length = 0;
    const page = await find({ $populate: 'parent', $select: 'name', $sort: { _id: 1 }, $limit: 5 });
    expect(loads).toEqual([[hex(900), hex(901), hex(902), hex(999)]]);
    expect(page.data).toEqual([
      { _id: hex(1), name: 'item 01', parent: { _id: hex(900), name: 'parent 84' } },
      { _id: hex(2), name: 'item 02', parent: { _id: hex(901), name: 'parent 85' } },
      { _id: hex(3), name: 'item 03', parent: { _id: hex(902), name: 'parent 86' } },
      { _id: hex(4), name: 'item 04', parent: null },
      { _id: hex(5), name: 'item 05', parent: null },
    ]);
  });
});
