// Live reads of the store for what the shell shows around a screen's content (the session watch, the connection
// dot, the sign-in options), from the entry chunk: the same queries as db/hooks.ts, whose module (with its domain
// code) loads with the store once the first screen has painted (db/store.ts, issue 21's bundle budget). Until
// then a hook answers `undefined`, as a live query does before its first answer.

import { type DependencyList, useEffect, useState } from 'react';
import type { Latest } from './hooks';
import type { PortalDb } from './schema';
import { getSetting, SETTING, type SettingKey, type SettingValues } from './settings';
import { sameDeps, storeGate, watchStore } from './store';
import type { ConnectionState } from './views';

type Query<T> = (db: PortalDb, hooks: typeof import('./hooks')) => Promise<T>;

let hooks: Promise<typeof import('./hooks')> | null = null;
/** The hooks' reads (their domain code stays off the first paint), after the gate; one load for every caller. */
function loadHooks(): Promise<typeof import('./hooks')> {
  if (!hooks) {
    const attempt = storeGate().then(() => import('./hooks'));
    attempt.catch(() => {
      if (hooks === attempt) hooks = null;
    });
    hooks = attempt;
  }
  return hooks;
}

/**
 * Calls `onValue` with `query`'s answer now and whenever the store changes (Dexie's liveQuery), from the first
 * paint on (db/store.ts); returns the stop.
 */
export function watchLater<T>(query: Query<T>, onValue: (value: T) => void): () => void {
  let alive = true;
  let stop: (() => void) | undefined;
  loadHooks().then(
    (h) => {
      if (alive) stop = watchStore((db) => query(db, h), onValue);
    },
    (e: unknown) => console.warn('[store] could not load', e),
  );
  return () => {
    alive = false;
    stop?.();
  };
}

/** `query`'s answer, kept current as the store changes; undefined until its first answer. */
export function useLiveLater<T>(query: Query<T>, deps: DependencyList): T | undefined {
  const [value, setValue] = useState<{ of: DependencyList; v: T } | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when the query changes.
  useEffect(() => watchLater(query, (v) => setValue({ of: deps, v })), deps);
  // An answer for other deps is not this query's answer (undefined until the new one).
  return value && sameDeps(value.of, deps) ? value.v : undefined;
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
