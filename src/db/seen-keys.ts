// The metric keys a station has had a value for in the history this browser holds (issue 22: the cards follow the
// sensors). The data worker adds the keys of the rows it stores to the station's syncState row in the same
// transaction (workers/history.ts, workers/live.ts), so a screen reads one row instead of scanning up to 700: the
// scan re-ran on each of the start sync's writes and was the dashboard's costliest query (issue 32).

import { byDevice } from './rows';
import type { PortalDb } from './schema';

/** Adds the keys of `row` that hold a finite number (not its time or device) to `seen`. */
export function addRowKeys(seen: Set<string>, row: Record<string, unknown>): void {
  for (const k in row) {
    if (k === 'time' || k === 'device') continue;
    const v = row[k];
    if (typeof v === 'number' && Number.isFinite(v)) seen.add(k);
  }
}

/** The keys of the held history's newest daily and 5-minute rows (a store written before the worker kept them). */
export async function scanHeldKeys(db: PortalDb, device: string, seen: Set<string>): Promise<void> {
  const [daily, five] = await Promise.all([
    byDevice(db.metricsDaily, device).reverse().limit(400).toArray(),
    byDevice(db.metrics, device).reverse().limit(300).toArray(),
  ]);
  for (const row of daily) addRowKeys(seen, row);
  for (const row of five) addRowKeys(seen, row);
}

/**
 * In a read-write transaction over syncState, metrics and metricsDaily: the device's seenKeys with the keys of
 * `rows` added (the first time, with those of the history already held); written only when it grew. Called before
 * `rows` are stored, so a first note does not read them back.
 */
export async function noteSeenKeys(db: PortalDb, device: string, rows: Iterable<Record<string, unknown>>) {
  const cur = await db.syncState.get(device);
  const seen = new Set(cur?.seenKeys);
  if (!cur?.seenKeys) await scanHeldKeys(db, device, seen);
  for (const row of rows) addRowKeys(seen, row);
  if (cur?.seenKeys && seen.size === cur.seenKeys.length) return;
  await db.syncState.put({ ...cur, device, seenKeys: [...seen].sort() });
}
