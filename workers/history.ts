// History held in Dexie (spec §9): 5-minute rows 2 days back (`metrics`), daily rows 366 days back
// (`metricsDaily`). Loaded on demand when a requested range goes outside what syncState says is held;
// duplicates (same [device+time]) are skipped; older rows are pruned.

import { patchSyncState } from '../src/db/apply';
import { type PortalDb, type Row, type SyncStateRow, toRow } from '../src/db/schema';
import { noteSeenKeys } from '../src/db/seen-keys';
import { fromCoded, HISTORY_5M_SECONDS, HISTORY_DAILY_SECONDS } from '../src/domain';
import { SERVICES } from '../src/domain/contract';
import type { Connection } from './connection';
import { nowSeconds } from './util';

export type HistoryKind = '5m' | '1d';

const TABLE = { '5m': 'metrics', '1d': 'metricsDaily' } as const;
const KEEP = { '5m': HISTORY_5M_SECONDS, '1d': HISTORY_DAILY_SECONDS } as const;
const STEP = { '5m': 300, '1d': 86400 } as const;
const HELD = {
  '5m': ['fiveMinFrom', 'fiveMinTo'],
  '1d': ['dailyFrom', 'dailyTo'],
} as const satisfies Record<HistoryKind, [keyof SyncStateRow, keyof SyncStateRow]>;

/**
 * Store rows for one device, skipping ones already held (same time). Rows at or after `overwriteFrom` replace
 * the stored ones: the newest bucket may have been partial when it was stored. Returns how many were written.
 */
export async function mergeRows(
  db: PortalDb,
  kind: HistoryKind,
  device: string,
  rows: Row[],
  overwriteFrom = Number.POSITIVE_INFINITY,
): Promise<number> {
  const table = db[TABLE[kind]];
  // With the station's seen keys (db/seen-keys.ts): one write the page hears of, keys and rows together.
  return db.transaction('rw', [db.metrics, db.metricsDaily, db.syncState], async () => {
    const clean = rows.filter((r) => typeof r.time === 'number' && Number.isFinite(r.time));
    if (clean.length === 0) return 0;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const r of clean) {
      if (r.time < lo) lo = r.time;
      if (r.time > hi) hi = r.time;
    }
    // The times already held in the answer's span: one key-range read instead of a lookup per row.
    const held = new Set(
      (await table.where('[device+time]').between([device, lo], [device, hi], true, true).primaryKeys()).map(
        (k) => k[1],
      ),
    );
    const seen = new Set<number>();
    const write: Row[] = [];
    for (const r of clean) {
      if (seen.has(r.time)) continue; // the same row twice in one answer
      seen.add(r.time);
      if (held.has(r.time) && r.time < overwriteFrom) continue;
      write.push(toRow(device, r));
    }
    // Keys first: a first note reads the rows held before, not the ones being written (bench: merge).
    if (write.length > 0) await noteSeenKeys(db, device, write);
    await table.bulkPut(write);
    return write.length;
  });
}

/** Delete rows older than the retention of their store; moves syncState's held start forward. */
export async function pruneHistory(db: PortalDb, device: string, now = nowSeconds()): Promise<void> {
  for (const kind of ['5m', '1d'] as const) {
    const cutoff = now - KEEP[kind];
    await db[TABLE[kind]]
      .where('[device+time]')
      .between([device, -Infinity], [device, cutoff], true, false)
      .delete();
    const st = await db.syncState.get(device);
    const [fromKey, toKey] = HELD[kind];
    const from = st?.[fromKey] as number | undefined;
    const to = st?.[toKey] as number | undefined;
    if (from !== undefined && from < cutoff)
      await patchSyncState(
        db,
        device,
        to !== undefined && to < cutoff
          ? { [fromKey]: undefined, [toKey]: undefined }
          : { [fromKey]: cutoff },
      );
  }
}

/**
 * What to fetch so the held range covers [from, to] and stays one contiguous range: from `from` up to the held
 * start, and from the held end up to `to`.
 */
export function missingRanges(
  from: number,
  to: number,
  heldFrom?: number,
  heldTo?: number,
): [number, number][] {
  if (from >= to) return [];
  if (heldFrom === undefined || heldTo === undefined) return [[from, to]];
  const out: [number, number][] = [];
  if (from < heldFrom) out.push([from, heldFrom]);
  if (to > heldTo) out.push([heldTo, to]);
  return out;
}

