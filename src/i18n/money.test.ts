import { expect, test } from 'vitest';
import { formatPrice } from './money';

test("prices follow the user's language and the plan's currency", () => {
  expect(formatPrice(299, 'USD', 'en')).toBe('$2.99');
  expect(formatPrice(299, 'USD', 'de').replace(/\s/g, ' ')).toBe('2,99 $');
  expect(formatPrice(2990, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('29,90 €');
  expect(formatPrice(9900, 'CZK', 'cs').replace(/\s/g, ' ')).toBe('99,00 Kč');
  // An unknown code still reads as an amount.
  expect(formatPrice(100, 'X1', 'en')).toBe('1.00 X1');
});
