// The generic list layer (spec §7 "Generic list service"): a Feathers-style find query → Knex, the same on SQLite
// and PostgreSQL, limited to the fields each service declares. Anything else is a 400 with a clear message.
//
//   $limit    0..100, default 10 (spec §9 page sizes 5/10/20/100; related names are fetched 100 at a time);
//             more than 100 is refused, not cut, so a client never mistakes a cut page for the last one.
//   $skip     0..1 000 000.   $paginate=false  the bare list instead of {total, limit, skip, data, cursor?}.
//   $sort     {field: 1|-1} (REST: $sort[field]=-1), up to 3 fields; _id always breaks ties.
//   $select   a list or comma list of fields; _id is always included.
//   $cursor   keyset paging (list-cursor.ts): a paginated answer carries `cursor` when more rows follow.
//   $populate relation names the service declares: the id field is replaced by the related record (or null),
//             loaded with one `$in` query per relation.
//   filters   field: value (equality; null or REST 'null' on non-text fields = no value), $in/$nin (up to 100
//             values), $ne, $gt/$gte/$lt/$lte, $regex + $options 'i' (list-match.ts), $or/$and (lists of
//             sub-queries, nested at most 3 deep). $ne and $nin keep rows without a value, as Feathers' memory
//             adapter and MongoDB do.
import { BadRequest } from '@feathersjs/errors';
import type { Knex } from 'knex';
import { type EngineName, engineOf } from '../../storage/db';
import { cursorCondition, decodeCursor, encodeCursor } from './list-cursor';
import { globPattern, likePattern, parseRegex, type TextMatch } from './list-match';

export type FieldType = 'id' | 'string' | 'number' | 'boolean';

export interface FieldSpec {
  type: FieldType;
  /** Where null sorts: 'low' (before every value; the default) or 'high' (after: an end where null = never). */
  nulls?: 'low' | 'high';
  /** A JSON list column: it may be selected, not filtered or sorted. */
  json?: boolean;
}

export interface Relation {
  /** The field that holds the related record's id. */
  field: string;
  load(ids: string[]): Promise<Record<string, unknown>[]>;
}

export interface ListSpec {
  table: string;
  fields: Record<string, FieldSpec>;
  /** The order without $sort. */
  sort: Record<string, 1 | -1>;
  populate?: Record<string, Relation>;
  /** A row (only the selected columns) → the API record. */
  fromDb(row: Record<string, unknown>): Record<string, unknown>;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
export const MAX_IN = 100;
const MAX_SKIP = 1_000_000;
const MAX_SORT = 3;
const MAX_DEPTH = 3;
const MAX_CONDITIONS = 50;
const MAX_TEXT = 200;

type Scalar = string | number | boolean | null;
export type Op = '=' | '!=' | 'in' | 'nin' | '>' | '>=' | '<' | '<=' | 'match';
export type Condition =
  | { and: Condition[] }
  | { or: Condition[] }
  | { field: string; op: Op; value: Scalar | Scalar[] | TextMatch };
export type Sort = [field: string, direction: 1 | -1][];

export interface ListQuery {
  where: Condition;
  limit: number;
  skip: number;
  /** Always ends with _id. */
  sort: Sort;
  select: string[] | null;
  paginate: boolean;
  /** The last row of the previous page: its sort values (_id last). */
  after: Scalar[] | null;
  populate: string[];
}

export interface Page<T = Record<string, unknown>> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
  cursor?: string;
}

const bad = (message: string, field?: string) => new BadRequest(message, field ? { field } : undefined);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

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
export function coerce(field: string, spec: FieldSpec, v: unknown): Scalar {
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
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) throw bad(`${field} must be a number`, field);
      return n;
    }
    case 'boolean':
      if (v === true || v === 'true' || v === 1 || v === '1') return true;
      if (v === false || v === 'false' || v === 0 || v === '0') return false;
      throw bad(`${field} must be true or false`, field);
  }
}

