// Card input checks (spec §5: "Card security code: 3 digits on the back, or 4 on the front for one card brand"):
// the sandbox payment provider and the card form use the same rules as the real provider: the number's Luhn check
// digit and length for its brand, an expiry month not in the past, a CVC of 3 digits (4 for American Express).
// Stripe's documented test cards decide the sandbox outcome. Problems are error codes (errors.ts).
import type { ErrorCode } from './errors';

export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'discover'
  | 'diners'
  | 'jcb'
  | 'unionpay'
  | 'unknown';

export type CardField = 'number' | 'expiry' | 'cvc';
export interface CardProblem {
  field: CardField;
  code: ErrorCode;
}

export const digitsOf = (s: string) => s.replace(/[\s-]/g, '');

export function brandOf(number: string): CardBrand {
  const n = digitsOf(number);
  if (/^3[47]/.test(n)) return 'amex';
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners';
  if (/^35/.test(n)) return 'jcb';
  if (/^62/.test(n)) return 'unionpay';
  return 'unknown';
}

const LENGTHS: Record<CardBrand, number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 19],
  diners: [14, 16],
  jcb: [16, 19],
  unionpay: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

export function luhn(number: string): boolean {
  const n = digitsOf(number);
  if (!/^\d+$/.test(n)) return false;
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4242 4242 4242 4242", "3782 822463 10005" (Amex groups 4-6-5). */
export function formatCardNumber(input: string): string {
  const n = digitsOf(input).replace(/\D/g, '').slice(0, 19);
  if (brandOf(n) === 'amex')
    return [n.slice(0, 4), n.slice(4, 10), n.slice(10, 15)].filter(Boolean).join(' ');
  return n.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" as typed. */
export function formatExpiry(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/** Month and four-digit year from "MM / YY", "MM/YYYY" or numbers; null when unreadable. */
export function readExpiry(input: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The first problem of each field (empty when the card can be charged). */
export function checkCard(card: CardInput, now = new Date()): CardProblem[] {
  const problems: CardProblem[] = [];
  const n = digitsOf(String(card.number ?? ''));
  const brand = brandOf(n);
  if (!/^\d+$/.test(n) || !LENGTHS[brand].includes(n.length) || !luhn(n))
    problems.push({ field: 'number', code: 'cardNumberInvalid' });
  const month = Number(card.expMonth);
  const year = Number(card.expYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
    problems.push({ field: 'expiry', code: 'cardExpiryIncomplete' });
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    problems.push({ field: 'expiry', code: 'cardExpiryPast' });
  else if (year > now.getUTCFullYear() + 50) problems.push({ field: 'expiry', code: 'cardExpiryYear' });
  const cvc = String(card.cvc ?? '');
  if (!new RegExp(`^\\d{${cvcLength(brand)}}$`).test(cvc))
    problems.push({ field: 'cvc', code: 'cardCvcIncomplete' });
  return problems;
}

export type SandboxOutcome = { ok: true } | { ok: false; code: ErrorCode };

/**
 * What the sandbox answers for a valid card, after Stripe's documented test numbers: 4000000000000002 declined,
 * 4000000000009995 insufficient funds, 4000000000000069 expired, 4000000000000127 wrong CVC, 4000000000000119
 * processing error; every other valid number (4242 4242 4242 4242, 5555 5555 5555 4444, 3782 822463 10005, …)
 * succeeds.
 */
export function sandboxOutcome(number: string): SandboxOutcome {
  const declined: Record<string, ErrorCode> = {
    '4000000000000002': 'cardDeclined',
    '4000000000009995': 'cardInsufficientFunds',
    '4000000000000069': 'cardExpired',
    '4000000000000127': 'cardCvcWrong',
    '4000000000000119': 'cardProcessing',
  };
  const code = declined[digitsOf(number)];
  return code ? { ok: false, code } : { ok: true };
}
