import { describe, expect, it } from 'vitest';
import { type ListShape, listQueryRules } from './listQuery';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const rules = () => listQueryRules((message, data) => new Refused(message, data));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};

const ID = '0123456789abcdef01234567';
const shape = (): ListShape => ({
  fields: {
    _id: { type: 'id' },
    name: { type: 'string' },
    count: { type: 'number' },
    active: { type: 'boolean' },
    ends: { type: 'number', nulls: 'high' },
    tags: { type: 'string', json: true },
  },
  sort: { name: 1 },
  populate: { owner: {} },
});
const parse = (query: unknown, spec: ListShape = shape()) => rules().parseListQuery(query, spec);
const where = (query: Record<string, unknown>) => parse(query).where;
const refused = (query: unknown, spec?: ListShape) => refusal(() => parse(query, spec));

describe('parseListQuery: paging', () => {
  it('defaults: limit 10, skip 0, the declared sort then _id, no select, paginated', () => {
    expect(parse(undefined)).toEqual({
      where: { and: [] },
      limit: 10,
      skip: 0,
      sort: [
        ['name', 1],
        ['_id', 1],
      ],
      select: null,
      paginate: true,
      cursor: undefined,
      populate: [],
    });
    expect(parse({ $limit: '', $skip: '' })).toMatchObject({ limit: 10, skip: 0 });
  });

  it('reads $limit 0..100 and $skip 0..1 000 000 as text or numbers', () => {
    expect(parse({ $limit: '0' }).limit).toBe(0);
    expect(parse({ $limit: 100 }).limit).toBe(100);
    expect(parse({ $limit: '25', $skip: '1000000' })).toMatchObject({ limit: 25, skip: 1_000_000 });
    expect(parse({ $skip: 0 }).skip).toBe(0);
    expect(refused({ $limit: 101 })).toEqual({
      message: '$limit must be a whole number 0..100',
      data: undefined,
    });
    expect(refused({ $limit: -1 }).message).toBe('$limit must be a whole number 0..100');
    expect(refused({ $limit: '2.5' }).message).toBe('$limit must be a whole number 0..100');
    expect(refused({ $limit: true }).message).toBe('$limit must be a whole number 0..100');
    expect(refused({ $skip: 1_000_001 }).message).toBe('$skip must be a whole number 0..1000000');
    expect(refused({ $skip: '-1' }).message).toBe('$skip must be a whole number 0..1000000');
  });

  it('reads $paginate as true/false or their text, and refuses anything else', () => {
    expect(parse({ $paginate: false }).paginate).toBe(false);
    expect(parse({ $paginate: 'false' }).paginate).toBe(false);
    expect(parse({ $paginate: true }).paginate).toBe(true);
    expect(parse({ $paginate: 'true' }).paginate).toBe(true);
    expect(refused({ $paginate: 'no' })).toEqual({
      message: '$paginate must be true or false',
      data: undefined,
    });
    expect(refused({ $paginate: 0 }).message).toBe('$paginate must be true or false');
  });

  it('passes $cursor on as sent, an empty one as none, and refuses it with $skip', () => {
    expect(parse({ $cursor: 'abc' }).cursor).toBe('abc');
    expect(parse({ $cursor: '' }).cursor).toBeUndefined();
    expect(parse({ $cursor: '', $skip: 5 }).skip).toBe(5);
    expect(parse({ $cursor: 'abc', $skip: 0 }).cursor).toBe('abc');
    expect(refused({ $cursor: 'abc', $skip: 1 })).toEqual({
      message: '$cursor and $skip cannot be used together',
      data: undefined,
    });
  });

  it('refuses a query that is not an object', () => {
    expect(refused('x')).toEqual({ message: 'A query must be an object', data: undefined });
    expect(refused([])).toEqual({ message: 'A query must be an object', data: undefined });
    expect(refused(null).message).toBe('A query must be an object');
  });
});

