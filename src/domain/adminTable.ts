// The generic list screens of spec §2 (issue #15), their pure rules: the table state kept in the query string,
// page sizes and page buttons (spec §9 Tables), cursor mode, the selection states of spec §4, the link shapes,
// the search and related-names queries of spec §7, and export cells, rows and file names.

/** Spec §9: page sizes offered, default 10; pagination shows 10 page buttons; cursor mode counts 999 rows. */
export const PAGE_SIZES = [5, 10, 20, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_BUTTONS = 10;
export const CURSOR_TOTAL = 999;
/** Export reads pages of 100 until one comes back short (spec §7). */
export const EXPORT_PAGE_SIZE = 100;
/** Related names are fetched with $in on ids, at most 100 at a time (spec §7). */
export const RELATED_LIMIT = 100;

export interface TableState {
  /** 1-based. */
  page: number;
  rowsPerPage: number;
  sortBy: string | null;
  descending: boolean;
  /** The total the last answer gave (kept so a reload shows the same pagination at once). */
  total: number | null;
  /** Id of the item being edited, 'new' for a new one, or null. */
  editor: string | null;
  /** The search text. */
  search: string;
}

export const DEFAULT_STATE: TableState = {
  page: 1,
  rowsPerPage: DEFAULT_PAGE_SIZE,
  sortBy: null,
  descending: false,
  total: null,
  editor: null,
  search: '',
};

const int = (v: string | null, min: number): number | null => {
  if (v === null || !/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n >= min ? n : null;
};

/** The table state from a query string; anything missing or invalid takes its default. */
export function parseTableState(params: URLSearchParams, sortable: readonly string[] = []): TableState {
  const size = int(params.get('rowsPerPage'), 1);
  const sortBy = params.get('sortBy');
  return {
    page: int(params.get('page'), 1) ?? 1,
    rowsPerPage: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: sortBy && sortable.includes(sortBy) ? sortBy : null,
    descending: params.get('descending') === 'true',
    total: int(params.get('total'), 0),
    editor: params.get('editor') || null,
    search: (params.get('search') ?? '').slice(0, 100),
  };
}

/** The query string of a state (defaults left out); other parameters of `base` are kept. */
export function tableSearch(state: TableState, base = new URLSearchParams()): URLSearchParams {
  const out = new URLSearchParams(base);
  const set = (key: string, value: string | null, fallback: string | null) => {
    if (value === null || value === fallback) out.delete(key);
    else out.set(key, value);
  };
  set('page', String(state.page), '1');
  set('rowsPerPage', String(state.rowsPerPage), String(DEFAULT_PAGE_SIZE));
  set('sortBy', state.sortBy, null);
  set('descending', state.descending ? 'true' : null, null);
  set('total', state.total === null ? null : String(state.total), null);
  set('editor', state.editor, null);
  set('search', state.search || null, null);
  return out;
}

/**
 * Pages of a total; in cursor mode the total is taken as 999 (spec §9), unless the server said the page shown
 * is the last one (`lastPage`: it sent no cursor to a next one; issue 22: 10 page buttons for one row).
 */
export function pageCount(
  total: number | null,
  rowsPerPage: number,
  cursor = false,
  lastPage?: number,
): number {
  if (cursor && lastPage !== undefined) return Math.max(1, lastPage);
  const n = cursor ? CURSOR_TOTAL : (total ?? 0);
  return Math.max(1, Math.ceil(n / rowsPerPage));
}

/** The page numbers to show as buttons: at most 10, a window around the current page. */
export function pageButtons(page: number, pages: number, count = PAGE_BUTTONS): number[] {
  const n = Math.min(count, pages);
  const first = Math.min(Math.max(1, page - Math.floor(n / 2)), pages - n + 1);
  return Array.from({ length: n }, (_, i) => first + i);
}

/** Selection states of spec §4. */
export type SelectionState = 'none' | 'some' | 'pageSome' | 'pageAll' | 'all';

export interface Selection {
  /** Picked ids (on any page). */
  ids: ReadonlySet<string>;
  /** Every row the query matches (across pages), not only the picked ids. */
  all: boolean;
}

export const NO_SELECTION: Selection = { ids: new Set(), all: false };

/**
 * none: nothing; all: every matching row; pageAll: exactly the rows of this page; pageSome: some rows of this
 * page and nothing elsewhere; some: picked rows that include rows of other pages.
 */
export function selectionState(sel: Selection, pageIds: readonly string[]): SelectionState {
  if (sel.all) return 'all';
  if (sel.ids.size === 0) return 'none';
  const onPage = pageIds.filter((id) => sel.ids.has(id)).length;
  if (onPage < sel.ids.size) return 'some';
  return onPage === pageIds.length ? 'pageAll' : 'pageSome';
}

/** The header checkbox: pageAll or all → clear; otherwise pick the whole page (keeping other picks). */
export function toggleAllOnPage(sel: Selection, pageIds: readonly string[]): Selection {
  const state = selectionState(sel, pageIds);
  if (state === 'all' || state === 'pageAll') return NO_SELECTION;
  return { ids: new Set([...sel.ids, ...pageIds]), all: false };
}

export function toggleOne(sel: Selection, id: string, pageIds: readonly string[]): Selection {
  // Unpicking a row out of "all" keeps the rest of the page picked.
  const ids = new Set(sel.all ? pageIds : sel.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, all: false };
}

/** How many rows a selection holds. */
export const selectedCount = (sel: Selection, total: number | null): number =>
  sel.all ? (total ?? sel.ids.size) : sel.ids.size;

/** Link shapes of spec §2. */
export const editLink = (path: string, id: string) => `${path}/edit/${encodeURIComponent(id)}`;
export const cloneLink = (path: string, id: string) => `${path}/edit?clone=${encodeURIComponent(id)}`;
export const newLink = (path: string) => `${path}/edit`;
export function sourceLink(source: string, query: Record<string, string>, editor?: string): string {
  const params = new URLSearchParams(query);
  if (editor) params.set('editor', editor);
  const q = params.toString();
  return `/${source.replace(/^\/+/, '')}${q ? `?${q}` : ''}`;
}

/** Text taken literally by the server's $regex (server/services/common/list-match.ts). */
export const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, (c) => `\\${c}`);

/** The find query of a table page (spec §7): $limit, $skip or $cursor, $sort, search as $or of $regex. */
export function listQuery(
  state: TableState,
  opts: {
    searchFields: readonly string[];
    filter?: Record<string, unknown>;
    populate?: readonly string[];
    cursor?: string | null;
    defaultSort?: Record<string, 1 | -1>;
  },
): Record<string, unknown> {
  const q: Record<string, unknown> = { ...opts.filter, $limit: state.rowsPerPage };
  if (opts.cursor !== undefined) {
    if (opts.cursor) q.$cursor = opts.cursor;
  } else q.$skip = (state.page - 1) * state.rowsPerPage;
  if (state.sortBy) q.$sort = { [state.sortBy]: state.descending ? -1 : 1 };
  else if (opts.defaultSort) q.$sort = opts.defaultSort;
  const text = state.search.trim();
  if (text && opts.searchFields.length > 0)
    q.$or = opts.searchFields.map((f) => ({ [f]: { $regex: escapeRegex(text), $options: 'i' } }));
  if (opts.populate?.length) q.$populate = [...opts.populate];
  return q;
}

/** Autocomplete (spec §7): $or of $regex on the fields, the given $and conditions, at most `limit` answers. */
export function autocompleteQuery(
  text: string,
  fields: readonly string[],
  and: Record<string, unknown>[] = [],
  limit = 10,
): Record<string, unknown> {
  const q: Record<string, unknown> = { $limit: limit };
  const t = text.trim();
  if (t) q.$or = fields.map((f) => ({ [f]: { $regex: escapeRegex(t), $options: 'i' } }));
  if (and.length > 0) q.$and = and;
  return q;
}

/** Related names of a page (spec §7): one find with $in on the ids, limit 100; ids past 100 are left out. */
export function relatedQuery(ids: readonly string[]): Record<string, unknown> | null {
  const unique = [...new Set(ids.filter(Boolean))].slice(0, RELATED_LIMIT);
  return unique.length === 0 ? null : { _id: { $in: unique }, $limit: RELATED_LIMIT };
}

/** The export file name: the path plus a date-time stamp (spec §9), e.g. admin-users-2026-11-26-0412.xlsx. */
export function exportFileName(path: string, format: 'xlsx' | 'csv', at: Date): string {
  const base = path.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9_-]+/g, '-') || 'table';
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}`;
  return `${base}-${stamp}.${format}`;
}

/** A value as one sheet cell: numbers stay numbers, lists and objects become readable text. */
export function exportCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => String(exportCell(v) ?? '')).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  return String(value);
}

/** A dotted path of a record ('user.email'). */
export function valueAt(row: Record<string, unknown>, path: string): unknown {
  let v: unknown = row;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/**
 * The patch that turns a sub-list `before` into `after` item by item (spec §7: $push, $set, $pull on a subpath):
 * items are matched by `_id`; removed ones are pulled, changed fields set (`list.<_id>.field`), new ones (no
 * `_id`) pushed. Empty when nothing changed.
 */
export function subListPatch<T extends { _id?: string }>(
  field: string,
  before: readonly T[],
  after: readonly T[],
): Record<string, Record<string, unknown>> {
  const ops: Record<string, Record<string, unknown>> = {};
  const kept = new Set(after.map((f) => f._id).filter(Boolean));
  const removed = before.filter((f) => f._id && !kept.has(f._id)).map((f) => ({ _id: f._id }));
  if (removed.length > 0) ops.$pull = { [field]: { $in: removed } };
  const set: Record<string, unknown> = {};
  for (const item of after) {
    const old = item._id ? before.find((b) => b._id === item._id) : undefined;
    if (!old) continue;
    for (const [k, v] of Object.entries(item))
      if (k !== '_id' && JSON.stringify(v) !== JSON.stringify((old as Record<string, unknown>)[k]))
        set[`${field}.${item._id}.${k}`] = v;
  }
  if (Object.keys(set).length > 0) ops.$set = set;
  const added = after.filter((f) => !f._id);
  if (added.length > 0) ops.$push = { [field]: { $each: added } };
  return ops;
}

/** A user's picture as the server serves it (spec §7 "GET users/pic/{userId}"): the admin users table's column. */
export const userPictureUrl = (origin: string, userId: string) =>
  `${origin.replace(/\/$/, '')}/users/pic/${encodeURIComponent(userId)}`;