export class History {
  private inflight = new Map<string, Promise<void>>();

  constructor(
    private db: PortalDb,
    private conn: Connection,
  ) {}

  /** Make sure the held 5-minute and daily history covers what of [from, to] is inside their retention. */
  async ensure(device: string, from: number, to: number, now = nowSeconds()): Promise<void> {
    await this.ensureKind(device, '5m', from, to, now);
    await this.ensureKind(device, '1d', from, to, now);
  }

  ensureKind(device: string, kind: HistoryKind, from: number, to: number, now = nowSeconds()): Promise<void> {
    const lo = Math.max(from, now - KEEP[kind]);
    const hi = Math.min(to, now + STEP[kind]);
    if (lo >= hi) return Promise.resolve();
    const id = `${device}|${kind}|${lo}|${hi}`;
    let p = this.inflight.get(id);
    if (!p) {
      p = this.load(device, kind, lo, hi, now).finally(() => this.inflight.delete(id));
      this.inflight.set(id, p);
    }
    return p;
  }

  /**
   * After a (re)connect: extend each held range up to now, so rows the socket missed while it was down (the
   * server restarting, the network gone, consoles uploading their backlog meanwhile) are filled in without
   * waiting for a graph to ask. Nothing held, nothing loaded (history stays on demand).
   */
  async catchUp(device: string, now = nowSeconds()): Promise<void> {
    const st = await this.db.syncState.get(device);
    for (const kind of ['5m', '1d'] as const) {
      const heldTo = st?.[HELD[kind][1]] as number | undefined;
      if (heldTo !== undefined && heldTo < now) await this.ensureKind(device, kind, heldTo, now, now);
    }
  }

  /**
   * Reads again what is held of [from, now] and replaces it: the stored values changed (an owner's correction of
   * readings, issue 24), so the rows held are stale. Nothing held there, nothing loaded.
   */
  async reload(device: string, from: number, now = nowSeconds()): Promise<void> {
    const st = await this.db.syncState.get(device);
    for (const kind of ['5m', '1d'] as const) {
      const [fromKey, toKey] = HELD[kind];
      const heldFrom = st?.[fromKey] as number | undefined;
      const heldTo = st?.[toKey] as number | undefined;
      if (heldFrom === undefined || heldTo === undefined) continue;
      const lo = Math.max(from - (from % STEP[kind]), heldFrom);
      const hi = Math.min(now, heldTo);
      if (lo >= hi) continue;
      const coded = await this.conn.find(SERVICES.query, { device, from: lo, to: Math.ceil(hi), type: kind });
      await mergeRows(this.db, kind, device, fromCoded<Row>(coded), lo);
    }
  }

  private async load(device: string, kind: HistoryKind, lo: number, hi: number, now: number): Promise<void> {
    const [fromKey, toKey] = HELD[kind];
    for (;;) {
      const st = await this.db.syncState.get(device);
      const heldFrom = st?.[fromKey] as number | undefined;
      const heldTo = st?.[toKey] as number | undefined;
      const gap = missingRanges(lo, hi, heldFrom, heldTo)[0];
      if (!gap) break;
      // The bucket at the held end may have been partial when stored: read it again and overwrite it.
      const after = heldTo !== undefined && gap[0] === heldTo;
      const gFrom = after ? gap[0] - STEP[kind] : gap[0];
      const coded = await this.conn.find(SERVICES.query, {
        device,
        from: Math.floor(gFrom),
        to: Math.ceil(gap[1]),
        type: kind,
      });
      await mergeRows(this.db, kind, device, fromCoded<Row>(coded), after ? gFrom : Number.POSITIVE_INFINITY);
      // Held up to now at most: the future part of a range (today's graph) is not held yet, and rows arriving
      // there must be asked for next time (a first load used to mark now + 5 min as held).
      await patchSyncState(this.db, device, {
        [fromKey]: Math.min(heldFrom ?? gap[0], gap[0]),
        [toKey]: Math.max(heldTo ?? Number.NEGATIVE_INFINITY, Math.min(gap[1], now)),
      });
      if (gap[1] > now) break; // the future part stays "not held"; don't loop on it
    }
    await pruneHistory(this.db, device, now);
  }
}
