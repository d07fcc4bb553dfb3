// Keyset paging's SQL: the condition for "rows after the cursor's row" (the cursor itself is
// src/domain/listCursor.ts, shared with the mocks).
import { BadRequest } from '@feathersjs/errors';
import type { Knex } from 'knex';
import { cursorRules } from '../../../src/domain/listCursor';
import { collate, type Engine, type FieldSpec, type Sort } from './list-query';

type Scalar = string | number | boolean | null;

const cursors = cursorRules((message, data) => new BadRequest(message, data));
export const encodeCursor = cursors.encode;
export const decodeCursor = cursors.decode;

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
