// An upload target as stored (migration 015) and as answered: the key masked unless the owner reveals it.
import type { UploadTarget } from '../../../src/domain/contract';
import { type CustomFormat, maskKey, type NetworkId } from '../../../src/domain/networks';

export const TABLE = 'uploadTargets';

export interface TargetRow extends Omit<UploadTarget, 'key'> {
  key: string;
  lastSampleTime: number | null;
  /** Late readings from this time (unix s) wait to be sent (catch-up.ts). */
  catchUpFrom: number | null;
  rejections: number;
  nextAttemptAt: number;
  alertedAt: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A database row (bigints are strings on PostgreSQL, booleans 0/1 on SQLite) as a TargetRow. */
export function fromDb(r: Record<string, unknown>): TargetRow {
  return {
    _id: String(r._id),
    device: String(r.device),
    network: r.network as NetworkId,
    stationId: String(r.stationId ?? ''),
    key: String(r.key ?? ''),
    url: (r.url as string | null) ?? null,
    format: (r.format as CustomFormat | null) ?? null,
    interval: Number(r.interval),
    enabled: !!r.enabled,
    lastUploadAt: num(r.lastUploadAt),
    lastResult: (r.lastResult as string | null) ?? null,
    lastOk: r.lastOk === null || r.lastOk === undefined ? null : !!r.lastOk,
    lastSampleTime: num(r.lastSampleTime),
    catchUpFrom: num(r.catchUpFrom),
    failures: Number(r.failures ?? 0),
    rejections: Number(r.rejections ?? 0),
    nextAttemptAt: Number(r.nextAttemptAt ?? 0),
    pausedAt: num(r.pausedAt),
    alertedAt: num(r.alertedAt),
    createdAt: Number(r.createdAt),
    updatedAt: Number(r.updatedAt),
  };
}

/** What the owner is answered (and sent in events): the key masked unless `reveal`. */
export function present(row: TargetRow, reveal = false): UploadTarget {
  return {
    _id: row._id,
    device: row.device,
    network: row.network,
    stationId: row.stationId,
    key: reveal ? row.key : maskKey(row.key),
    url: row.url,
    format: row.format,
    interval: row.interval,
    enabled: row.enabled,
    lastUploadAt: row.lastUploadAt,
    lastResult: row.lastResult,
    lastOk: row.lastOk,
    failures: row.failures,
    pausedAt: row.pausedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
