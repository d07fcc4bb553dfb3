// Keyset paging for the generic list layer (server and mocks). A cursor is base64url of JSON {s, v}: `s` names
// the order it was made for ("price:-1,_id:1"), `v` holds the last row's values of those fields (_id last, so
// rows that tie on the sort field still have a strict order). The next page is "every row after that one in
// this order", so rows inserted before it do not shift the page as they would with $skip. Clients treat it as
// opaque. Plain btoa/atob over UTF-8 bytes: the mocks run in browsers too.
import type { FieldSpec, Scalar, Sort } from './listQuery';
import type { Fail } from './readers';

const MAX_CURSOR = 2000;

const signature = (sort: Sort) => sort.map(([f, d]) => `${f}:${d}`).join(',');

function normalise(v: unknown, spec: FieldSpec): Scalar {
  if (v === null || v === undefined) return null;
  if (spec.type === 'number') return Number(v); // PostgreSQL answers bigint columns as text
  if (spec.type === 'boolean') return Boolean(v); // SQLite answers 0/1
  return String(v);
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const fromBase64Url = (raw: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(raw.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
  );

export function cursorRules(fail: Fail) {
  return {
    encode(sort: Sort, row: Record<string, unknown>, fields: Record<string, FieldSpec>): string {
      const v = sort.map(([f]) => normalise(row[f], fields[f]));
      return toBase64Url(JSON.stringify({ s: signature(sort), v }));
    },

    /** The sort values of a cursor made for this order; a 400 for anything else. */
    decode(raw: unknown, sort: Sort, fields: Record<string, FieldSpec>): Scalar[] {
      const invalid = () => fail('Invalid $cursor', { field: '$cursor' });
      if (typeof raw !== 'string' || raw.length > MAX_CURSOR || !/^[A-Za-z0-9_-]+$/.test(raw))
        throw invalid();
      let parsed: unknown;
      try {
        parsed = JSON.parse(fromBase64Url(raw));
      } catch {
        throw invalid();
      }
      const c = parsed as { s?: unknown; v?: unknown };
      if (!c || typeof c !== 'object' || typeof c.s !== 'string' || !Array.isArray(c.v)) throw invalid();
      if (c.s !== signature(sort)) throw fail('The $cursor was made for another $sort', { field: '$cursor' });
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
    },
  };
}
