// Collects catalogue values from protocol fields and remembers which fields were consumed, so everything
// else the console sent ends up in `unmapped`.

import { parseNumber } from './values';

type Convert = (value: number) => number | null;

export class FieldMapper {
  readonly values: Record<string, number | null> = {};
  /** First occurrence of each field: URLSearchParams lookups scan every field, a Map does not. */
  private readonly fields = new Map<string, string>();
  private readonly consumed = new Set<string>();

  /** `ignored`: meta and credential fields, never reported as unmapped. */
  constructor(params: URLSearchParams, ignored: Iterable<string>) {
    for (const [key, value] of params) if (!this.fields.has(key)) this.fields.set(key, value);
    for (const key of ignored) this.consumed.add(key);
  }

  has(field: string): boolean {
    return this.fields.has(field);
  }

  /** Raw text of a field (first occurrence), marking it consumed. */
  text(field: string): string | undefined {
    const value = this.fields.get(field);
    if (value !== undefined) this.consumed.add(field);
    return value;
  }

  /** Numeric value of a field (undefined absent, null no value), marking it consumed. */
  num(field: string): number | null | undefined {
    return parseNumber(this.text(field));
  }

  /** Sets `key` unless `value` is undefined (field absent). */
  set(key: string, value: number | null | undefined): void {
    if (value !== undefined) this.values[key] = value;
  }

  /** Sets `key` only when it holds no value yet (absent or null): for fallback fields. */
  fill(key: string, value: number | null | undefined): void {
    if (value === undefined) return;
    const current = this.values[key];
    if (current === undefined || current === null) this.values[key] = value;
  }

  /** Keeps the lowest non-null value for `key` (several battery reports folded into one key). */
  lowest(key: string, value: number | null | undefined): void {
    if (value === undefined) return;
    const current = this.values[key];
    if (current === undefined || current === null) this.values[key] = value;
    else if (value !== null && value < current) this.values[key] = value;
  }

  /** field → key, converting non-null values. */
  map(field: string, key: string, convert?: Convert): void {
    this.set(key, this.convert(field, convert));
  }

  /** field → key only when key holds no value yet (fallback / alternative-unit variant). */
  fallback(field: string, key: string, convert?: Convert): void {
    this.fill(key, this.convert(field, convert));
  }

  private convert(field: string, convert?: Convert): number | null | undefined {
    const value = this.num(field);
    if (value === undefined || value === null || !convert) return value;
    return convert(value);
  }

  /** Fields sent but neither mapped nor ignored: key → raw value (first occurrence). */
  unmapped(): Record<string, string> {
    // A Map then fromEntries: field names such as `__proto__` or `constructor` become plain own properties.
    const out = new Map<string, string>();
    for (const [key, value] of this.fields) if (!this.consumed.has(key)) out.set(key, value);
    return Object.fromEntries(out);
  }
}
