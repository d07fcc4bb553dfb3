// Measuring hook for `npm run bench` (bench/browser.ts): times two of the worker's own code paths inside the
// browser's data worker, on real IndexedDB and real server rows; nothing here runs in normal use.
// - merge: History's mergeRows of 2 days of 5-minute rows (as loaded by `weatherMetrics/query`) into the 5-minute
//   store of a throwaway Dexie database (empty, so every row is written: the most work a merge does);
// - aggregate: Series' aggregateRows of 31 days of 5-minute rows into hourly buckets (the month graph's folding),
//   for the keys given (the graph's). The server holds a week of 5-minute rows for the demo station; those
//   rows are repeated back in time to make 31 days.

import { PortalDb, type Row } from '../src/db/schema';
import { fromCoded, type TimedRow } from '../src/domain';
import { SERVICES } from '../src/domain/contract';
import { aggregateRows } from './aggregate';
import type { WorkerBench } from './api';
import type { Connection } from './connection';
import { mergeRows } from './history';
import { nowSeconds } from './util';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export async function workerBench(
  conn: Connection,
  device: string,
  keys: string[],
  timeZone: string | undefined,
  runs = 9,
): Promise<WorkerBench> {
  const now = nowSeconds();
  const week = fromCoded<Row>(
    await conn.find(SERVICES.query, { device, from: now - 7 * 86400, to: now, type: '5m' }),
  );
  const twoDays = week.filter((r) => r.time >= now - 2 * 86400);

  const mergeMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const db = new PortalDb(`portal-bench-${i}-${Math.random().toString(36).slice(2)}`);
    await db.open();
    const t0 = performance.now();
    const written = await mergeRows(db, '5m', device, twoDays);
    mergeMs.push(performance.now() - t0);
    if (written !== twoDays.length) throw new Error(`merge wrote ${written} of ${twoDays.length} rows`);
    await db.delete();
  }

  // 31 days: the week repeated back in time (whole weeks, so times stay on the 5-minute grid).
  const span = 7 * 86400;
  const month: TimedRow[] = [];
  for (let k = 0; month.length < 31 * 288 && k < 6; k++)
    for (const r of week)
      if (r.time - k * span >= now - 31 * 86400) month.push({ ...r, time: r.time - k * span });
  const aggMs: number[] = [];
  let buckets = 0;
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    buckets = aggregateRows(month, '1h', keys, timeZone).length;
    if (i > 0) aggMs.push(performance.now() - t0); // the first run warms the JIT up
  }
  // The same with every column of the rows (an export-like fold), for reference.
  const allKeys = [...new Set(week.flatMap((r) => Object.keys(r)))].filter(
    (k) => k !== 'time' && k !== 'device',
  );
  const allMs: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    aggregateRows(month, '1h', allKeys, timeZone);
    if (i > 0) allMs.push(performance.now() - t0);
  }
  return {
    allKeys: allKeys.length,
    aggregateAllKeysMs: median(allMs),
    mergeRows: twoDays.length,
    mergeMs: median(mergeMs),
    aggregateRows: month.length,
    aggregateBuckets: buckets,
    aggregateKeys: keys.length,
    aggregateMs: median(aggMs),
  };
}
