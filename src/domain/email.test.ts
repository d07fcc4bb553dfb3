import { describe, expect, it } from 'vitest';
import { isValidEmail, validateEmail } from './email';

describe('e-mail checks', () => {
  it('a missing or blank address is required; a malformed one has the format error', () => {
    for (const v of [null, undefined, '', '   ']) expect(validateEmail(v), String(v)).toBe('required');
    expect(validateEmail('a@b')).toBe('emailFormat');
    expect(validateEmail(' a@b.cz ')).toBeNull();
    expect(isValidEmail('a b@c.cz')).toBe(false);
  });
});
