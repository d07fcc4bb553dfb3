// Page and layout chunks being loaded (routes.tsx): the progress bar shows while any is (spec §9).
import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  pending += by;
  for (const l of listeners) l();
}

/** Counts `load` as pending until it settles. */
export async function trackLoad<T>(load: Promise<T>): Promise<T> {
  changed(1);
  try {
    return await load;
  } finally {
    changed(-1);
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Whether a page or layout chunk is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
