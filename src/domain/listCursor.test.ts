import { describe, expect, it } from 'vitest';
import { cursorRules } from './listCursor';
import type { FieldSpec, Sort } from './listQuery';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const rules = () => cursorRules((message, data) => new Refused(message, data));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};
const FIELDS: Record<string, FieldSpec> = {
  _id: { type: 'id' },
  name: { type: 'string' },
  price: { type: 'number' },
  on: { type: 'boolean' },
};
const SORT: Sort = [
  ['price', -1],
  ['_id', 1],
];
/** Node's own base64url of a JSON text: an oracle independent of the browser-safe code under test. */
const cursorOf = (json: unknown) => Buffer.from(JSON.stringify(json), 'utf8').toString('base64url');
const INVALID = { message: 'Invalid $cursor', data: { field: '$cursor' } };

describe('cursor encode', () => {
  it('writes the order and the row values as base64url JSON', () => {
    const row = { _id: 'abc', price: '1250', name: 'x' };
    expect(rules().encode(SORT, row, FIELDS)).toBe(cursorOf({ s: 'price:-1,_id:1', v: [1250, 'abc'] }));
  });

  it('normalises the database answers: 0/1 to booleans, missing values to null, others to text', () => {
    const sort: Sort = [
      ['on', 1],
      ['name', -1],
      ['price', 1],
      ['_id', 1],
    ];
    expect(rules().encode(sort, { on: 0, name: 5, _id: 7 }, FIELDS)).toBe(
      cursorOf({ s: 'on:1,name:-1,price:1,_id:1', v: [false, '5', null, '7'] }),
    );
    expect(rules().encode([['on', 1]], { on: 1 }, FIELDS)).toBe(cursorOf({ s: 'on:1', v: [true] }));
    expect(rules().encode([['price', 1]], { price: null }, FIELDS)).toBe(
      cursorOf({ s: 'price:1', v: [null] }),
    );
  });

  it('encodes UTF-8 text without padding and with the URL-safe alphabet', () => {
    // This JSON is, in standard base64, eyJzIjoibmFtZToxIiwidiI6WyLDv8O/w7/DvyU/Pj8+Pz4/PiJdfQ== : a + and a / to
    // be replaced and two = to drop.
    const name = 'ÿÿÿÿ%?>?>?>?>';
    const cursor = rules().encode([['name', 1]], { _id: 'a', name }, FIELDS);
    expect(cursor).toBe('eyJzIjoibmFtZToxIiwidiI6WyLDv8O_w7_DvyU_Pj8-Pz4_PiJdfQ');
    expect(rules().decode(cursor, [['name', 1]], FIELDS)).toEqual([name]);
    expect(rules().decode(cursorOf({ s: 'name:1', v: ['雨'] }), [['name', 1]], FIELDS)).toEqual(['雨']);
  });

  it('writes a missing text value as null, not as "undefined"', () => {
    expect(rules().encode([['name', 1]], { _id: 'a' }, FIELDS)).toBe(cursorOf({ s: 'name:1', v: [null] }));
  });
});