describe('parseListQuery: $sort', () => {
  it('keeps a declared sort that holds _id as it is', () => {
    const spec = { ...shape(), sort: { count: -1, _id: -1 } } as ListShape;
    expect(parse({}, spec).sort).toEqual([
      ['count', -1],
      ['_id', -1],
    ]);
  });

  it('reads 1 and -1 as numbers or text and ends with _id', () => {
    expect(parse({ $sort: { count: '-1', name: 1 } }).sort).toEqual([
      ['count', -1],
      ['name', 1],
      ['_id', 1],
    ]);
    expect(parse({ $sort: { name: -1, _id: '-1' } }).sort).toEqual([
      ['name', -1],
      ['_id', -1],
    ]);
    expect(parse({ $sort: { count: '1' } }).sort).toEqual([
      ['count', 1],
      ['_id', 1],
    ]);
    expect(parse({ $sort: '' }).sort).toEqual([
      ['name', 1],
      ['_id', 1],
    ]);
  });

  it('refuses a bad direction, an unknown or JSON field, none or more than 3 fields', () => {
    expect(refused({ $sort: { name: 2 } })).toEqual({
      message: '$sort[name] must be 1 or -1',
      data: { field: 'name' },
    });
    expect(refused({ $sort: { name: 'asc' } }).message).toBe('$sort[name] must be 1 or -1');
    expect(refused({ $sort: { nope: 1 } })).toEqual({
      message: 'Unknown field nope',
      data: { field: 'nope' },
    });
    expect(refused({ $sort: { tags: 1 } })).toEqual({
      message: 'tags cannot be queried',
      data: { field: 'tags' },
    });
    expect(refused({ $sort: {} })).toEqual({ message: '$sort takes 1 to 3 fields', data: undefined });
    expect(refused({ $sort: { name: 1, count: 1, active: 1, ends: 1 } }).message).toBe(
      '$sort takes 1 to 3 fields',
    );
    expect(parse({ $sort: { name: 1, count: 1, active: -1 } }).sort).toHaveLength(4);
    expect(refused({ $sort: 'name' })).toEqual({
      message: '$sort must be an object like {field: 1}',
      data: undefined,
    });
    expect(refused({ $sort: ['name'] }).message).toBe('$sort must be an object like {field: 1}');
  });

  it('does not take a field inherited from Object for a declared one', () => {
    expect(refused({ $sort: { toString: 1 } }).message).toBe('Unknown field toString');
  });
});

describe('parseListQuery: $select and $populate', () => {
  it('selects the named fields with _id first, once each, from text, comma lists or arrays', () => {
    expect(parse({ $select: 'name, count' }).select).toEqual(['_id', 'name', 'count']);
    expect(parse({ $select: ['name', 'name', '_id', 'tags'] }).select).toEqual(['_id', 'name', 'tags']);
    expect(parse({ $select: { 1: 'count', 0: 'name' } }).select).toEqual(['_id', 'name', 'count']);
    expect(parse({ $select: 'name,,' }).select).toEqual(['_id', 'name']);
    expect(parse({ $select: '' }).select).toEqual(['_id']);
  });

  it('refuses an unknown field or a list that is not of names', () => {
    expect(refused({ $select: 'name,nope' })).toEqual({
      message: 'Unknown field nope in $select',
      data: { field: 'nope' },
    });
    expect(refused({ $select: 'constructor' }).message).toBe('Unknown field constructor in $select');
    expect(refused({ $select: [1] })).toEqual({
      message: '$select must be a list of names',
      data: undefined,
    });
    expect(refused({ $select: { a: 'name' } })).toEqual({
      message: '$select must be a list',
      data: undefined,
    });
    expect(refused({ $select: 5 }).message).toBe('$select must be a list');
  });

  it('populates declared relations once, and nothing else', () => {
    expect(parse({ $populate: 'owner,owner' }).populate).toEqual(['owner']);
    expect(parse({ $populate: '' }).populate).toEqual([]);
    expect(refused({ $populate: 'station' })).toEqual({
      message: 'station cannot be populated',
      data: undefined,
    });
    expect(refused({ $populate: [7] })).toEqual({
      message: '$populate must be a list of names',
      data: undefined,
    });
    expect(refused({ $populate: 'toString' }).message).toBe('toString cannot be populated');
    const { populate: _, ...bare } = shape();
    expect(refused({ $populate: 'owner' }, bare).message).toBe('owner cannot be populated');
  });
});

