import { describe, expect, it } from 'vitest';
import { type ListFields, listOpsRules } from './listOps';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const LISTS: ListFields = { rules: { key: '_id' }, channels: { key: 'channel' }, tags: {} };
const apply = (current: Record<string, unknown>, patch: unknown, lists = LISTS) =>
  listOpsRules((message, data) => new Refused(message, data)).applyListOps(current, patch, lists);
const refusal = (current: Record<string, unknown>, patch: unknown) => {
  try {
    apply(current, patch);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};
const record = () => ({
  name: 'Home',
  tags: ['a', 'b', 'a'],
  rules: [
    { _id: 'r1', item: 'tempc0', level: 30, on: true },
    { _id: 'r2', item: 'humc0', level: 80, on: false },
  ],
  channels: [
    { channel: 1, name: 'Cellar' },
    { channel: 2, name: 'Attic' },
  ],
});

describe('applyListOps', () => {
  it('returns a patch without operators as it is', () => {
    const patch = { name: 'x', tags: ['z'] };
    expect(apply(record(), patch)).toBe(patch);
  });

  it('$push appends an item or $each items to a copy of the list', () => {
    const current = record();
    expect(apply(current, { $push: { tags: 'c' } })).toEqual({ tags: ['a', 'b', 'a', 'c'] });
    expect(apply(current, { $push: { tags: { $each: ['c', 'd'] } } })).toEqual({
      tags: ['a', 'b', 'a', 'c', 'd'],
    });
    expect(current.tags).toEqual(['a', 'b', 'a']);
    expect(apply({}, { $push: { tags: 'c' } })).toEqual({ tags: ['c'] });
    expect(apply({ tags: 'not a list' }, { $push: { tags: 'c' } })).toEqual({ tags: ['c'] });
    expect(apply({}, { $push: { tags: { $each: [] } } })).toEqual({ tags: [] });
  });

  it('$push copies what it adds: a later change to the patch does not reach the result', () => {
    const item = { _id: 'r3', level: 1 };
    const out = apply(record(), { $push: { rules: item } }) as { rules: object[] };
    item.level = 2;
    expect(out.rules[2]).toEqual({ _id: 'r3', level: 1 });
  });

  it('$push takes an object with more than $each as one item only if it has no $each', () => {
    expect(apply({}, { $push: { tags: { each: [1] } } })).toEqual({ tags: [{ each: [1] }] });
    expect(refusal({}, { $push: { tags: { $each: [1], x: 1 } } })).toEqual({
      message: '$push.tags.$each must be a list',
      data: { field: 'tags' },
    });
    expect(refusal({}, { $push: { tags: { $each: 'x' } } })).toEqual({
      message: '$push.tags.$each must be a list',
      data: { field: 'tags' },
    });
  });

  it('$push adds at most 100 items at once', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect((apply({}, { $push: { tags: { $each: items(100) } } }) as { tags: number[] }).tags).toHaveLength(
      100,
    );
    expect(refusal({}, { $push: { tags: { $each: items(101) } } })).toEqual({
      message: '$push may add at most 100 items at once',
      data: undefined,
    });
  });

  it('$pull removes every equal item, or each of $in, or objects matching all given fields', () => {
    expect(apply(record(), { $pull: { tags: 'a' } })).toEqual({ tags: ['b'] });
    expect(apply(record(), { $pull: { tags: { $in: ['a', 'b'] } } })).toEqual({ tags: [] });
    expect(apply(record(), { $pull: { rules: { item: 'humc0', on: false } } })).toEqual({
      rules: [{ _id: 'r1', item: 'tempc0', level: 30, on: true }],
    });
    expect(apply(record(), { $pull: { rules: { item: 'humc0', on: true } } })).toEqual({
      rules: record().rules,
    });
    expect(apply(record(), { $pull: { tags: { x: 1 } } })).toEqual({ tags: ['a', 'b', 'a'] });
    // {$in, other} is an object to match, not a list of values.
    expect(apply({ tags: [{ $in: ['a'], k: 1 }, 'a'] }, { $pull: { tags: { $in: ['a'], k: 1 } } })).toEqual({
      tags: ['a'],
    });
    expect(apply({ tags: [{ $in: 'a' }, 'a'] }, { $pull: { tags: { $in: 'a' } } })).toEqual({ tags: ['a'] });
  });

  it('$pull of an object value never removes items that are not objects', () => {
    expect(apply({ tags: ['abc', null, 7, { x: 1 }] }, { $pull: { tags: {} } })).toEqual({
      tags: ['abc', null, 7],
    });
    expect(apply({ tags: ['abc', { length: 3 }] }, { $pull: { tags: { length: 3 } } })).toEqual({
      tags: ['abc'],
    });
  });

  it('$pull then $push work on the same list in that order', () => {
    expect(apply(record(), { $push: { tags: 'a' }, $pull: { tags: 'a' } })).toEqual({ tags: ['b', 'a'] });
  });

  it('$set of a plain field is the same as sending it', () => {
    expect(apply(record(), { $set: { name: 'Cabin' }, order: 2 })).toEqual({ order: 2, name: 'Cabin' });
    expect(refusal(record(), { name: 'x', $set: { name: 'y' } })).toEqual({
      message: 'name is both sent and changed with $set',
      data: undefined,
    });
  });

  it('$set of list.<key>.field changes one field of the item with that key', () => {
    const current = record();
    expect(apply(current, { $set: { 'rules.r2.level': 85 } })).toEqual({
      rules: [
        { _id: 'r1', item: 'tempc0', level: 30, on: true },
        { _id: 'r2', item: 'humc0', level: 85, on: false },
      ],
    });
    expect(current.rules[1].level).toBe(80);
    expect(apply(record(), { $set: { 'channels.2.name': 'Loft' } })).toEqual({
      channels: [
        { channel: 1, name: 'Cellar' },
        { channel: 2, name: 'Loft' },
      ],
    });
  });

  it('$set of list.<key> replaces the item, keeping its key', () => {
    expect(apply(record(), { $set: { 'channels.1': { name: 'Basement', channel: 9 } } })).toEqual({
      channels: [
        { channel: 1, name: 'Basement' },
        { channel: 2, name: 'Attic' },
      ],
    });
    expect(refusal(record(), { $set: { 'channels.1': 'Basement' } })).toEqual({
      message: 'channels.1 must be an object',
      data: { field: 'channels' },
    });
  });

  it('$set refuses a path it cannot address', () => {
    expect(refusal(record(), { $set: { 'channels.3.name': 'x' } })).toEqual({
      message: 'channels has no item with channel 3',
      data: { field: 'channels' },
    });
    expect(refusal(record(), { $set: { 'rules.r1._id': 'r9' } })).toEqual({
      message: 'rules.r1._id cannot be changed',
      data: { field: 'rules' },
    });
    expect(refusal(record(), { $set: { 'rules.r1.level.x': 1 } })).toEqual({
      message: 'rules.r1.level.x cannot be set: use list.<_id>.field',
      data: undefined,
    });
    expect(refusal(record(), { $set: { 'rules..level': 1 } }).message).toBe(
      'rules..level cannot be set: use list.<_id>.field',
    );
    expect(refusal(record(), { $set: { 'rules.r1.': 1 } }).message).toBe(
      'rules.r1. cannot be set: use list.<_id>.field',
    );
    expect(refusal(record(), { $set: { 'tags.0': 'x' } }).message).toBe(
      'tags.0 cannot be set: use list.<_id>.field',
    );
    expect(refusal(record(), { $set: { 'name.x': 'y' } }).message).toBe(
      'name.x cannot be set: use list.<_id>.field',
    );
    expect(refusal(record(), { $set: { 'toString.x': 'y' } }).message).toBe(
      'toString.x cannot be set: use list.<_id>.field',
    );
    expect(refusal({ rules: ['r1'] }, { $set: { 'rules.r1.level': 1 } }).message).toBe(
      'rules has no item with _id r1',
    );
  });

  it('refuses an operator on a field that is not a list, or on a list also sent whole', () => {
    expect(refusal(record(), { $push: { name: 'x' } })).toEqual({
      message: 'name cannot be changed with $push',
      data: undefined,
    });
    expect(refusal(record(), { $pull: { toString: 'x' } }).message).toBe(
      'toString cannot be changed with $pull',
    );
    expect(refusal(record(), { tags: [], $push: { tags: 'x' } })).toEqual({
      message: 'tags is both sent whole and changed with $push',
      data: undefined,
    });
    expect(refusal(record(), { $set: { tags: [] }, $pull: { tags: 'a' } }).message).toBe(
      'tags is both sent whole and changed with $pull',
    );
    expect(refusal(record(), { channels: [], $set: { 'channels.1.name': 'x' } }).message).toBe(
      'channels is both sent whole and changed with $set',
    );
  });

  it('refuses unknown operators, operators that are not objects and a body that is not an object', () => {
    expect(refusal(record(), { $inc: { order: 1 } })).toEqual({
      message: 'Unknown patch operator $inc',
      data: undefined,
    });
    expect(refusal(record(), { $push: ['x'] })).toEqual({
      message: '$push must be an object',
      data: undefined,
    });
    expect(refusal(record(), { $set: null })).toEqual({ message: '$set must be an object', data: undefined });
    expect(refusal(record(), [])).toEqual({ message: 'The body must be an object', data: undefined });
  });
});
