// @vitest-environment happy-dom
import '../../components/test-setup';
import { describe, expect, it } from 'vitest';
import { validateSignup } from './SignupPage';

describe('sign-up validation (spec §5)', () => {
  const ok = { email: 'a@b.co', password: 'long-enough', confirm: 'long-enough', terms: true };

  it('accepts a complete form', () => {
    expect(validateSignup(ok)).toEqual({});
  });

  it('names each problem by the code of its spec message (translated on the page)', () => {
    expect(validateSignup({ ...ok, password: 'short', confirm: 'short' }).password).toBe('passwordMin');
    expect(validateSignup({ ...ok, confirm: 'other-value' }).confirm).toBe('passwordDifferent');
    expect(validateSignup({ ...ok, terms: false }).terms).toBe('acceptTerms');
    expect(validateSignup({ ...ok, email: 'x@' }).email).toBe('emailFormat');
  });
});
