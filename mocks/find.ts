// The generic list layer over the mocks' in-memory rows: the query is read by the server's own rules
// (src/domain/listQuery.ts, same 400s), then filtered, sorted, paged, selected and populated here as the server's
// SQL does it (null compares false, text byte-wise, nulls sort low unless the field says high), keyset paging
// ($cursor) with the server's own cursor (src/domain/listCursor.ts).
import { cursorRules } from '../src/domain/listCursor';
import {
  type Condition,
  type FieldSpec,
  type ListShape,
  listQueryRules,
  type Scalar,
  type Sort,
  type TextMatch,
} from '../src/domain/listQuery';
import type { MockDb } from './db';
import { badRequest } from './errors';
import type { Query } from './query';
import { json } from './respond';

type Row = Record<string, unknown>;

export interface MockList extends ListShape {
  /** Related records by id, for $populate. */
  populate?: Record<string, { field: string; load(id: string): Row | null }>;
}

const rules = listQueryRules(badRequest);
const cursors = cursorRules(badRequest);

/** $populate of a user id: {_id, email, firstName, lastName}, or null when the account is gone. */
export const ownerOf = (db: MockDb) => ({
  field: 'user',
  load(id: string): Row | null {
    const u = db.users.get(id);
    return u
      ? { _id: u._id, email: u.email, firstName: u.firstName ?? '', lastName: u.lastName ?? '' }
      : null;
  },
});

const value = (row: Row, field: string): Scalar => {
  const v = row[field];
  return v === undefined ? null : (v as Scalar);
};

function matches(text: Scalar, m: TextMatch): boolean {
  if (typeof text !== 'string') return false;
  const fold = (s: string) => (m.caseInsensitive ? s.toLowerCase() : s);
  const [t, p] = [fold(text), fold(m.text)];
  if (m.start && m.end) return t === p;
  if (m.start) return t.startsWith(p);
  if (m.end) return t.endsWith(p);
  return t.includes(p);
}

function holds(row: Row, c: Condition): boolean {
  if ('and' in c) return c.and.every((part) => holds(row, part));
  if ('or' in c) return c.or.some((part) => holds(row, part));
  const v = value(row, c.field);
  switch (c.op) {
    case '=':
      return c.value === null ? v === null : v === c.value;
    case '!=':
      return c.value === null ? v !== null : v !== c.value;
    case 'in':
      return (c.value as Scalar[]).includes(v);
    case 'nin':
      // A row without a value stays unless null is in the list ($nin keeps it, as MongoDB does).
      return !(c.value as Scalar[]).includes(v);
    case 'match':
      return matches(v, c.value as TextMatch);
    default: {
      // SQL: a comparison with null is never true.
      if (v === null) return false;
      const x = c.value as string | number | boolean;
      return c.op === '>' ? v > x : c.op === '>=' ? v >= x : c.op === '<' ? v < x : v <= x;
    }
  }
}

function order(sort: Sort, fields: Record<string, FieldSpec>) {
  return (a: Row, b: Row): number => {
    for (const [field, dir] of sort) {
      const [x, y] = [value(a, field), value(b, field)];
      if (x === y) continue;
      const low = (fields[field].nulls ?? 'low') === 'low';
      if (x === null) return low ? -dir : dir;
      if (y === null) return low ? dir : -dir;
      return (x < y ? -1 : 1) * dir;
    }
    return 0;
  };
}

/**
 * A find over `rows` (the records as the list stores them: numbers, booleans, null for no value); `present`
 * turns each kept row into its answer. The page envelope, or the bare list with $paginate=false.
 */
export function findAnswer(
  query: Query,
  spec: MockList,
  rows: Row[],
  // A copy: $select and $populate change the answer, never the store.
  present: (row: Row) => Row = (r) => ({ ...r }),
) {
  const q = rules.parseListQuery(query, spec);
  const sorted = order(q.sort, spec.fields);
  const found = rows.filter((r) => holds(r, q.where)).sort(sorted);
  // The cursor's row, rebuilt from its sort values: the page starts after it.
  const after =
    q.cursor === undefined
      ? null
      : Object.fromEntries(cursors.decode(q.cursor, q.sort, spec.fields).map((v, i) => [q.sort[i][0], v]));
  const rest = after ? found.filter((r) => sorted(r, after) > 0) : found;
  const page = rest.slice(q.skip, q.skip + q.limit);
  const relations = q.populate.map((name) => spec.populate![name]);
  const keep = q.select ? new Set([...q.select, ...relations.map((r) => r.field)]) : null;
  const data = page.map((row) => {
    const record = present(row);
    if (keep) for (const k of Object.keys(record)) if (!keep.has(k)) delete record[k];
    for (const rel of relations)
      if (typeof record[rel.field] === 'string') record[rel.field] = rel.load(record[rel.field] as string);
    return record;
  });
  if (!q.paginate) return json(data);
  const more = rest.length > q.skip + page.length;
  const cursor =
    more && page.length > 0 ? cursors.encode(q.sort, page[page.length - 1], spec.fields) : undefined;
  return json({ total: found.length, limit: q.limit, skip: q.skip, data, ...(cursor ? { cursor } : {}) });
}