describe('cursor decode', () => {
  it('gives back the values of a cursor made for the same order', () => {
    expect(rules().decode(cursorOf({ s: 'price:-1,_id:1', v: [12.5, 'abc'] }), SORT, FIELDS)).toEqual([
      12.5,
      'abc',
    ]);
    expect(rules().decode(cursorOf({ s: 'price:-1,_id:1', v: [null, 'abc'] }), SORT, FIELDS)).toEqual([
      null,
      'abc',
    ]);
    const sort: Sort = [
      ['on', -1],
      ['name', 1],
      ['_id', 1],
    ];
    expect(
      rules().decode(cursorOf({ s: 'on:-1,name:1,_id:1', v: [true, 'n'.repeat(1000), 'a'] }), sort, FIELDS),
    ).toEqual([true, 'n'.repeat(1000), 'a']);
  });

  it('refuses a cursor made for another order', () => {
    expect(
      refusal(() => rules().decode(cursorOf({ s: 'price:1,_id:1', v: [1, 'a'] }), SORT, FIELDS)),
    ).toEqual({
      message: 'The $cursor was made for another $sort',
      data: { field: '$cursor' },
    });
  });

  it('refuses what is not a cursor', () => {
    const decode = (raw: unknown) => refusal(() => rules().decode(raw, SORT, FIELDS));
    expect(decode(5)).toEqual(INVALID);
    expect(decode('')).toEqual(INVALID);
    expect(decode('abc=')).toEqual(INVALID);
    expect(decode('a+b')).toEqual(INVALID);
    expect(decode('a'.repeat(2001))).toEqual(INVALID);
    expect(decode(Buffer.from('not json').toString('base64url'))).toEqual(INVALID);
    expect(decode(Buffer.from([0xff, 0xfe]).toString('base64url'))).toEqual(INVALID);
    expect(decode('a')).toEqual(INVALID);
    // atob skips spaces; a cursor is only the URL-safe alphabet.
    const good = cursorOf({ s: 'price:-1,_id:1', v: [1, 'a'] });
    expect(rules().decode(good, SORT, FIELDS)).toEqual([1, 'a']);
    expect(decode(` ${good}`)).toEqual(INVALID);
    expect(decode(`${good} `)).toEqual(INVALID);
    // Valid JSON around bytes that are not UTF-8.
    const notUtf8 = Buffer.concat([
      Buffer.from('{"s":"name:1","v":["'),
      Buffer.from([0xff]),
      Buffer.from('"]}'),
    ]);
    expect(refusal(() => rules().decode(notUtf8.toString('base64url'), [['name', 1]], FIELDS))).toEqual(
      INVALID,
    );
    expect(decode(cursorOf(null))).toEqual(INVALID);
    expect(decode(cursorOf('price:-1,_id:1'))).toEqual(INVALID);
    expect(decode(cursorOf({ s: 1, v: [1, 'a'] }))).toEqual(INVALID);
    expect(decode(cursorOf({ s: 'price:-1,_id:1', v: { 0: 1, 1: 'a' } }))).toEqual(INVALID);
    expect(decode(cursorOf({ s: 'price:-1,_id:1', v: [1] }))).toEqual(INVALID);
    expect(decode(cursorOf({ s: 'price:-1,_id:1', v: [1, 'a', 'b'] }))).toEqual(INVALID);
  });

  it('refuses values of the wrong type for their field, and a null _id', () => {
    const decode = (sort: Sort, v: unknown[]) =>
      refusal(() =>
        rules().decode(cursorOf({ s: sort.map(([f, d]) => `${f}:${d}`).join(','), v }), sort, FIELDS),
      );
    expect(decode(SORT, ['1', 'a'])).toEqual(INVALID);
    expect(decode(SORT, [1, null])).toEqual(INVALID);
    expect(decode(SORT, [1, 2])).toEqual(INVALID);
    expect(decode([['on', 1]], [1])).toEqual(INVALID);
    expect(decode([['on', 1]], ['true'])).toEqual(INVALID);
    expect(decode([['name', 1]], [5])).toEqual(INVALID);
    expect(decode([['name', 1]], [['a']])).toEqual(INVALID);
    expect(decode([['name', 1]], [{ length: 1 }])).toEqual(INVALID);
    expect(decode([['name', 1]], ['n'.repeat(1001)])).toEqual(INVALID);
    expect(decode([['_id', 1]], [true])).toEqual(INVALID);
  });

  it('takes a cursor up to 2000 characters long', () => {
    // {"s":"name:1","v":["…"]} is 23 bytes around the text; JSON spaces pad it to 1500 bytes = 2000 characters.
    const cursor = cursorOf({ s: 'name:1', v: ['n'.repeat(1000)] });
    expect(cursor.length).toBeLessThan(2000);
    const edge = Buffer.from(`{"s":"name:1","v":["${'n'.repeat(1000)}"]}${' '.repeat(1500 - 1023)}`).toString(
      'base64url',
    );
    expect(edge).toHaveLength(2000);
    expect(rules().decode(edge, [['name', 1]], FIELDS)).toEqual(['n'.repeat(1000)]);
    const over = Buffer.from(`{"s":"name:1","v":["${'n'.repeat(1000)}"]}${' '.repeat(1501 - 1023)}`).toString(
      'base64url',
    );
    expect(over).toHaveLength(2002);
    expect(refusal(() => rules().decode(over, [['name', 1]], FIELDS))).toEqual(INVALID);
  });
});
