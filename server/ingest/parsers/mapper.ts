// Collects catalogue values from protocol fields and remembers which fields were consumed, so everything
// else the console sent ends up in `unmapped`.

import { type FieldSource, type Fields, fieldsOf } from './fields';
import { parseNumber } from './values';

type Convert = (value: number) => number | null;

/** field → [catalogue key, conversion]: a protocol's plain fields, each key reached by one field only. */
export type FieldTable = ReadonlyMap<string, readonly [key: string, convert?: Convert]>;

export function fieldTable(entries: ReadonlyArray<readonly [string, string, Convert?]>): FieldTable {
  const keys = new Set(entries.map(([, key]) => key));
  // One field per key: then applying the table in upload order equals applying it in table order.
  if (keys.size !== entries.length) throw new Error('A field table maps two fields to one key');
  return new Map(entries.map(([field, key, convert]) => [field, [key, convert]] as const));
}

export class FieldMapper {
  readonly values: Record<string, number | null> = {};
  readonly fields: Fields;
  private readonly consumed = new Set<string>();
  /** Fields mapTable did not take: the only candidates for `unmapped` once it ran. */
  private rest: string[] | null = null;

  /** `ignored`: meta and credential fields, never reported as unmapped. */
  constructor(
    source: FieldSource,
    private readonly ignored: ReadonlySet<string>,
  ) {
    this.fields = fieldsOf(source);
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

  /** Every field of `table` the console sent, in one pass over the fields sent (not over the table). Once per upload. */
  mapTable(table: FieldTable): void {
    const rest: string[] = [];
    for (const [field, raw] of this.fields) {
      const entry = table.get(field);
      if (!entry) {
        rest.push(field);
        continue;
      }
      const value = parseNumber(raw) ?? null;
      const convert = entry[1];
      this.values[entry[0]] = value === null || !convert ? value : convert(value);
    }
    this.rest = rest;
  }

  /**
   * field → key only when key holds no value yet (fallback / alternative-unit variant). A fallback that says
   * the same as the stored value (within the rounding of its own units) was stored too; one that says something
   * else was not, and stays in `unmapped`, so the owner sees everything that was not stored.
   */
  fallback(field: string, key: string, convert?: Convert): void {
    const current = this.values[key];
    if (current === undefined || current === null) {
      this.fill(key, this.convert(field, convert));
      return;
    }
    const raw = parseNumber(this.fields.get(field));
    const value = raw === undefined || raw === null || !convert ? raw : convert(raw);
    if (typeof value === 'number' && Math.abs(value - current) <= Math.max(0.1, Math.abs(current) * 0.005))
      this.consumed.add(field);
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
    for (const key of this.rest ?? this.fields.keys())
      if (!this.consumed.has(key) && !this.ignored.has(key)) out.set(key, this.fields.get(key)!);
    return out.size === 0 ? {} : Object.fromEntries(out);
  }
}