describe('parseListQuery: filters', () => {
  it('reads equality as the field type, and null (or "null" outside text) as null', () => {
    expect(where({ name: 'Ann', count: '3', active: 'true', _id: ID, ends: 'null' })).toEqual({
      and: [
        { field: 'name', op: '=', value: 'Ann' },
        { field: 'count', op: '=', value: 3 },
        { field: 'active', op: '=', value: true },
        { field: '_id', op: '=', value: ID },
        { field: 'ends', op: '=', value: null },
      ],
    });
    expect(where({ name: 'null' })).toEqual({ and: [{ field: 'name', op: '=', value: 'null' }] });
    expect(where({ name: null })).toEqual({ and: [{ field: 'name', op: '=', value: null }] });
    expect(where({ name: 42 })).toEqual({ and: [{ field: 'name', op: '=', value: '42' }] });
  });

  it('skips the reserved parameters at the top level only', () => {
    expect(
      where({ $limit: 5, $skip: 0, $sort: { name: 1 }, $select: 'name', $paginate: true, $populate: '' }),
    ).toEqual({ and: [] });
    expect(where({ $cursor: 'x' })).toEqual({ and: [] });
    expect(refused({ $or: [{ $limit: 5 }] })).toEqual({
      message: 'Unknown query parameter $limit',
      data: undefined,
    });
    expect(refused({ $where: 'x' }).message).toBe('Unknown query parameter $where');
  });

  it('refuses unknown and JSON fields, lists as values and empty operator objects', () => {
    expect(refused({ nope: 1 })).toEqual({ message: 'Unknown field nope', data: { field: 'nope' } });
    expect(refused({ tags: 'a' })).toEqual({ message: 'tags cannot be queried', data: { field: 'tags' } });
    expect(refused({ name: ['a', 'b'] })).toEqual({
      message: 'name must be one value (use $in for a list)',
      data: { field: 'name' },
    });
    expect(refused({ name: {} })).toEqual({
      message: 'name needs a value or an operator',
      data: { field: 'name' },
    });
    expect(refused({ name: { $like: 'a' } })).toEqual({
      message: 'Unknown operator $like on name',
      data: { field: 'name' },
    });
  });

  it('reads $in and $nin from arrays, qs objects or one value, coerced', () => {
    expect(where({ count: { $in: ['1', 2] }, name: { $nin: 'x' } })).toEqual({
      and: [
        { field: 'count', op: 'in', value: [1, 2] },
        { field: 'name', op: 'nin', value: ['x'] },
      ],
    });
    expect(where({ count: { $in: { 10: '3', 2: '2', 0: '1' } } })).toEqual({
      and: [{ field: 'count', op: 'in', value: [1, 2, 3] }],
    });
    expect(where({ count: { $nin: [] } })).toEqual({ and: [{ field: 'count', op: 'nin', value: [] }] });
  });

  it('refuses $in with more than 100 values, a missing list or an object that is not a list', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i);
    expect(where({ count: { $in: hundred } })).toEqual({
      and: [{ field: 'count', op: 'in', value: hundred }],
    });
    expect(refused({ count: { $in: [...hundred, 100] } })).toEqual({
      message: 'count.$in may hold at most 100 values',
      data: { field: 'count' },
    });
    expect(refused({ count: { $nin: [...hundred, 100] } }).message).toBe(
      'count.$nin may hold at most 100 values',
    );
    expect(refused({ count: { $in: undefined } })).toEqual({
      message: 'count.$in must be a list',
      data: undefined,
    });
    expect(refused({ count: { $in: { a: 1 } } }).message).toBe('count.$in must be a list');
    expect(refused({ count: { $in: { '1a': 1 } } }).message).toBe('count.$in must be a list');
    expect(refused({ count: { $in: { a1: 1 } } }).message).toBe('count.$in must be a list');
    expect(refused({ count: { $in: { 0: 1, a: 2 } } }).message).toBe('count.$in must be a list');
  });

  it('orders a list sent as an object by the number of its keys, not their text', () => {
    // Keys with a leading zero are not array indices, so the object keeps them in the order sent.
    expect(where({ count: { $in: { '010': '10', 2: '2', '01': '1' } } })).toEqual({
      and: [{ field: 'count', op: 'in', value: [1, 2, 10] }],
    });
  });

  it('reads the comparisons, with null allowed for $ne only', () => {
    expect(where({ count: { $gt: '1', $gte: 2, $lt: '3', $lte: 4, $ne: '5' }, ends: { $ne: null } })).toEqual(
      {
        and: [
          { field: 'count', op: '>', value: 1 },
          { field: 'count', op: '>=', value: 2 },
          { field: 'count', op: '<', value: 3 },
          { field: 'count', op: '<=', value: 4 },
          { field: 'count', op: '!=', value: 5 },
          { field: 'ends', op: '!=', value: null },
        ],
      },
    );
    expect(refused({ ends: { $gt: 'null' } })).toEqual({
      message: 'ends.$gt needs a value',
      data: { field: 'ends' },
    });
    expect(refused({ ends: { $lte: null } }).message).toBe('ends.$lte needs a value');
  });

  it('does not take an operator inherited from Object for a comparison', () => {
    expect(refused({ count: { toString: 1 } }).message).toBe('Unknown operator toString on count');
  });

  it('reads $regex on text with $options, and refuses it elsewhere', () => {
    expect(where({ name: { $regex: '^ab\\.c$', $options: 'i' } })).toEqual({
      and: [
        {
          field: 'name',
          op: 'match',
          value: { text: 'ab.c', start: true, end: true, caseInsensitive: true },
        },
      ],
    });
    expect(where({ name: { $options: 'i', $regex: 'x' } })).toEqual({
      and: [
        { field: 'name', op: 'match', value: { text: 'x', start: false, end: false, caseInsensitive: true } },
      ],
    });
    expect(refused({ count: { $regex: '1' } })).toEqual({
      message: 'count is not text: $regex cannot be used',
      data: { field: 'count' },
    });
    expect(refused({ name: { $options: 'i' } })).toEqual({
      message: 'name.$options needs $regex',
      data: { field: 'name' },
    });
  });
});

