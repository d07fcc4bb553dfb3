// The table state of spec §2 in the query string (page, rowsPerPage, sortBy, descending, total, editor, and the
// search), so a reload or a shared link shows the same table.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseTableState, type TableState, tableSearch } from '../../../domain/adminTable';

const OWN = ['page', 'rowsPerPage', 'sortBy', 'descending', 'total', 'editor', 'search'];

export function useTableState(sortable: readonly string[]) {
  const [params, setParams] = useSearchParams();
  // `sortable` must be stable (the table memoises it from its columns).
  const state = useMemo(() => parseTableState(params, sortable), [params, sortable]);
  /** Other query parameters (a filter from a link such as `?_id=…`) stay. */
  const base = useMemo(() => {
    const b = new URLSearchParams(params);
    for (const k of OWN) b.delete(k);
    return b;
  }, [params]);
  const update = useCallback(
    (change: Partial<TableState>, replace = false) =>
      setParams(
        (current) => {
          const now = parseTableState(current, sortable);
          const b = new URLSearchParams(current);
          for (const k of OWN) b.delete(k);
          return tableSearch({ ...now, ...change }, b);
        },
        { replace },
      ),
    [setParams, sortable],
  );
  // `clone` belongs to the editor route (`{path}/edit?clone={id}`), not to the list's filter.
  const filter = useMemo(
    () => Object.fromEntries([...base.entries()].filter(([k]) => k !== 'clone')),
    [base],
  );
  return { state, update, filter };
}
