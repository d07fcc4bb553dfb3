import { describe, expect, it } from 'vitest';
import { planInputRules } from './planInput';
import { inputReaders } from './readers';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const fields = (input: unknown, creating = false, previous: { _id: string; text: string }[] = []) => {
  let n = 0;
  const newId = () => `${n++}`.padStart(24, '0');
  return planInputRules(
    inputReaders((message, data) => new Refused(message, data)),
    newId,
  ).planFields(input, creating, previous);
};
const refusal = (input: unknown, creating = false) => {
  try {
    fields(input, creating);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};

describe('planFields', () => {
  it('fills the defaults of a new plan', () => {
    expect(fields({ name: ' Gold ', months: 12 }, true)).toEqual({
      name: 'Gold',
      months: 12,
      description: '',
      price: 0,
      currency: 'USD',
      maxDevices: 1,
      storeDays: 30,
      deviceTypes: [],
      features: [],
      status: 'draft',
      order: 0,
    });
  });

  it('changes only what is sent, and ignores the _id', () => {
    // Strictly: a patch holds no key it does not change.
    expect(fields({})).toStrictEqual({});
    expect(fields({ _id: A, order: -1000000 })).toEqual({ order: -1000000 });
    expect(
      fields({
        description: ' text ',
        price: '100000000',
        currency: ' eur ',
        months: 0,
        maxDevices: 1000,
        storeDays: 36600,
        status: 'published',
        order: 1000000,
      }),
    ).toEqual({
      description: 'text',
      price: 100000000,
      currency: 'EUR',
      months: 0,
      maxDevices: 1000,
      storeDays: 36600,
      status: 'published',
      order: 1000000,
    });
  });

  it('needs a name when creating or when a name is sent', () => {
    const required = { message: 'name is required', data: { field: 'name' } };
    expect(refusal({ months: 1 }, true)).toEqual(required);
    expect(refusal({ name: '' })).toEqual(required);
    expect(refusal({ name: null })).toEqual(required);
    expect(refusal({ name: 'x'.repeat(101) })).toEqual({
      message: 'name is longer than 100 characters',
      data: { field: 'name' },
    });
    expect(fields({ name: 'x'.repeat(100) }).name).toHaveLength(100);
  });

  it('needs months when creating', () => {
    expect(refusal({ name: 'a' }, true)).toEqual({
      message: 'months must be a whole number 0..120 (0 = permanent)',
      data: { field: 'months' },
    });
    expect(fields({ name: 'a' })).toEqual({ name: 'a' });
    for (const bad of [-1, 121, 1.5])
      expect(refusal({ months: bad }).message).toBe('months must be a whole number 0..120 (0 = permanent)');
    expect(fields({ months: 120 })).toEqual({ months: 120 });
  });

  it('clears the description with null, and bounds it to 2000 characters', () => {
    expect(fields({ description: null })).toEqual({ description: '' });
    expect(fields({ description: '' })).toEqual({ description: '' });
    expect(refusal({ description: 'x'.repeat(2001) })).toEqual({
      message: 'description is longer than 2000 characters',
      data: { field: 'description' },
    });
  });

  it('refuses a field that cannot be set', () => {
    expect(refusal({ owner: A })).toEqual({ message: 'owner cannot be set', data: { field: 'owner' } });
    expect(refusal('x')).toEqual({ message: 'The body must be an object', data: undefined });
  });

  it('bounds price, maxDevices, storeDays and order', () => {
    const cases: [string, unknown, string][] = [
      ['price', -1, 'price must be a whole number of cents, 0 or more'],
      ['price', 100000001, 'price must be a whole number of cents, 0 or more'],
      ['price', 9.99, 'price must be a whole number of cents, 0 or more'],
      ['maxDevices', 0, 'maxDevices must be a whole number 1..1000'],
      ['maxDevices', 1001, 'maxDevices must be a whole number 1..1000'],
      ['maxDevices', 1.5, 'maxDevices must be a whole number 1..1000'],
      ['storeDays', 0, 'storeDays must be a whole number of days, 1 or more'],
      ['storeDays', 36601, 'storeDays must be a whole number of days, 1 or more'],
      ['storeDays', 1.5, 'storeDays must be a whole number of days, 1 or more'],
      ['order', 1000001, 'order must be a valid number'],
      ['order', -1000001, 'order must be a valid number'],
      ['order', 0.5, 'order must be a valid number'],
    ];
    for (const [key, value, message] of cases)
      expect(refusal({ [key]: value })).toEqual({ message, data: { field: key } });
    expect(fields({ price: 0, maxDevices: 1, storeDays: 1 })).toEqual({
      price: 0,
      maxDevices: 1,
      storeDays: 1,
    });
  });

  it('wants a 3-letter currency code', () => {
    for (const bad of ['US', 'USDX', 'U5D', 840, '', 'us d'])
      expect(refusal({ currency: bad })).toEqual({
        message: 'currency must be a 3-letter code such as USD',
        data: { field: 'currency' },
      });
  });

  it('knows two statuses', () => {
    expect(refusal({ status: 'archived' })).toEqual({
      message: 'status must be draft or published',
      data: { field: 'status' },
    });
    expect(fields({ status: 'draft' })).toEqual({ status: 'draft' });
  });

  it('takes device types 0..13 once each, at most as many as there are types', () => {
    expect(fields({ deviceTypes: [0, 13, 0] })).toEqual({ deviceTypes: [0, 13] });
    expect(fields({ deviceTypes: [] })).toEqual({ deviceTypes: [] });
    const all = Array.from({ length: 14 }, (_, i) => i);
    expect(fields({ deviceTypes: all })).toEqual({ deviceTypes: all });
    const refused = {
      message: 'deviceTypes must be a list of device type ids 0..13',
      data: { field: 'deviceTypes' },
    };
    for (const bad of [[14], [-1], [1.5], ['1'], 1, [...all, 0]])
      expect(refusal({ deviceTypes: bad })).toEqual(refused);
  });

  it('reads features as {text} or text, trimmed, keeping their ids or giving new ones', () => {
    expect(fields({ features: [' Live data ', { _id: A, text: 'History' }] })).toEqual({
      features: [
        { _id: '000000000000000000000000', text: 'Live data' },
        { _id: A, text: 'History' },
      ],
    });
    const bare = planInputRules(
      inputReaders((message, data) => new Refused(message, data)),
      () => 'bbbbbbbbbbbbbbbbbbbbbbbb',
    ).planFields({ features: ['Kept'] }, false);
    expect(bare).toEqual({ features: [{ _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', text: 'Kept' }] });
    const previous = [{ _id: A, text: 'Kept' }];
    expect(fields({ features: ['Kept'] }, false, previous)).toEqual({ features: [{ _id: A, text: 'Kept' }] });
    expect(fields({ features: ['x'.repeat(200)] }).features?.[0].text).toHaveLength(200);
  });

  it('refuses features that are not a list of at most 30 texts of 1..200 characters', () => {
    const list = { message: 'features must be a list of at most 30 {text}', data: { field: 'features' } };
    expect(refusal({ features: 'x' })).toEqual(list);
    expect(refusal({ features: Array.from({ length: 31 }, (_, i) => `f${i}`) })).toEqual(list);
    expect(fields({ features: Array.from({ length: 30 }, (_, i) => `f${i}`) }).features).toHaveLength(30);
    const shape = { message: 'Each feature must be {text}', data: { field: 'features' } };
    for (const bad of [[5], [null], [['x']], [{ text: 'a', extra: 1 }], [{ text: 5 }], [{}]])
      expect(refusal({ features: bad })).toEqual(shape);
    const length = { message: 'A feature text must be 1..200 characters', data: { field: 'features' } };
    expect(refusal({ features: ['  '] })).toEqual(length);
    expect(refusal({ features: ['x'.repeat(201)] })).toEqual(length);
    expect(refusal({ features: [{ _id: 'x', text: 'a' }] })).toEqual({
      message: 'Feature 1 has an invalid _id',
      data: { field: 'features' },
    });
  });
});
