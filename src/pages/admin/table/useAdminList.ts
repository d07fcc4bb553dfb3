// One page of an admin list through the data worker, with its related names (spec §7: one find with $in on the
// page's ids, limit 100). Cursor mode keeps the cursor of each page it has seen; a page it has not (a reload
// on page 5) is read with $skip in the same order.
import { useCallback, useEffect, useRef, useState } from 'react';
import { dataWorker } from '../../../bridge/worker';
import { useConnectionField } from '../../../db/hooks';
import { listQuery, relatedQuery, type TableState } from '../../../domain/adminTable';
import { errorText } from '../../../state/ui';
import type { Row, TableConfig } from './types';

export interface ListAnswer {
  rows: Row[];
  total: number | null;
  /** Cursor mode: the server sent a cursor to a next page (none: this page is the last). */
  hasMore?: boolean;
  loading: boolean;
  error: string | null;
}

export function useAdminList(config: TableConfig, state: TableState, filter: Record<string, unknown>) {
  const [answer, setAnswer] = useState<ListAnswer>({
    rows: [],
    total: state.total,
    loading: true,
    error: null,
  });
  const cursors = useRef(new Map<number, string>());
  const [tick, setTick] = useState(0);
  // Read again once the session is up (a page opened by a reload asks before the socket has signed in).
  const ready = useConnectionField('auth') === 'authenticated';
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const query = listQuery(state, {
    searchFields: config.searchFields,
    filter: { ...config.filter, ...filter },
    populate: config.populate,
    defaultSort: config.defaultSort,
    ...(config.cursor && state.page > 1 && cursors.current.has(state.page)
      ? { cursor: cursors.current.get(state.page) ?? null }
      : {}),
  });
  const key = JSON.stringify(query);
  const order = JSON.stringify([query.$sort, query.$or, filter, state.rowsPerPage]);
  const lastOrder = useRef(order);
  if (lastOrder.current !== order) {
    // Another order, search or page size: the kept cursors no longer apply.
    cursors.current.clear();
    lastOrder.current = order;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query; `tick` and `ready` reload
  useEffect(() => {
    let stale = false;
    setAnswer((a) => ({ ...a, loading: true, error: null }));
    (async () => {
      const page = await dataWorker.adminFind(config.service, JSON.parse(key));
      const rows = page.data as Row[];
      if (page.cursor) cursors.current.set(state.page + 1, page.cursor);
      for (const rel of config.related ?? []) {
        const q = relatedQuery(
          rows.map((r) => r[rel.field]).filter((v): v is string => typeof v === 'string'),
        );
        if (!q) continue;
        const found = await dataWorker.adminFind(rel.service, {
          ...q,
          ...(rel.select ? { $select: rel.select } : {}),
        });
        const byId = new Map(found.data.map((r) => [r._id as string, r]));
        for (const r of rows) r[rel.as] = byId.get(r[rel.field] as string) ?? null;
      }
      if (!stale)
        setAnswer({ rows, total: page.total, hasMore: Boolean(page.cursor), loading: false, error: null });
    })().catch((e) => {
      console.error(`[admin] loading ${config.service} failed`, e);
      if (!stale) setAnswer((a) => ({ ...a, loading: false, error: errorText(e) }));
    });
    return () => {
      stale = true;
    };
  }, [key, tick, ready, config.service]);

  return { ...answer, reload, query: JSON.parse(key) as Record<string, unknown> };
}
