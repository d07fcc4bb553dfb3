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

describe('card edges (mutation survivors, issue 30)', () => {
  test('brands by their leading digits only', () => {
    for (const n of [
      '1347000000000000',
      '0510000000000000',
      '0601100000000000',
      '1300000000000000',
      '1350000000000000',
      '1620000000000000',
      '9999000000000000',
    ])
      expect(brandOf(n), n).toBe('unknown');
    expect(brandOf('2300000000000000')).toBe('mastercard');
    expect(brandOf('2710000000000000')).toBe('mastercard');
    expect(brandOf('6440000000000000')).toBe('discover');
    expect(brandOf('30000000000004')).toBe('diners');
    expect(brandOf('38000000000000')).toBe('diners');
    expect(brandOf('3060000000000000')).toBe('unknown');
    expect(brandOf('3530111333300000')).toBe('jcb');
    expect(brandOf('6200000000000000')).toBe('unionpay');
  });
  test('typing helpers: 19 digits at most, other characters dropped, a short Amex without trailing spaces', () => {
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242 424');
    expect(formatCardNumber('4242/4242')).toBe('4242 4242');
    expect(formatCardNumber('3782')).toBe('3782');
    expect(formatCardNumber('378282')).toBe('3782 82');
    expect(formatExpiry('123456')).toBe('12 / 34');
    expect(formatExpiry('12/3')).toBe('12 / 3');
    expect(formatExpiry('12')).toBe('12');
  });
  test('expiry read with or without the slash, whole text only, months 1..12', () => {
    expect(readExpiry('1225')).toEqual({ month: 12, year: 2025 });
    expect(readExpiry('1/25')).toEqual({ month: 1, year: 2025 });
    expect(readExpiry('x12/25')).toBeNull();
    expect(readExpiry('13/25')).toBeNull();
    expect(readExpiry('0/25')).toBeNull();
  });
  test('expiry against 26 November 2026: this month on is good, up to 50 years ahead; month 1 and 12 are months', () => {
    const expiry = (expMonth: number, expYear: number) =>
      checkCard(card('4242424242424242', { expMonth, expYear }), now).filter((p) => p.field === 'expiry');
    expect(expiry(11, 2026)).toEqual([]);
    expect(expiry(1, 2027)).toEqual([]);
    expect(expiry(10, 2026)).toEqual([{ field: 'expiry', code: 'cardExpiryPast' }]);
    expect(expiry(12, 2025)).toEqual([{ field: 'expiry', code: 'cardExpiryPast' }]);
    expect(expiry(13, 2027)).toEqual([{ field: 'expiry', code: 'cardExpiryIncomplete' }]);
    expect(expiry(0, 2027)).toEqual([{ field: 'expiry', code: 'cardExpiryIncomplete' }]);
    expect(expiry(12, 2076)).toEqual([]);
    expect(expiry(1, 2077)).toEqual([{ field: 'expiry', code: 'cardExpiryYear' }]);
  });
  test('every documented test card', () => {
    expect(sandboxOutcome('4000000000000127')).toEqual({ ok: false, code: 'cardCvcWrong' });
    expect(sandboxOutcome('4000 0000 0000 0119')).toEqual({ ok: false, code: 'cardProcessing' });
  });
});
