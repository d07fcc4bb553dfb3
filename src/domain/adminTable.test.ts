import { describe, expect, test } from 'vitest';
import {
  autocompleteQuery,
  cloneLink,
  DEFAULT_STATE,
  editLink,
  exportCell,
  exportFileName,
  listQuery,
  NO_SELECTION,
  newLink,
  pageButtons,
  pageCount,
  parseTableState,
  relatedQuery,
  selectedCount,
  selectionState,
  sourceLink,
  subListPatch,
  tableSearch,
  toggleAllOnPage,
  toggleOne,
  userPictureUrl,
  valueAt,
} from './adminTable';

describe('table state in the query string', () => {
  test('round trip, defaults left out, other parameters kept', () => {
    const state = {
      ...DEFAULT_STATE,
      page: 3,
      rowsPerPage: 20,
      sortBy: 'email',
      descending: true,
      total: 57,
      editor: 'abc',
      search: 'jo',
    };
    const qs = tableSearch(state, new URLSearchParams('wsid=x'));
    expect(qs.toString()).toBe(
      'wsid=x&page=3&rowsPerPage=20&sortBy=email&descending=true&total=57&editor=abc&search=jo',
    );
    expect(parseTableState(qs, ['email'])).toEqual(state);
    expect(tableSearch(DEFAULT_STATE).toString()).toBe('');
  });

  test('invalid values take the defaults: page sizes 5/10/20/100, known sort fields only', () => {
    const s = parseTableState(new URLSearchParams('page=-2&rowsPerPage=7&sortBy=password&descending=yes'), [
      'email',
    ]);
    expect(s).toMatchObject({ page: 1, rowsPerPage: 10, sortBy: null, descending: false });
    expect(parseTableState(new URLSearchParams('rowsPerPage=100')).rowsPerPage).toBe(100);
  });
});

