// @vitest-environment happy-dom
import '../../app/test-setup';
import { describe, expect, it } from 'vitest';
import { validateSignup } from './SignupPage';

describe('sign-up validation (spec §5)', () => {
  const ok = { email: 'a@b.co', password: 'long-enough', confirm: 'long-enough', terms: true };

  it('accepts a complete form', () => {
    expect(validateSignup(ok)).toEqual({});
  });

  it('names each problem with the spec message', () => {
    expect(validateSignup({ ...ok, password: 'short', confirm: 'short' }).password).toBe('At least 8 alphas');
    expect(validateSignup({ ...ok, confirm: 'other-value' }).confirm).toBe('Password is different');
    expect(validateSignup({ ...ok, terms: false }).terms).toBe(
      'Please read and agree the Terms and Conditions.',
    );
    expect(validateSignup({ ...ok, email: 'x@' }).email).toBe('Email format is wrong');
  });
});
