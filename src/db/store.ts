// The page's live reads of the store (docs/architecture.md §1), without Dexie on the first paint's path (issue 21's
// bundle budget: Dexie is ~28 KiB compressed). Dexie loads once the first screen has painted (`startStoreReadsAfter`,
// components/firstPaint.ts) — or at once when a screen needs the store to paint at all. A screen paints a return
// visit from the answers kept from the last one (db/kept.ts): a query with a `keep` name answers its kept value
// until the store answers, and only a query that must answer and has nothing kept loads Dexie before the paint.
// Without a gate (tests) the store loads at once.

import { type DependencyList, startTransition, useEffect, useState } from 'react';
import { sameValue } from '../domain/sameValue';
import { keepAnswer, keptAnswer } from './kept';
import type { PortalDb } from './schema';

interface Loaded {
  liveQuery: typeof import('dexie').liveQuery;
  db: PortalDb;
}

let gate: Promise<unknown> = Promise.resolve();
let loading: Promise<Loaded> | null = null;
/** Whether `loading` started without waiting for the gate. */
let loadingNow = false;
let overrideDb: PortalDb | undefined;

/** Boot (main.tsx): reads that can wait begin once `when` resolves, the first paint. */
export function startStoreReadsAfter(when: Promise<unknown>): void {
  gate = when;
}

/** Resolves when reads that can wait may begin (the first paint). */
export function storeGate(): Promise<unknown> {
  return gate;
}

/** Tests point the reads at their own database. */
export function setStoreDb(db: PortalDb): void {
  overrideDb = db;
  loading = null;
}

/** Dexie and the database: after the gate, or `now`; one load for every caller. */
export function loadStore(now = false): Promise<Loaded> {
  // Asked for now while waiting for the gate: the load starts now (still one load).
  if (!loading || (now && !loadingNow)) {
    loadingNow = now;
    const attempt = (now ? Promise.resolve() : gate).then(async () => {
      const [{ liveQuery }, db] = await Promise.all([
        import('dexie'),
        overrideDb ?? import('./schema').then((m) => m.db),
      ]);
      return { liveQuery, db };
    });
    // A chunk that did not load (offline before it was cached): the next read tries again.
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    loading = attempt;
  }
  return loading;
}

/**
 * Calls `onValue` with `query`'s answer and again whenever the store changes (Dexie's liveQuery) and the answer with
 * it (domain/sameValue.ts: a re-run that answers the same data renders nothing); returns the stop.
 * `now`: load the store before the first paint.
 */
export function watchStore<T>(
  query: (db: PortalDb) => Promise<T>,
  onValue: (value: T, db: PortalDb) => void,
  now = false,
): () => void {
  let alive = true;
  let unsubscribe: (() => void) | undefined;
  loadStore(now).then(
    ({ liveQuery, db }) => {
      if (!alive) return;
      let last: { value: T } | undefined;
      const sub = liveQuery(() => query(db)).subscribe({
        next: (value) => {
          if (last && sameValue(last.value, value)) return;
          last = { value };
          // A render for a store change may yield to the browser (a transition renders in slices); the default lane
          // renders a whole screen in one task (issue 32: a phone's page start had these renders as long tasks).
          startTransition(() => onValue(value, db));
        },
        error: (e: unknown) => console.warn('[store] live read failed', e),
      });
      unsubscribe = () => sub.unsubscribe();
    },
    (e: unknown) => console.warn('[store] could not load', e),
  );
  return () => {
    alive = false;
    unsubscribe?.();
  };
}

export interface StoreQueryOptions<T> {
  /**
   * A screen paints with this query's answer: it is kept for the next start under this name (db/kept.ts) and
   * answered from there until the store answers; with nothing kept, the store loads at once.
   */
  keep?: string;
  /** The answer until the store's first one (default undefined). */
  initial?: T;
}

/**
 * `query`'s answer, kept current as the store changes (as dexie-react-hooks' useLiveQuery: until the answer for new
 * `deps` arrives, the previous one stays).
 */
export function useStoreQuery<T>(
  query: (db: PortalDb) => Promise<T>,
  deps: DependencyList,
  { keep, initial }: StoreQueryOptions<T> = {},
): T | undefined {
  const [answer, setAnswer] = useState<{ of: DependencyList; v: T } | undefined>(undefined);
  const kept = keep === undefined ? undefined : keptAnswer<T>(keep);
  useEffect(
    () =>
      watchStore(
        query,
        (v, db) => {
          setAnswer({ of: deps, v });
          if (keep !== undefined) keepAnswer(keep, v, db);
        },
        keep !== undefined && kept === undefined,
      ),
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when the query changes.
    deps,
  );
  if (answer && sameDeps(answer.of, deps)) return answer.v;
  // New deps: their kept answer, else the previous answer until theirs arrives.
  if (kept !== undefined) return kept.value;
  return answer ? answer.v : initial;
}

export function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}
