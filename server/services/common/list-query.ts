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
import {
  type Condition,
  type FieldSpec,
  type ListShape,
  listQueryRules,
  type ParsedListQuery,
  type Scalar,
} from '../../../src/domain/listQuery';
import { type EngineName, engineOf } from '../../storage/db';
import { cursorCondition, decodeCursor, encodeCursor } from './list-cursor';
import { globPattern, likePattern, type TextMatch } from './list-match';

export {
  type Condition,
  DEFAULT_LIMIT,
  type FieldSpec,
  type FieldType,
  MAX_IN,
  MAX_LIMIT,
  type Op,
  type Sort,
} from '../../../src/domain/listQuery';

export interface Relation {
  /** The field that holds the related record's id. */
  field: string;
  load(ids: string[]): Promise<Record<string, unknown>[]>;
}

export interface ListSpec extends ListShape {
  table: string;
  populate?: Record<string, Relation>;
  /** A row (only the selected columns) → the API record. */
  fromDb(row: Record<string, unknown>): Record<string, unknown>;
}

export interface ListQuery extends Omit<ParsedListQuery, 'cursor'> {
  /** The last row of the previous page: its sort values (_id last). */
  after: Scalar[] | null;
}

export interface Page<T = Record<string, unknown>> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
  cursor?: string;
}

// The rules are src/domain/listQuery.ts's (the mocks read queries with them too); here with Feathers' 400.
const rules = listQueryRules((message, data) => new BadRequest(message, data));
export const coerce = rules.coerce;

/** Reads and checks a find query (pure: no database). */
export function parseListQuery(query: unknown, spec: ListSpec): ListQuery {
  const { cursor, ...q } = rules.parseListQuery(query, spec);
  return { ...q, after: cursor === undefined ? null : decodeCursor(cursor, q.sort, spec.fields) };
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
