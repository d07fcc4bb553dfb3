import { BadRequest, Conflict, NotFound } from '@feathersjs/errors';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../src/domain/errors';
import { withErrorCode } from './error-codes';

describe('error codes on answers', () => {
  test('a catalogue message gets its code beside the data it had; the English message stays', () => {
    const e = withErrorCode(new Conflict(ERRORS.macClaimed, { field: 'macAuth' })) as Conflict;
    expect(e.toJSON()).toMatchObject({
      message: 'This MAC address already identifies another station',
      data: { field: 'macAuth', code: 'macClaimed' },
    });
    expect((withErrorCode(new NotFound(ERRORS.deviceNotFound)) as NotFound).data).toEqual({
      code: 'deviceNotFound',
    });
  });

  test('other messages, codes already set and non-Feathers errors are left alone', () => {
    expect((withErrorCode(new BadRequest('format must be csv or xlsx')) as BadRequest).data).toBeUndefined();
    const set = new BadRequest(ERRORS.required, { code: 'passwordMin' });
    expect((withErrorCode(set) as BadRequest).data).toEqual({ code: 'passwordMin' });
    const plain = new Error(ERRORS.required);
    expect(withErrorCode(plain)).toBe(plain);
  });
});
