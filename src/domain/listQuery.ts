// The generic list layer's query rules (spec §7 "Generic list service"), pure so that the server (which runs them
// as SQL, server/services/common/list-query.ts) and the mocks (which run them over their in-memory rows) read a
// find query the same way and refuse the same things with the same 400 messages. `fail` builds the 400.
//
//   $limit 0..100 (default 10), $skip 0..1 000 000, $paginate, $sort up to 3 fields (_id breaks ties), $select,
//   $populate of declared relations, $cursor (decoded by the caller: its encoding is the server's), and filters:
//   equality, $in/$nin, $ne, $gt/$gte/$lt/$lte, $regex (+ $options 'i', as a safe text match) and $or/$and.
import type { Fail } from './readers';

export type FieldType = 'id' | 'string' | 'number' | 'boolean';

export interface FieldSpec {
  type: FieldType;
  /** Where null sorts: 'low' (before every value; the default) or 'high' (after: an end where null = never). */
  nulls?: 'low' | 'high';
  /** A JSON list column: it may be selected, not filtered or sorted. */
  json?: boolean;
}

/** What a list declares: its fields, its order without $sort and the names it may populate. */
export interface ListShape {
  fields: Record<string, FieldSpec>;
  sort: Record<string, 1 | -1>;
  populate?: Record<string, unknown>;
}

export interface TextMatch {
  text: string;
  /** Anchored at the start (`^`) / at the end (`$`). */
  start: boolean;
  end: boolean;
  caseInsensitive: boolean;
}

export type Scalar = string | number | boolean | null;
export type Op = '=' | '!=' | 'in' | 'nin' | '>' | '>=' | '<' | '<=' | 'match';
export type Condition =
  | { and: Condition[] }
  | { or: Condition[] }
  | { field: string; op: Op; value: Scalar | Scalar[] | TextMatch };
export type Sort = [field: string, direction: 1 | -1][];