describe('parseListQuery: $or and $and', () => {
  it('nests each part as an and of its conditions', () => {
    expect(where({ $or: [{ name: 'a' }, { count: '1', active: 'false' }] })).toEqual({
      and: [
        {
          or: [
            { and: [{ field: 'name', op: '=', value: 'a' }] },
            {
              and: [
                { field: 'count', op: '=', value: 1 },
                { field: 'active', op: '=', value: false },
              ],
            },
          ],
        },
      ],
    });
    expect(where({ $and: { 0: { name: 'a' } } })).toEqual({
      and: [{ and: [{ and: [{ field: 'name', op: '=', value: 'a' }] }] }],
    });
  });

  it('refuses an empty list, a part that is not an object, and nesting deeper than 3', () => {
    expect(refused({ $or: [] })).toEqual({
      message: '$or must be a non-empty list of queries',
      data: undefined,
    });
    expect(refused({ $and: [] }).message).toBe('$and must be a non-empty list of queries');
    expect(refused({ $or: 'x' })).toEqual({ message: '$or must be a list', data: undefined });
    expect(refused({ $or: ['x'] })).toEqual({ message: 'A query must be an object', data: undefined });
    const three = { $or: [{ $and: [{ $or: [{ name: 'a' }] }] }] };
    expect(where(three)).toEqual({
      and: [
        {
          or: [{ and: [{ and: [{ and: [{ or: [{ and: [{ field: 'name', op: '=', value: 'a' }] }] }] }] }] }],
        },
      ],
    });
    expect(refused({ $or: [{ $and: [{ $or: [{ $and: [{ name: 'a' }] }] }] }] })).toEqual({
      message: '$or and $and nest at most 3 deep',
      data: undefined,
    });
  });

  it('counts conditions across the whole query: at most 50', () => {
    // 49 parts of one condition each and the $or itself: 50.
    const fifty = Array.from({ length: 49 }, () => ({ name: 'a' }));
    const parsed = where({ $or: fifty }) as { and: { or: unknown[] }[] };
    expect(parsed.and).toHaveLength(1);
    expect(parsed.and[0].or).toHaveLength(49);
    const over = Array.from({ length: 50 }, () => ({ name: 'a' }));
    expect(refused({ $or: over })).toEqual({
      message: 'A query may hold at most 50 conditions',
      data: undefined,
    });
    expect(
      refused({ count: { $in: [1] }, $or: Array.from({ length: 49 }, () => ({ name: 'a' })) }).message,
    ).toBe('A query may hold at most 50 conditions');
  });
});

