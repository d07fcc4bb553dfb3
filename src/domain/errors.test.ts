import { describe, expect, it } from 'vitest';
import { coded, ERRORS, errorCodeOf, isErrorCode } from './errors';
import { MESSAGES, validateMac } from './validate';

describe('error codes', () => {
  it('give each message one code, and the spec §5 messages are among them', () => {
    const messages = Object.values(ERRORS);
    expect(new Set(messages).size).toBe(messages.length);
    expect(MESSAGES.invalidMac).toBe('Invalid MAC address');
  });

  it('are read from data.code only, never from the message', () => {
    expect(errorCodeOf({ message: 'x', data: { code: 'macClaimed', field: 'macAuth' } })).toBe('macClaimed');
    expect(errorCodeOf({ message: ERRORS.macClaimed })).toBeUndefined();
    expect(errorCodeOf({ data: { code: 'toString' } })).toBeUndefined();
    expect(errorCodeOf(null)).toBeUndefined();
    expect(isErrorCode('deviceNotFound')).toBe(true);
    expect(coded('invalidMac', { field: 'mac' })).toEqual({ field: 'mac', code: 'invalidMac' });
  });

  it('are what validators answer', () => {
    expect(validateMac('zz')).toBe('invalidMacFormat');
    expect(isErrorCode(validateMac('zz'))).toBe(true);
  });
});

describe('codes of odd errors (mutation survivors, issue 30)', () => {
  it('no code from null, a data of null, or a list naming a code', () => {
    expect(errorCodeOf(null)).toBeUndefined();
    expect(errorCodeOf(undefined)).toBeUndefined();
    expect(errorCodeOf({ data: null })).toBeUndefined();
    expect(errorCodeOf({ data: { code: ['offline'] } })).toBeUndefined();
    expect(isErrorCode(['offline'])).toBe(false);
    expect(errorCodeOf({ data: { code: 'offline' } })).toBe('offline');
  });
});
