import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldsOf, parseFields } from './fields';

const viaUrlSearchParams = (text: string) => fieldsOf(new URLSearchParams(text));

describe('parseFields', () => {
  it('reads names and values, the first occurrence winning', () => {
    const f = parseFields('wsid=a&wspw=b&t1tem=20.5&t1tem=99&empty=&bare&&=x');
    expect([...f]).toEqual([
      ['wsid', 'a'],
      ['wspw', 'b'],
      ['t1tem', '20.5'],
      ['empty', ''],
      ['bare', ''],
      ['', 'x'],
    ]);
  });

  it('decodes + and escapes, and keeps malformed escapes as URLSearchParams does', () => {
    const f = parseFields('datetime=2024-07-01+12%3A30%3A05&a%20b=c%2Bd&bad=%ZZ%2&utf=%E2%82%AC&broken=%FF');
    expect(f.get('datetime')).toBe('2024-07-01 12:30:05');
    expect(f.get('a b')).toBe('c+d');
    expect(f.get('bad')).toBe('%ZZ%2');
    expect(f.get('utf')).toBe('€');
    expect(f.get('broken')).toBe('\uFFFD');
  });

  it('adds a body to the query fields without replacing them', () => {
    const f = parseFields('PASSKEY=q&tempf=50');
    parseFields('tempf=60&humidity=40', f);
    expect(f.get('tempf')).toBe('50');
    expect(f.get('humidity')).toBe('40');
  });

  it('agrees with URLSearchParams on any text', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', '=', '&', '+', '%', '2', 'B', 'E', 'F', 'z', ' ', 'é', '€', '8', '0'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(text, (s) => {
        expect([...parseFields(s)]).toEqual([...viaUrlSearchParams(s)]);
      }),
      { numRuns: 2000 },
    );
  });
});
