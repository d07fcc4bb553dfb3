import { describe, expect, test } from 'vitest';
import {
  brandOf,
  checkCard,
  cvcLength,
  formatCardNumber,
  formatExpiry,
  luhn,
  readExpiry,
  sandboxOutcome,
} from './card';

const now = new Date(Date.UTC(2026, 10, 26));
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...extra,
});

describe('card checks', () => {
  test("Luhn and brands of Stripe's test numbers", () => {
    expect(luhn('4242424242424242')).toBe(true);
    expect(luhn('4242424242424241')).toBe(false);
    expect(luhn('4242 4242 abcd')).toBe(false);
    expect(brandOf('4242424242424242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
  });

  test('number, expiry and CVC each report their first problem as a code', () => {
    expect(checkCard(card('4242 4242 4242 4242'), now)).toEqual([]);
    expect(checkCard(card('378282246310005', { cvc: '1234' }), now)).toEqual([]);
    expect(checkCard(card('4242424242424241'), now)).toEqual([
      { field: 'number', code: 'cardNumberInvalid' },
    ]);
    expect(checkCard(card('424242424242'), now)).toEqual([{ field: 'number', code: 'cardNumberInvalid' }]);
    // This month still counts; last month is past.
    expect(checkCard(card('4242424242424242', { expMonth: 11, expYear: 2026 }), now)).toEqual([]);
    expect(checkCard(card('4242424242424242', { expMonth: 10, expYear: 2026 }), now)).toEqual([
      { field: 'expiry', code: 'cardExpiryPast' },
    ]);
    expect(checkCard(card('4242424242424242', { expMonth: 0 }), now)[0].code).toBe('cardExpiryIncomplete');
    expect(checkCard(card('4242424242424242', { expYear: 2099 }), now)[0].code).toBe('cardExpiryYear');
    expect(checkCard(card('4242424242424242', { cvc: '1234' }), now)).toEqual([
      { field: 'cvc', code: 'cardCvcIncomplete' },
    ]);
    expect(checkCard(card('378282246310005', { cvc: '123' }), now)).toEqual([
      { field: 'cvc', code: 'cardCvcIncomplete' },
    ]);
  });

  test('typing helpers group the number as the card does and read MM / YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(readExpiry('12 / 30')).toEqual({ month: 12, year: 2030 });
    expect(readExpiry('7/2031')).toEqual({ month: 7, year: 2031 });
    expect(readExpiry('13/30')).toBeNull();
    expect(readExpiry('')).toBeNull();
  });

  test("the sandbox answers Stripe's documented test cards", () => {
    expect(sandboxOutcome('4242 4242 4242 4242')).toEqual({ ok: true });
    expect(sandboxOutcome('4000000000000002')).toEqual({ ok: false, code: 'cardDeclined' });
    expect(sandboxOutcome('4000000000009995')).toEqual({ ok: false, code: 'cardInsufficientFunds' });
    expect(sandboxOutcome('4000000000000069')).toEqual({ ok: false, code: 'cardExpired' });
  });
});