describe('pagination', () => {
  test('10 page buttons around the current page; cursor mode counts 999 rows', () => {
    expect(pageCount(57, 10)).toBe(6);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(null, 10, true)).toBe(100);
    // Cursor mode on the last page (the server sent no cursor to a next one): no buttons past it (issue 22).
    expect(pageCount(null, 10, true, 1)).toBe(1);
    expect(pageButtons(1, pageCount(null, 10, true, 1))).toEqual([1]);
    expect(pageCount(null, 10, true, 3)).toBe(3);
    expect(pageButtons(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageButtons(1, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageButtons(50, 100)).toEqual([45, 46, 47, 48, 49, 50, 51, 52, 53, 54]);
    expect(pageButtons(100, 100)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
  });
});

describe('selection states', () => {
  const page = ['a', 'b', 'c'];
  test('none, pageSome, pageAll, some, all', () => {
    expect(selectionState(NO_SELECTION, page)).toBe('none');
    let sel = toggleOne(NO_SELECTION, 'a', page);
    expect(selectionState(sel, page)).toBe('pageSome');
    sel = toggleAllOnPage(sel, page);
    expect(selectionState(sel, page)).toBe('pageAll');
    expect(selectionState(sel, ['d', 'e'])).toBe('some');
    expect(selectionState({ ids: new Set(), all: true }, page)).toBe('all');
    expect(selectionState(toggleAllOnPage(sel, page), page)).toBe('none');
    expect(selectionState(toggleOne({ ids: new Set(), all: true }, 'b', page), page)).toBe('pageSome');
  });
});

describe('links and queries', () => {
  test('the link shapes of spec §2', () => {
    expect(editLink('/admin/plans', 'p1')).toBe('/admin/plans/edit/p1');
    expect(cloneLink('/admin/plans', 'p1')).toBe('/admin/plans/edit?clone=p1');
    expect(sourceLink('admin/users', { _id: 'u1' }, 'u1')).toBe('/admin/users?_id=u1&editor=u1');
  });

  test('a page: $limit, $skip, $sort; search as $or of escaped $regex; cursor instead of $skip', () => {
    const state = { ...DEFAULT_STATE, page: 3, sortBy: 'email', descending: true, search: 'a.b' };
    expect(listQuery(state, { searchFields: ['email', 'name'], populate: ['user'] })).toEqual({
      $limit: 10,
      $skip: 20,
      $sort: { email: -1 },
      $or: [{ email: { $regex: 'a\\.b', $options: 'i' } }, { name: { $regex: 'a\\.b', $options: 'i' } }],
      $populate: ['user'],
    });
    const q = listQuery({ ...DEFAULT_STATE }, { searchFields: [], cursor: 'abc' });
    expect(q).toEqual({ $limit: 10, $cursor: 'abc' });
  });

  test('autocomplete and related names (limit 100)', () => {
    expect(autocompleteQuery('jo', ['email'], [{ verified: true }], 5)).toEqual({
      $limit: 5,
      $or: [{ email: { $regex: 'jo', $options: 'i' } }],
      $and: [{ verified: true }],
    });
    const ids = Array.from({ length: 150 }, (_, i) => `id${i}`);
    const rel = relatedQuery([...ids, 'id1']) as { _id: { $in: string[] }; $limit: number };
    expect(rel._id.$in).toHaveLength(100);
    expect(rel.$limit).toBe(100);
    expect(relatedQuery([])).toBeNull();
  });
});

describe('export', () => {
  test('file name is the path and a date-time stamp; cells are readable', () => {
    expect(exportFileName('/admin/users', 'xlsx', new Date(2026, 10, 26, 4, 12, 9))).toBe(
      'admin-users-2026-11-26-041209.xlsx',
    );
    expect(exportCell(12)).toBe(12);
    expect(exportCell(true)).toBe('true');
    expect(exportCell(['a', 'b'])).toBe('a, b');
    expect(exportCell({ mystery: '7' })).toBe('mystery=7');
    expect(exportCell(undefined)).toBeNull();
    expect(valueAt({ user: { email: 'x@y' } }, 'user.email')).toBe('x@y');
  });
});

describe('sub-lists', () => {
  test('$pull removed items, $set changed fields, $push new ones', () => {
    const before = [
      { _id: 'a', text: 'Live data' },
      { _id: 'b', text: 'Graphs' },
      { _id: 'c', text: 'Alerts' },
    ];
    const after = [{ _id: 'a', text: 'Live data' }, { _id: 'c', text: 'E-mail alerts' }, { text: 'Export' }];
    expect(subListPatch('features', before, after)).toEqual({
      $pull: { features: { $in: [{ _id: 'b' }] } },
      $set: { 'features.c.text': 'E-mail alerts' },
      $push: { features: { $each: [{ text: 'Export' }] } },
    });
    expect(subListPatch('features', before, before)).toEqual({});
  });
});

describe('edges of the table rules', () => {
  const parse = (qs: string) => parseTableState(new URLSearchParams(qs), ['email']);

  test('numbers in the query string are plain digits, at least their minimum', () => {
    for (const page of ['2.5', '+5', '5 ', '0', 'x5'])
      expect(parse(`page=${encodeURIComponent(page)}`).page, page).toBe(1);
    expect(parse('page=1').page).toBe(1);
    expect(parse('page=7').page).toBe(7);
    expect(parse('rowsPerPage=1e2').rowsPerPage).toBe(10);
    expect(parse('total=0').total).toBe(0);
  });

  test('an empty query string is the default state; the search is cut at 100 characters', () => {
    expect(parse('')).toStrictEqual(DEFAULT_STATE);
    expect(parse(`search=${'x'.repeat(150)}`).search).toBe('x'.repeat(100));
  });

  test('defaults in the state remove the parameters the base had', () => {
    const base = new URLSearchParams('page=3&rowsPerPage=20&search=jo&editor=a&wsid=y');
    expect(tableSearch(DEFAULT_STATE, base).toString()).toBe('wsid=y');
  });

  test('the header checkbox clears an "all" selection', () => {
    expect(toggleAllOnPage({ ids: new Set(['a']), all: true }, ['a', 'b'])).toBe(NO_SELECTION);
  });

  test('the count of a selection: the total for "all" (the picks while it is unknown), else the picks', () => {
    expect(selectedCount({ ids: new Set(['a', 'b']), all: true }, 57)).toBe(57);
    expect(selectedCount({ ids: new Set(['a', 'b']), all: true }, null)).toBe(2);
    expect(selectedCount({ ids: new Set(['a', 'b']), all: false }, 57)).toBe(2);
  });

  test('links: a new item, a source without an editor or a query, leading slashes folded', () => {
    expect(newLink('/admin/plans')).toBe('/admin/plans/edit');
    expect(sourceLink('admin/users', { _id: 'u1' })).toBe('/admin/users?_id=u1');
    expect(sourceLink('//admin/users', {})).toBe('/admin/users');
    expect(userPictureUrl('https://x.org/', 'a b')).toBe('https://x.org/users/pic/a%20b');
    expect(userPictureUrl('https://x.org', 'u1')).toBe('https://x.org/users/pic/u1');
  });

  test('a page query: no cursor yet, the default sort, search trimmed and only with fields', () => {
    expect(listQuery(DEFAULT_STATE, { searchFields: ['email'], cursor: null })).toStrictEqual({ $limit: 10 });
    expect(listQuery(DEFAULT_STATE, { searchFields: [], defaultSort: { time: -1 } })).toStrictEqual({
      $limit: 10,
      $skip: 0,
      $sort: { time: -1 },
    });
    expect(listQuery({ ...DEFAULT_STATE, search: '  jo ' }, { searchFields: ['email'] })).toStrictEqual({
      $limit: 10,
      $skip: 0,
      $or: [{ email: { $regex: 'jo', $options: 'i' } }],
    });
    expect(listQuery({ ...DEFAULT_STATE, search: '   ' }, { searchFields: ['email'] })).toStrictEqual({
      $limit: 10,
      $skip: 0,
    });
    expect(listQuery({ ...DEFAULT_STATE, search: 'jo' }, { searchFields: [] })).toStrictEqual({
      $limit: 10,
      $skip: 0,
    });
  });

  test('autocomplete: text trimmed; no $or without text, no $and without conditions', () => {
    expect(autocompleteQuery(' jo ', ['email'])).toStrictEqual({
      $limit: 10,
      $or: [{ email: { $regex: 'jo', $options: 'i' } }],
    });
    expect(autocompleteQuery('  ', ['email'])).toStrictEqual({ $limit: 10 });
  });

  test('related names skip empty ids', () => {
    expect(relatedQuery(['', 'a', 'a'])).toStrictEqual({ _id: { $in: ['a'] }, $limit: 100 });
  });

  test('export file name: slashes at both ends dropped, runs of other characters one dash, "table" if empty', () => {
    const at = new Date(2026, 0, 2, 3, 4, 5);
    expect(exportFileName('//admin//users//', 'csv', at)).toBe('admin-users-2026-01-02-030405.csv');
    expect(exportFileName('/', 'csv', at)).toBe('table-2026-01-02-030405.csv');
  });

  test('export cells: null, false, holes in lists, nested objects, other values as text', () => {
    expect(exportCell(null)).toBeNull();
    expect(exportCell(false)).toBe('false');
    expect(exportCell(['a', null, 'b'])).toBe('a, , b');
    expect(exportCell({ a: { b: 1 }, c: null, d: 2 })).toBe('a={"b":1}, c=null, d=2');
    expect(exportCell(10n)).toBe('10');
  });

  test('a dotted path stops at null and at a value that is not an object', () => {
    expect(valueAt({ user: null }, 'user.email')).toBeUndefined();
    expect(valueAt({ name: 'abc' }, 'name.length')).toBeUndefined();
  });
});
