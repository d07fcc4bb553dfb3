// applyListOps: $push/$pull/$set on list fields become the plain patch the service then validates.
import { describe, expect, test } from 'vitest';
import { applyListOps, type ListFields } from './list-ops';

const LISTS: ListFields = { rules: { key: '_id' }, names: { key: 'channel' }, users: {} };
const record = () => ({
  title: 'Station',
  rules: [
    { _id: 'r1', item: 'tempc0', value: 30 },
    { _id: 'r2', item: 'humc0', value: 80 },
  ],
  names: [
    { channel: 1, name: 'Bedroom' },
    { channel: 2, name: 'Pool' },
  ],
  users: ['u1', 'u2', 'u3'],
});

const error = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { code: (e as { code: number }).code, message: (e as Error).message };
  }
  throw new Error('no error');
};

describe('applyListOps', () => {
  test('a patch without operators is returned as it came', () => {
    const patch = { title: 'New', rules: [] };
    expect(applyListOps(record(), patch, LISTS)).toBe(patch);
  });

  test('$push appends one item, or several with $each', () => {
    expect(applyListOps(record(), { $push: { users: 'u4' } }, LISTS)).toEqual({
      users: ['u1', 'u2', 'u3', 'u4'],
    });
    expect(
      applyListOps(record(), { $push: { names: { $each: [{ channel: 3, name: 'Soil' }] } } }, LISTS),
    ).toEqual({
      names: [...record().names, { channel: 3, name: 'Soil' }],
    });
    // A list the record does not have yet starts empty.
    expect(applyListOps({}, { $push: { users: 'u9' } }, LISTS)).toEqual({ users: ['u9'] });
  });

  test('$pull removes equal values, object items matching every given field, or any of $in', () => {
    expect(applyListOps(record(), { $pull: { users: 'u2' } }, LISTS)).toEqual({ users: ['u1', 'u3'] });
    expect(applyListOps(record(), { $pull: { users: { $in: ['u1', 'u3'] } } }, LISTS)).toEqual({
      users: ['u2'],
    });
    expect(applyListOps(record(), { $pull: { rules: { _id: 'r1' } } }, LISTS)).toEqual({
      rules: [record().rules[1]],
    });
    expect(applyListOps(record(), { $pull: { rules: { item: 'humc0', value: 79 } } }, LISTS)).toEqual({
      rules: record().rules,
    });
    expect(applyListOps(record(), { $pull: { users: 'nobody' } }, LISTS)).toEqual({ users: record().users });
  });

  test('$set changes one field of the item with that key, or replaces the item; plain fields pass through', () => {
    expect(applyListOps(record(), { title: 'T', $set: { 'rules.r2.value': 85 } }, LISTS)).toEqual({
      title: 'T',
      rules: [record().rules[0], { _id: 'r2', item: 'humc0', value: 85 }],
    });
    expect(applyListOps(record(), { $set: { 'names.2.name': 'Pond' } }, LISTS)).toEqual({
      names: [record().names[0], { channel: 2, name: 'Pond' }],
    });
    expect(applyListOps(record(), { $set: { 'rules.r1': { item: 'lostData' } } }, LISTS)).toEqual({
      rules: [{ _id: 'r1', item: 'lostData' }, record().rules[1]],
    });
    expect(applyListOps(record(), { $set: { title: 'Set' } }, LISTS)).toEqual({ title: 'Set' });
  });

  test('operators combine in a fixed order: $set items, then $pull, then $push', () => {
    const out = applyListOps(
      record(),
      { $set: { 'rules.r1.value': 31 }, $pull: { rules: { _id: 'r2' } }, $push: { rules: { item: 'x' } } },
      LISTS,
    );
    expect(out).toEqual({ rules: [{ _id: 'r1', item: 'tempc0', value: 31 }, { item: 'x' }] });
  });

  test('the current record is not changed', () => {
    const current = record();
    applyListOps(current, { $set: { 'rules.r1.value': 1 }, $push: { users: 'x' } }, LISTS);
    expect(current).toEqual(record());
  });

  test('bad operators and paths are a 400 with a clear message', () => {
    const cases: [unknown, string][] = [
      [{ $inc: { order: 1 } }, 'Unknown patch operator $inc'],
      [{ $push: ['u4'] }, '$push must be an object'],
      [{ $push: { title: 'x' } }, 'title cannot be changed with $push'],
      [{ users: [], $push: { users: 'x' } }, 'users is both sent whole and changed with $push'],
      [{ $push: { users: { $each: 'x' } } }, '$push.users.$each must be a list'],
      [{ $push: { users: { $each: Array(101).fill('x') } } }, '$push may add at most 100 items at once'],
      [{ $set: { 'rules.nope.value': 1 } }, 'rules has no item with _id nope'],
      [{ $set: { 'names.9.name': 'x' } }, 'names has no item with channel 9'],
      [{ $set: { 'rules.r1._id': 'r9' } }, 'rules.r1._id cannot be changed'],
      [{ $set: { 'rules.r1.a.b': 1 } }, 'rules.r1.a.b cannot be set: use list.<_id>.field'],
      [{ $set: { 'users.u1': 'x' } }, 'users.u1 cannot be set: use list.<_id>.field'],
      [{ $set: { 'rules.r1': 5 } }, 'rules.r1 must be an object'],
      [{ title: 'a', $set: { title: 'b' } }, 'title is both sent and changed with $set'],
      ['text', 'The body must be an object'],
    ];
    for (const [patch, message] of cases)
      expect(
        error(() => applyListOps(record(), patch, LISTS)),
        JSON.stringify(patch),
      ).toEqual({
        code: 400,
        message,
      });
  });
});