const COMPARISONS: Record<string, Op> = { $ne: '!=', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

function fieldSpec(spec: ListSpec, field: string): FieldSpec {
  const f = Object.hasOwn(spec.fields, field) ? spec.fields[field] : undefined;
  if (!f) throw bad(`Unknown field ${field}`, field);
  if (f.json) throw bad(`${field} cannot be queried`, field);
  return f;
}

function parseWhere(
  input: unknown,
  spec: ListSpec,
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
      } else if (op in COMPARISONS) {
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

const RESERVED = new Set(['$limit', '$skip', '$sort', '$select', '$paginate', '$cursor', '$populate']);

function parseSort(input: unknown, spec: ListSpec): Sort {
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

/** Reads and checks a find query (pure: no database). */
export function parseListQuery(query: unknown, spec: ListSpec): ListQuery {
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
  const after =
    q.$cursor === undefined || q.$cursor === '' ? null : decodeCursor(q.$cursor, sort, spec.fields);
  if (after && skip > 0) throw bad('$cursor and $skip cannot be used together');
  return {
    where: { and: parseWhere(q, spec, 0, { n: 0 }, true) },
    limit: integer(q.$limit, '$limit', 0, MAX_LIMIT, DEFAULT_LIMIT),
    skip,
    sort,
    select,
    paginate: paginate !== false && paginate !== 'false',
    after,
    populate,
  };
}

export type Engine = EngineName;
export { engineOf };

/** Text compares byte-wise on both engines (PostgreSQL's default collation may order by locale). */
export function collate(engine: Engine, spec: FieldSpec): string {
  return engine === 'pg' && (spec.type === 'string' || spec.type === 'id') ? ' COLLATE "C"' : '';
}

/** Adds a parsed condition to a query builder. */
export function applyCondition(qb: Knex.QueryBuilder, c: Condition, spec: ListSpec, engine: Engine): void {
  if ('and' in c) {
    for (const part of c.and) qb.where((inner) => applyCondition(inner, part, spec, engine));
    return;
  }
  if ('or' in c) {
    qb.where((outer) => {
      for (const part of c.or) outer.orWhere((inner) => applyCondition(inner, part, spec, engine));
    });
    return;
  }
  const { field, op, value } = c;
  const f = spec.fields[field];
  switch (op) {
    case '=':
      if (value === null) qb.whereNull(field);
      else qb.where(field, value as Scalar);
      return;
    case '!=':
      if (value === null) qb.whereNotNull(field);
      else qb.where((w) => w.whereNot(field, value as Scalar).orWhereNull(field));
      return;
    case 'in':
    case 'nin': {
      const list = value as Scalar[];
      const values = list.filter((v) => v !== null) as (string | number | boolean)[];
      const withNull = values.length < list.length;
      qb.where((w) => {
        if (op === 'in') {
          w.whereIn(field, values);
          if (withNull) w.orWhereNull(field);
        } else {
          w.whereNotIn(field, values);
          if (withNull) w.whereNotNull(field);
          else w.orWhereNull(field);
        }
      });
      return;
    }
    case 'match': {
      const m = value as TextMatch;
      if (engine === 'pg')
        qb.whereRaw(`?? ${m.caseInsensitive ? 'ILIKE' : 'LIKE'} ? ESCAPE ?`, [field, likePattern(m), '\\']);
      // SQLite's LIKE ignores ASCII case whatever is asked; GLOB is its case-sensitive match.
      else if (m.caseInsensitive) qb.whereRaw('?? LIKE ? ESCAPE ?', [field, likePattern(m), '\\']);
      else qb.whereRaw('?? GLOB ?', [field, globPattern(m)]);
      return;
    }
    default:
      qb.whereRaw(`??${collate(engine, f)} ${op} ?`, [field, value as string | number | boolean]);
  }
}

/**
 * Runs a find: `scope` narrows it first (what the caller may see), then the query's filters, order, cursor and
 * page. Answers the page envelope, or the bare list with $paginate=false. `T` is the record `spec.fromDb` builds
 * (with $select, only the picked fields of it).
 */
export async function findList<T extends object = Record<string, unknown>>(
  knex: Knex,
  spec: ListSpec,
  query: unknown,
  scope?: (qb: Knex.QueryBuilder) => void,
): Promise<Page<T> | T[]> {
  const q = parseListQuery(query, spec);
  const engine = engineOf(knex);
  const base = () => {
    const qb = knex(spec.table);
    if (scope) qb.where((w) => scope(w));
    applyCondition(qb, q.where, spec, engine);
    return qb;
  };
  const relations = q.populate.map((name) => spec.populate![name]);
  // The cursor needs the sort values and populate the relation ids, selected or not.
  const columns = q.select
    ? [...new Set([...q.select, ...q.sort.map(([f]) => f), ...relations.map((r) => r.field)])]
    : Object.keys(spec.fields);
  let rows: Record<string, unknown>[] = [];
  let more = false;
  if (q.limit > 0) {
    const qb = base().select(columns);
    if (q.after) cursorCondition(qb, q.sort, q.after, spec.fields, engine);
    for (const [field, dir] of q.sort) {
      const f = spec.fields[field];
      const nullsFirst = (dir === 1) === ((f.nulls ?? 'low') === 'low');
      qb.orderByRaw(
        `??${collate(engine, f)} ${dir === 1 ? 'asc' : 'desc'} nulls ${nullsFirst ? 'first' : 'last'}`,
        [field],
      );
    }
    const page = await qb.offset(q.skip).limit(q.limit + 1);
    more = page.length > q.limit;
    rows = page.slice(0, q.limit);
  }
  const keep = q.select ? new Set([...q.select, ...relations.map((r) => r.field)]) : null;
  const data = rows.map((row) => {
    const record = spec.fromDb(row);
    if (keep) for (const k of Object.keys(record)) if (!keep.has(k)) delete record[k];
    return record;
  });
  for (const rel of relations) await populate(data, rel);
  const records = data as T[];
  if (!q.paginate) return records;
  const counted = (await base().count({ n: '*' }).first()) as { n: number | string } | undefined;
  const answer: Page<T> = { total: Number(counted?.n ?? 0), limit: q.limit, skip: q.skip, data: records };
  if (more && rows.length > 0) answer.cursor = encodeCursor(q.sort, rows[rows.length - 1], spec.fields);
  return answer;
}

/** Replaces the relation's id field by the related record (null when it is gone), one query for the page. */
async function populate(data: Record<string, unknown>[], rel: Relation): Promise<void> {
  const ids = [...new Set(data.map((r) => r[rel.field]).filter((v): v is string => typeof v === 'string'))];
  if (ids.length === 0) return;
  const byId = new Map((await rel.load(ids)).map((r) => [r._id as string, r]));
  for (const r of data)
    if (typeof r[rel.field] === 'string') r[rel.field] = byId.get(r[rel.field] as string) ?? null;
}
