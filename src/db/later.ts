// Live reads of the store for what the first screen shows around its content (the session watch, the connection
// dot, the sign-in options): the same queries as db/hooks.ts, but Dexie (~28 KiB compressed) and the hooks load
// once the first screen has painted (components/firstPaint.ts, issue 21's bundle budget). Until then a hook
// answers `undefined`, as a live query does before its first answer. Screens that paint stored data (the
// dashboard) keep db/hooks.ts: they need the store to paint at all. Boot sets the moment (startStoreReadsAfter);
// without it (tests) the reads start at once.

import { type DependencyList, useEffect, useState } from 'react';
import type { Latest } from './hooks';
import type { PortalDb } from './schema';
import { getSetting, SETTING, type SettingKey, type SettingValues } from './settings';
import type { ConnectionState } from './views';

type Query<T> = (db: PortalDb, hooks: typeof import('./hooks')) => Promise<T>;

interface Loaded {
  liveQuery: typeof import('dexie').liveQuery;
  hooks: typeof import('./hooks');
}

let gate: Promise<unknown> = Promise.resolve();
let loading: Promise<Loaded> | null = null;

/** Boot (main.tsx): the live reads begin once `when` resolves, the first paint (components/firstPaint.ts). */
export function startStoreReadsAfter(when: Promise<unknown>): void {
  gate = when;
}

/** Dexie and the hooks, once the gate opens; one load for every caller. */
function load(): Promise<Loaded> {
  if (!loading) {
    const attempt = gate.then(async () => {
      const [{ liveQuery }, hooks] = await Promise.all([import('dexie'), import('./hooks')]);
      return { liveQuery, hooks };
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
 * Calls `onValue` with `query`'s answer now and whenever the store changes (Dexie's liveQuery), from the first
 * paint on; returns the stop.
 */
export function watchLater<T>(query: Query<T>, onValue: (value: T) => void): () => void {
  let alive = true;
  let unsubscribe: (() => void) | undefined;
  load().then(
    ({ liveQuery, hooks }) => {
      if (!alive) return;
      const db = hooks.hooksDb();
      const sub = liveQuery(() => query(db, hooks)).subscribe({
        next: onValue,
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

/** `query`'s answer, kept current as the store changes; undefined until its first answer. */
export function useLiveLater<T>(query: Query<T>, deps: DependencyList): T | undefined {
  const [value, setValue] = useState<{ of: DependencyList; v: T } | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when the query changes.
  useEffect(() => watchLater(query, (v) => setValue({ of: deps, v })), deps);
  // An answer for other deps is not this query's answer (as useLiveQuery: undefined until the new one).
  return value && sameDeps(value.of, deps) ? value.v : undefined;
}

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

/** db/hooks.ts useSetting, after the first paint. */
export function useSettingLater<K extends SettingKey, F extends SettingValues[K] | null = SettingValues[K]>(
  key: K,
  fallback?: F,
): SettingValues[K] | F | undefined {
  return useLiveLater(async (db) => (await getSetting(db, key)) ?? fallback, [key]);
}

/** db/hooks.ts useConnection, after the first paint. */
export function useConnectionLater(): ConnectionState | undefined {
  return useSettingLater(SETTING.connection);
}

/** The station the dashboard shows (db/hooks.ts useSelectedDeviceId) and its newest reading, after the first paint. */
export function useSelectedLatestLater(): Latest | null | undefined {
  return useLiveLater(async (db, hooks) => {
    const id = await hooks.readSelectedDeviceId(db);
    return id ? hooks.readLatest(db, id) : null;
  }, []);
}
