// Keyset paging for the generic list layer. A cursor is base64url of JSON {s, v}: `s` names the order it was
// made for ("price:-1,_id:1"), `v` holds the last row's values of those fields (_id last, so rows that tie on
// the sort field still have a strict order). The next page is "every row after that one in this order", so
// rows inserted before it do not shift the page as they would with $skip. Clients treat it as opaque.
import { BadRequest } from '@feathersjs/errors';
import type { Knex } from 'knex';
import { collate, type Engine, type FieldSpec, type Sort } from './list-query';

type Scalar = string | number | boolean | null;
const MAX_CURSOR = 2000;

const signature = (sort: Sort) => sort.map(([f, d]) => `${f}:${d}`).join(',');

function normalise(v: unknown, spec: FieldSpec): Scalar {
  if (v === null || v === undefined) return null;
  if (spec.type === 'number') return Number(v); // PostgreSQL answers bigint columns as text
  if (spec.type === 'boolean') return Boolean(v); // SQLite answers 0/1
  return String(v);
}

export function encodeCursor(sort: Sort, row: Record<string, unknown>, fields: Record<string, FieldSpec>) {
  const v = sort.map(([f]) => normalise(row[f], fields[f]));
  return Buffer.from(JSON.stringify({ s: signature(sort), v })).toString('base64url');
}

/** The sort values of a cursor made for this order; a 400 for anything else. */
export function decodeCursor(raw: unknown, sort: Sort, fields: Record<string, FieldSpec>): Scalar[] {
  const invalid = () => new BadRequest('Invalid $cursor', { field: '$cursor' });
  if (typeof raw !== 'string' || raw.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = parsed as { s?: unknown; v?: unknown };
  if (!c || typeof c !== 'object' || typeof c.s !== 'string' || !Array.isArray(c.v)) throw invalid();
  if (c.s !== signature(sort))
    throw new BadRequest('The $cursor was made for another $sort', { field: '$cursor' });
  if (c.v.length !== sort.length) throw invalid();
  sort.forEach(([f], i) => {
    const v = (c.v as unknown[])[i];
    const type = fields[f].type;
    const ok =
      v === null
        ? f !== '_id'
        : type === 'number'
          ? typeof v === 'number' && Number.isFinite(v)
          : type === 'boolean'
            ? typeof v === 'boolean'
            : typeof v === 'string' && v.length <= 1000;
    if (!ok) throw invalid();
  });
  return c.v as Scalar[];
}

/**
 * Rows after `after` in `sort` order: for some key i, every earlier key equals the cursor's value and key i
 * comes after it. Nulls sort as the field says (low: first ascending, last descending; high: the reverse).
 */
export function cursorCondition(
  qb: Knex.QueryBuilder,
  sort: Sort,
  after: Scalar[],
  fields: Record<string, FieldSpec>,
  engine: Engine,
): void {
  const col = (f: string) => `??${collate(engine, fields[f])}`;
  qb.where((outer) => {
    let branches = 0;
    sort.forEach(([field, dir], i) => {
      const v = after[i];
      const nullsFirst = (dir === 1) === ((fields[field].nulls ?? 'low') === 'low');
      // Past a null value: only non-null rows follow, and only when nulls come first.
      if (v === null && !nullsFirst) return;
      branches++;
      outer.orWhere((branch) => {
        for (let j = 0; j < i; j++) {
          const [f] = sort[j];
          if (after[j] === null) branch.whereNull(f);
          else branch.whereRaw(`${col(f)} = ?`, [f, after[j] as string | number | boolean]);
        }
        if (v === null) branch.whereNotNull(field);
        else
          branch.where((next) => {
            next.whereRaw(`${col(field)} ${dir === 1 ? '>' : '<'} ?`, [field, v]);
            if (!nullsFirst) next.orWhereNull(field);
          });
      });
    });
    if (branches === 0) outer.whereRaw('1 = 0');
  });
}
