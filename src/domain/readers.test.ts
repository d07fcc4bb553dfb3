import { describe, expect, it } from 'vitest';
import { inputReaders } from './readers';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const r = inputReaders((message, data) => new Refused(message, data));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return { message: (e as Refused).message, data: (e as Refused).data };
  }
  throw new Error('accepted');
};

describe('input readers', () => {
  it('name the code of a catalogue error where they throw it', () => {
    expect(refusal(() => r.str({}, 'password', { required: true }))).toEqual({
      message: 'Required',
      data: { field: 'password', code: 'required' },
    });
    expect(refusal(() => r.num({ latitude: 'x' }, 'latitude', { code: 'invalidLatLng' }))).toEqual({
      message: 'Invalid Latitude or Longitude',
      data: { field: 'latitude', code: 'invalidLatLng' },
    });
    expect(r.failCode('macClaimed', { field: 'macAuth' }) as Refused).toMatchObject({
      message: 'This MAC address already identifies another station',
    });
    expect((r.failCode('macClaimed', { field: 'macAuth' }) as Refused).data).toEqual({
      field: 'macAuth',
      code: 'macClaimed',
    });
  });

  it('leave their own messages without a code', () => {
    expect(refusal(() => r.str({ name: 3 }, 'name'))).toEqual({
      message: 'name must be text',
      data: { field: 'name' },
    });
  });
});

describe('each reader at its edges (mutation survivors, issue 30)', () => {
  const ID = '0123456789abcdef01234567';
  it('text: trimmed, its length bounds inclusive, a required field’s own message kept', () => {
    expect(r.str({ a: '  abc  ' }, 'a', { min: 3, max: 3 })).toBe('abc');
    expect(refusal(() => r.str({ a: 'ab' }, 'a', { min: 3 }))).toEqual({
      message: 'a is shorter than 3 characters',
      data: { field: 'a' },
    });
    expect(refusal(() => r.str({ a: 'abcd' }, 'a', { max: 3 }))).toEqual({
      message: 'a is longer than 3 characters',
      data: { field: 'a' },
    });
    expect(r.str({ a: 'abcd' }, 'a')).toBe('abcd');
    expect(refusal(() => r.str({ a: '' }, 'a', { required: true, message: 'Give a name' }))).toEqual({
      message: 'Give a name',
      data: { field: 'a' },
    });
    expect(r.str({ a: null }, 'a')).toBeUndefined();
  });
  it('numbers: numeric text, bounds inclusive, integers when asked; other types refused', () => {
    expect(r.num({ n: '12.5' }, 'n', { min: 12.5, max: 12.5 })).toBe(12.5);
    expect(r.num({ n: 7 }, 'n', { integer: true })).toBe(7);
    for (const bad of [{ n: true }, { n: [3] }, { n: '3x' }, { n: 11 }, { n: 21 }, { n: 12.5 }])
      expect(
        refusal(() => r.num(bad, 'n', { min: 12, max: 20, integer: true })),
        JSON.stringify(bad),
      ).toEqual({
        message: 'n must be a valid number',
        data: { field: 'n' },
      });
    expect(r.num({ n: 5 }, 'n', { min: 3 })).toBe(5);
    expect(r.num({ n: 5 }, 'n', { max: 9 })).toBe(5);
    expect(refusal(() => r.num({}, 'n', { required: true }))).toEqual({
      message: 'n is required',
      data: { field: 'n' },
    });
  });
  it('booleans: true/false, "true"/"false", "1"/"0", 1/0; blank is none', () => {
    for (const v of [true, 'true', '1', 1]) expect(r.bool({ b: v }, 'b'), String(v)).toBe(true);
    for (const v of [false, 'false', '0', 0]) expect(r.bool({ b: v }, 'b'), String(v)).toBe(false);
    for (const v of [undefined, null, '']) expect(r.bool({ b: v }, 'b'), String(v)).toBeUndefined();
    for (const v of ['yes', 2, 'True'])
      expect(refusal(() => r.bool({ b: v }, 'b'))).toEqual({
        message: 'b must be true or false',
        data: { field: 'b' },
      });
  });
  it('id lists: a list, a comma list or an object of ids; blank is none; 24 hex digits each; at most max', () => {
    for (const v of [undefined, null, '']) expect(r.idList(v, 'ids')).toEqual([]);
    expect(r.idList([ID, ID], 'ids')).toEqual([ID, ID]);
    expect(r.idList(`${ID},${ID}`, 'ids')).toEqual([ID, ID]);
    expect(r.idList({ 0: ID, 1: ID }, 'ids')).toEqual([ID, ID]);
    expect(r.idList([ID, ID], 'ids', 2)).toEqual([ID, ID]);
    expect(refusal(() => r.idList([ID, ID, ID], 'ids', 2))).toEqual({
      message: 'ids may hold at most 2 ids',
    });
    expect(refusal(() => r.idList(5, 'ids'))).toEqual({ message: 'ids must be a list of ids' });
    expect(refusal(() => r.idList(true, 'ids'))).toEqual({ message: 'ids must be a list of ids' });
    for (const bad of [`x${ID}`, `${ID}0`, ID.toUpperCase(), ID.slice(1), 5])
      expect(
        refusal(() => r.idList([bad], 'ids')),
        String(bad),
      ).toEqual({ message: 'ids holds an invalid id' });
  });
  it('neither a boolean nor a list is a number, nor a list holding an id an id (their texts would pass)', () => {
    for (const v of [true, [3]])
      expect(
        refusal(() => r.num({ n: v }, 'n')),
        String(v),
      ).toEqual({
        message: 'n must be a valid number',
        data: { field: 'n' },
      });
    expect(refusal(() => r.idList([[ID]], 'ids'))).toEqual({ message: 'ids holds an invalid id' });
  });
  it('one id: refused as required when missing, under its key or "id"', () => {
    expect(r.id(ID)).toBe(ID);
    expect(refusal(() => r.id(undefined))).toEqual({ message: 'id is required' });
    expect(refusal(() => r.id(undefined, 'device'))).toEqual({ message: 'device is required' });
    expect(refusal(() => r.id('nope'))).toEqual({ message: 'id holds an invalid id' });
  });
});