export interface ParsedListQuery {
  where: Condition;
  limit: number;
  skip: number;
  /** Always ends with _id. */
  sort: Sort;
  select: string[] | null;
  paginate: boolean;
  /** $cursor as sent (undefined when absent); the caller decodes it. */
  cursor: unknown;
  populate: string[];
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
export const MAX_IN = 100;
export const MAX_REGEX_LENGTH = 100;
const MAX_SKIP = 1_000_000;
const MAX_SORT = 3;
const MAX_DEPTH = 3;
const MAX_CONDITIONS = 50;
const MAX_TEXT = 200;
const META = new Set(['.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '^', '$']);
const COMPARISONS: Record<string, Op> = { $ne: '!=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
const RESERVED = new Set(['$limit', '$skip', '$sort', '$select', '$paginate', '$cursor', '$populate']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

export function listQueryRules(fail: Fail) {
  const bad = (message: string, field?: string) => fail(message, field ? { field } : undefined);

  /**
   * `$regex` as a safe text match that behaves the same everywhere: plain text (matched anywhere), a leading `^`,
   * a trailing `$`, and punctuation escaped with `\` (taken literally). Other regex syntax is refused rather than
   * guessed at. `$options: 'i'` makes it case-insensitive.
   */
  function parseRegex(field: string, source: unknown, options: unknown): TextMatch {
    if (typeof source !== 'string') throw fail(`${field}.$regex must be text`, { field });
    if (source.length > MAX_REGEX_LENGTH)
      throw fail(`${field}.$regex is longer than ${MAX_REGEX_LENGTH} characters`, { field });
    if (options !== undefined && options !== '' && options !== 'i')
      throw fail(`${field}.$options may only be 'i'`, { field });
    const unsupported = () =>
      fail(
        `${field}.$regex '${source}' is not supported: use text with an optional ^ or $ anchor (escape other symbols with \\)`,
        { field },
      );
    let text = '';
    let start = false;
    let end = false;
    for (let i = 0; i < source.length; i++) {
      const c = source[i];
      if (c === '\\') {
        const next = source[i + 1];
        // \d, \w, \b … are classes, not characters: refused like other regex syntax.
        if (next === undefined || /[0-9A-Za-z]/.test(next)) throw unsupported();
        text += next;
        i++;
      } else if (c === '^' && i === 0) start = true;
      else if (c === '$' && i === source.length - 1) end = true;
      else if (META.has(c)) throw unsupported();
      else text += c;
    }
    return { text, start, end, caseInsensitive: options === 'i' };
  }

  /** A list given as an array or as qs's object form {0: a, 1: b} (qs turns long arrays into objects). */
  function listOf(v: unknown, what: string): unknown[] {
    if (Array.isArray(v)) return v;
    if (isPlainObject(v) && Object.keys(v).every((k) => /^\d+$/.test(k)))
      return Object.entries(v)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, x]) => x);
    throw bad(`${what} must be a list`);
  }

  function integer(v: unknown, key: string, min: number, max: number, fallback: number): number {
    if (v === undefined || v === '') return fallback;
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw bad(`${key} must be a whole number ${min}..${max}`);
    return n;
  }

  /** A query value as the field's type (REST sends everything as text). */
  function coerce(field: string, spec: FieldSpec, v: unknown): Scalar {
    if (v === null || (v === 'null' && spec.type !== 'string')) return null;
    switch (spec.type) {
      case 'id':
        if (typeof v !== 'string' || !/^[0-9a-f]{24}$/.test(v))
          throw bad(`${field} holds an invalid id`, field);
        return v;
      case 'string':
        if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length > MAX_TEXT)
          throw bad(`${field} must be text of at most ${MAX_TEXT} characters`, field);
        return String(v);
      case 'number': {
        const n =
          typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
        if (!Number.isFinite(n)) throw bad(`${field} must be a number`, field);
        return n;
      }
      case 'boolean':
        if (v === true || v === 'true' || v === 1 || v === '1') return true;
        if (v === false || v === 'false' || v === 0 || v === '0') return false;
        throw bad(`${field} must be true or false`, field);
    }
  }

  function fieldSpec(spec: ListShape, field: string): FieldSpec {
    const f = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
    if (!f) throw bad(`Unknown field ${field}`, field);
    if (f.json) throw bad(`${field} cannot be queried`, field);
    return f;
  }

  function parseWhere(
    input: unknown,
    spec: ListShape,
    depth: number,
    count: { n: number },
    topLevel: boolean,
  ): Condition[] {
    if (!isPlainObject(input)) throw bad('A query must be an object');
    const out: Condition[] = [];
    const add = (c: Condition) => {
      if (++count.n > MAX_CONDITIONS) throw bad(`A query may hold at most ${MAX_CONDITIONS} conditions`);
      out.push(c);
    };
    for (const [key, value] of Object.entries(input)) {
      if (key === '$or' || key === '$and') {
        if (depth >= MAX_DEPTH) throw bad(`$or and $and nest at most ${MAX_DEPTH} deep`);
        const parts = listOf(value, key);
        if (parts.length === 0) throw bad(`${key} must be a non-empty list of queries`);
        const subs = parts.map((p) => ({ and: parseWhere(p, spec, depth + 1, count, false) }));
        add(key === '$or' ? { or: subs } : { and: subs });
        continue;
      }
      if (key.startsWith('$')) {
        if (topLevel && RESERVED.has(key)) continue;
        throw bad(`Unknown query parameter ${key}`);
      }
      const f = fieldSpec(spec, key);
      if (Array.isArray(value)) throw bad(`${key} must be one value (use $in for a list)`, key);
      if (!isPlainObject(value)) {
        add({ field: key, op: '=', value: coerce(key, f, value) });
        continue;
      }
      const ops = Object.keys(value);
      if (ops.length === 0) throw bad(`${key} needs a value or an operator`, key);
      if ('$options' in value && !('$regex' in value)) throw bad(`${key}.$options needs $regex`, key);
      for (const op of ops) {
        const v = value[op];
        if (op === '$in' || op === '$nin') {
          const list = listOf(
            v === undefined || isPlainObject(v) || Array.isArray(v) ? v : [v],
            `${key}.${op}`,
          );
          if (list.length > MAX_IN) throw bad(`${key}.${op} may hold at most ${MAX_IN} values`, key);
          add({ field: key, op: op === '$in' ? 'in' : 'nin', value: list.map((x) => coerce(key, f, x)) });
        } else if (Object.hasOwn(COMPARISONS, op)) {
          // Own keys only: `toString` is `in` every object, and the server writes the operator into its SQL.
          const c = coerce(key, f, v);
          if (c === null && op !== '$ne') throw bad(`${key}.${op} needs a value`, key);
          add({ field: key, op: COMPARISONS[op], value: c });
        } else if (op === '$regex') {
          if (f.type !== 'string') throw bad(`${key} is not text: $regex cannot be used`, key);
          add({ field: key, op: 'match', value: parseRegex(key, v, value.$options) });
        } else if (op !== '$options') throw bad(`Unknown operator ${op} on ${key}`, key);
      }
    }
    return out;
  }

  function parseSort(input: unknown, spec: ListShape): Sort {
    if (input === undefined || input === '') {
      const sort = Object.entries(spec.sort) as Sort;
      return sort.some(([f]) => f === '_id') ? sort : [...sort, ['_id', 1]];
    }
    if (!isPlainObject(input)) throw bad('$sort must be an object like {field: 1}');
    const sort: Sort = [];
    for (const [field, dir] of Object.entries(input)) {
      fieldSpec(spec, field);
      const d = dir === 1 || dir === '1' ? 1 : dir === -1 || dir === '-1' ? -1 : 0;
      if (!d) throw bad(`$sort[${field}] must be 1 or -1`, field);
      sort.push([field, d]);
    }
    if (sort.length === 0 || sort.length > MAX_SORT) throw bad(`$sort takes 1 to ${MAX_SORT} fields`);
    return sort.some(([f]) => f === '_id') ? sort : [...sort, ['_id', 1]];
  }

  function names(input: unknown, key: string): string[] {
    if (input === undefined || input === '') return [];
    const list = typeof input === 'string' ? [input] : listOf(input, key);
    return list.flatMap((x) => {
      if (typeof x !== 'string') throw bad(`${key} must be a list of names`);
      return x
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    });
  }

  /** Reads and checks a find query. */
  function parseListQuery(query: unknown, spec: ListShape): ParsedListQuery {
    const q = query === undefined ? {} : query;
    if (!isPlainObject(q)) throw bad('A query must be an object');
    const sort = parseSort(q.$sort, spec);
    let select: string[] | null = null;
    if (q.$select !== undefined) {
      const list = names(q.$select, '$select');
      for (const f of list) if (!Object.hasOwn(spec.fields, f)) throw bad(`Unknown field ${f} in $select`, f);
      select = [...new Set(['_id', ...list])];
    }
    const populate = [...new Set(names(q.$populate, '$populate'))];
    for (const p of populate)
      if (!spec.populate || !Object.hasOwn(spec.populate, p)) throw bad(`${p} cannot be populated`);
    const paginate = q.$paginate;
    if (![undefined, true, false, 'true', 'false'].includes(paginate as string))
      throw bad('$paginate must be true or false');
    const skip = integer(q.$skip, '$skip', 0, MAX_SKIP, 0);
    const cursor = q.$cursor === '' ? undefined : q.$cursor;
    if (cursor !== undefined && skip > 0) throw bad('$cursor and $skip cannot be used together');
    return {
      where: { and: parseWhere(q, spec, 0, { n: 0 }, true) },
      limit: integer(q.$limit, '$limit', 0, MAX_LIMIT, DEFAULT_LIMIT),
      skip,
      sort,
      select,
      paginate: paginate !== false && paginate !== 'false',
      cursor,
      populate,
    };
  }

  return { parseListQuery, parseRegex, coerce };
}
