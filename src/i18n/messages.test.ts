import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../domain/errors';
import { translateServerMessage } from './messages';

beforeAll(() => {
  i18n.load('en', {});
  i18n.activate('en');
});

describe('translateServerMessage', () => {
  it('translates error codes', () => {
    expect(translateServerMessage('macClaimed')).toBe(ERRORS.macClaimed);
    expect(translateServerMessage('required')).toBe('Required');
  });

  it('shows any other text as it came: an English message is not matched', () => {
    expect(translateServerMessage('Some new server message')).toBe('Some new server message');
    expect(translateServerMessage(ERRORS.macClaimed)).toBe(ERRORS.macClaimed);
  });
});