describe('coerce', () => {
  const coerce = (type: 'id' | 'string' | 'number' | 'boolean', v: unknown) =>
    rules().coerce('f', { type }, v);

  it('reads ids of 24 lower-case hex digits only', () => {
    expect(coerce('id', ID)).toBe(ID);
    expect(coerce('id', 'null')).toBeNull();
    for (const bad of [[ID], ID.toUpperCase(), `${ID}0`, ID.slice(1), `x${ID}`, `${ID}x`, 5])
      expect(refusal(() => coerce('id', bad))).toEqual({
        message: 'f holds an invalid id',
        data: { field: 'f' },
      });
  });

  it('reads text of at most 200 characters, numbers as their text', () => {
    expect(coerce('string', 'a'.repeat(200))).toBe('a'.repeat(200));
    expect(coerce('string', 1.5)).toBe('1.5');
    expect(coerce('string', '')).toBe('');
    expect(refusal(() => coerce('string', 'a'.repeat(201)))).toEqual({
      message: 'f must be text of at most 200 characters',
      data: { field: 'f' },
    });
    expect(refusal(() => coerce('string', true)).message).toBe('f must be text of at most 200 characters');
    expect(refusal(() => coerce('string', {})).message).toBe('f must be text of at most 200 characters');
  });

  it('reads finite numbers from numbers or non-blank text', () => {
    expect(coerce('number', -2.5)).toBe(-2.5);
    expect(coerce('number', ' 7 ')).toBe(7);
    expect(coerce('number', '0')).toBe(0);
    for (const bad of ['', '  ', 'x', Number.POSITIVE_INFINITY, Number.NaN, true, [1]])
      expect(refusal(() => coerce('number', bad))).toEqual({
        message: 'f must be a number',
        data: { field: 'f' },
      });
  });

  it('reads booleans from true/false, their text, 1/0 and their text', () => {
    for (const yes of [true, 'true', 1, '1']) expect(coerce('boolean', yes)).toBe(true);
    for (const no of [false, 'false', 0, '0']) expect(coerce('boolean', no)).toBe(false);
    for (const bad of ['yes', 2, '', 'TRUE'])
      expect(refusal(() => coerce('boolean', bad))).toEqual({
        message: 'f must be true or false',
        data: { field: 'f' },
      });
  });
});

describe('parseRegex', () => {
  const regex = (source: unknown, options?: unknown) => rules().parseRegex('name', source, options);
  const unsupported = (source: string) => ({
    message: `name.$regex '${source}' is not supported: use text with an optional ^ or $ anchor (escape other symbols with \\)`,
    data: { field: 'name' },
  });

  it('reads plain text, anchors and escaped punctuation', () => {
    expect(regex('abc')).toEqual({ text: 'abc', start: false, end: false, caseInsensitive: false });
    expect(regex('^abc')).toEqual({ text: 'abc', start: true, end: false, caseInsensitive: false });
    expect(regex('abc$', '')).toEqual({ text: 'abc', start: false, end: true, caseInsensitive: false });
    expect(regex('a\\.b\\$\\^\\\\', 'i')).toEqual({
      text: 'a.b$^\\',
      start: false,
      end: false,
      caseInsensitive: true,
    });
    expect(regex('^$')).toEqual({ text: '', start: true, end: true, caseInsensitive: false });
    expect(regex('a-b c')).toEqual({ text: 'a-b c', start: false, end: false, caseInsensitive: false });
  });

  it('refuses other regex syntax, anchors inside the text and class escapes', () => {
    for (const s of [
      'a.b',
      'a*',
      'a+',
      'a?',
      '(a)',
      '[a]',
      'a{2}',
      'a}',
      'a]',
      'a)',
      'a|b',
      'a^b',
      'a$b',
      '\\d',
      '\\W',
      '\\0',
      'ab\\',
    ])
      expect(refusal(() => regex(s))).toEqual(unsupported(s));
  });

  it('refuses a non-text source, one longer than 100 characters and options other than i', () => {
    expect(refusal(() => regex(5))).toEqual({ message: 'name.$regex must be text', data: { field: 'name' } });
    expect(regex('a'.repeat(100)).text).toBe('a'.repeat(100));
    expect(refusal(() => regex('a'.repeat(101)))).toEqual({
      message: 'name.$regex is longer than 100 characters',
      data: { field: 'name' },
    });
    expect(refusal(() => regex('a', 'g'))).toEqual({
      message: "name.$options may only be 'i'",
      data: { field: 'name' },
    });
  });
});
