import { BadRequest, Conflict, NotAuthenticated, NotFound } from '@feathersjs/errors';
import { describe, expect, test } from 'vitest';
import { ERRORS } from '../../src/domain/errors';
import { codedError, withErrorCode } from './error-codes';

describe('error codes on answers', () => {
  test('codedError names the code at the throw site, beside the data; the English message stays', () => {
    const e = codedError(Conflict, 'macClaimed', { field: 'macAuth' });
    expect(e).toBeInstanceOf(Conflict);
    expect(e.toJSON()).toMatchObject({
      message: 'This MAC address already identifies another station',
      data: { field: 'macAuth', code: 'macClaimed' },
    });
  });

  test('only the libraries’ own 401 messages are coded by their text', () => {
    expect((withErrorCode(new NotAuthenticated(ERRORS.wrongLogin)) as NotAuthenticated).data).toEqual({
      code: 'wrongLogin',
    });
    expect((withErrorCode(new NotAuthenticated('Not authenticated')) as NotAuthenticated).data).toEqual({
      code: 'notAuthenticated',
    });
    // Our own throws name their code: a catalogue message without one stays uncoded (and fails the contract).
    expect((withErrorCode(new NotFound(ERRORS.deviceNotFound)) as NotFound).data).toBeUndefined();
  });

  test('other messages, codes already set and non-Feathers errors are left alone', () => {
    expect((withErrorCode(new BadRequest('format must be csv or xlsx')) as BadRequest).data).toBeUndefined();
    const set = new NotAuthenticated(ERRORS.wrongLogin, { code: 'tooManyAttempts' });
    expect((withErrorCode(set) as NotAuthenticated).data).toEqual({ code: 'tooManyAttempts' });
    const plain = new Error(ERRORS.required);
    expect(withErrorCode(plain)).toBe(plain);
  });
});
