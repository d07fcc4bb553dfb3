import { describe, expect, it } from 'vitest';
import { itemIdRules, splitIds } from './itemIds';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const C = 'cccccccccccccccccccccccc';
/** New ids n000…, n001… in the order asked. */
const rules = () => {
  let n = 0;
  return itemIdRules(
    (message, data) => new Refused(message, data),
    () => `${String(n++).padStart(3, '0')}`.padStart(24, 'f'),
  );
};
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};

describe('splitIds', () => {
  it('takes the _id off each object item and keeps the rest', () => {
    expect(splitIds([{ _id: A, text: 'x' }, { text: 'y' }, 'z', null, [1]])).toEqual({
      ids: [A, undefined, undefined, undefined, undefined],
      bare: [{ text: 'x' }, { text: 'y' }, 'z', null, [1]],
    });
  });

  it('passes on what is not a list, with no ids', () => {
    expect(splitIds('x')).toEqual({ ids: [], bare: 'x' });
    expect(splitIds({ 0: { _id: A } })).toEqual({ ids: [], bare: { 0: { _id: A } } });
  });
});

describe('withItemIds', () => {
  const withIds = (
    ids: unknown[],
    items: { text: string }[],
    previous: { _id: string; text: string }[] = [],
  ) => rules().withItemIds(ids, items, previous, 'Feature', 'features');

  it('keeps a given id, reuses the id of an unchanged earlier item, and makes new ones', () => {
    const previous = [
      { _id: A, text: 'one' },
      { _id: B, text: 'two' },
      { _id: C, text: 'two' },
    ];
    expect(
      withIds(
        [undefined, B, null, ''],
        [{ text: 'two' }, { text: 'new' }, { text: 'one' }, { text: 'three' }],
        previous,
      ),
    ).toEqual([
      { _id: C, text: 'two' },
      { _id: B, text: 'new' },
      { _id: A, text: 'one' },
      { _id: 'fffffffffffffffffffff000', text: 'three' },
    ]);
  });

  it('gives each earlier id once, in order, to items with the same content', () => {
    const previous = [
      { _id: A, text: 'x' },
      { _id: B, text: 'x' },
    ];
    expect(withIds([], [{ text: 'x' }, { text: 'x' }, { text: 'x' }], previous)).toEqual([
      { _id: A, text: 'x' },
      { _id: B, text: 'x' },
      { _id: 'fffffffffffffffffffff000', text: 'x' },
    ]);
  });

  it('refuses an id that is not 24 lower-case hex digits, or one used twice', () => {
    expect(refusal(() => withIds([A, 'x'], [{ text: 'a' }, { text: 'b' }]))).toEqual({
      message: 'Feature 2 has an invalid _id',
      data: { field: 'features' },
    });
    for (const bad of [[A], A.toUpperCase(), `${A}a`, A.slice(1), `x${A}`, `${A}x`, 5])
      expect(refusal(() => withIds([bad], [{ text: 'a' }])).message).toBe('Feature 1 has an invalid _id');
    expect(refusal(() => withIds([A, A], [{ text: 'a' }, { text: 'b' }]))).toEqual({
      message: `Feature _id ${A} is used twice`,
      data: { field: 'features' },
    });
  });
});
