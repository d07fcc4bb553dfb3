// The outbox: pending user edits, FIFO by `seq`, idempotent by `id` (sent as `Idempotency-Key`).
// Written by src/db/edits.ts (in the same Dexie transaction as the optimistic local write); flushed by the
// data worker when online and replayed by the service worker on Background Sync. Both use flushOutbox().
//
// Conflict rule: last writer per field wins, server time breaks ties. Mutations carry only the fields the user
// changed, so the server applies them per field in arrival order. While a mutation is queued, server copies of
// the record (sync, live `patched` events) keep the local value of the queued fields (see keepPending), because
// the queued edit is newer than the server state it is merged into; once sent, the server's answer (stamped with
// its own updatedAt) is stored as is, so two clients editing the same field end with the later server write.
import { type PortalError, plainError, toApiError } from '../bridge/errors';
import { type RestCall, type RestOptions, rest } from '../bridge/rest';
import { onePerStation } from '../domain/collections';
import type { OutboxRow, PortalDb } from './schema';
import { SETTING, setSetting } from './settings';

export type NewMutation = Pick<OutboxRow, 'service' | 'method' | 'recordId' | 'data' | 'params'> & {
  id?: string;
};

const uuid = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

/** Append a mutation; call it inside the caller's rw transaction that includes db.outbox. */
export async function enqueue(db: PortalDb, m: NewMutation): Promise<OutboxRow> {
  const row: OutboxRow = { ...m, id: m.id ?? uuid(), createdAt: Date.now(), attempts: 0 };
  row.seq = await db.outbox.add(row);
  return row;
}

/** A 4xx the server will answer the same way every time: drop the mutation (not 401/408/429). */
export function isFinalClientError(e: PortalError): boolean {
  return e.code >= 400 && e.code < 500 && e.code !== 401 && e.code !== 408 && e.code !== 429;
}

/**
 * The REST call of a row. A patch queued before its record existed on the server (recordId null) is resolved
 * now from the local record's _id (the queued create stored it when it was sent), or sent as a create.
 */
export async function toRestCall(db: PortalDb, row: OutboxRow): Promise<RestCall> {
  let { method, recordId } = row;
  // A record kept one per station (src/domain/collections.ts) is found locally by its station.
  const kept = onePerStation(row.service);
  if (kept?.station && method === 'patch' && !recordId) {
    const device = (row.data as Record<string, unknown> | undefined)?.[kept.station];
    const local = typeof device === 'string' ? await db.table(kept.table).get(device) : undefined;
    if (local?._id) recordId = local._id;
    else method = 'create';
  }
  return {
    service: row.service,
    method,
    id: method === 'create' || method === 'find' ? undefined : recordId,
    data: row.data,
    query: row.params,
    idempotencyKey: row.id,
  };
}

export interface FlushDeps {
  send(call: RestCall, row: OutboxRow): Promise<unknown>;
  /** Store the server's answer (e.g. the _id of a created record). */
  onSent?(row: OutboxRow, result: unknown): Promise<void>;
  /** A mutation was dropped (final 4xx): e.g. reload that record so the optimistic write is undone. */
  onDropped?(row: OutboxRow, error: PortalError): Promise<void>;
}

export interface FlushResult {
  sent: number;
  dropped: number;
  remaining: number;
  /** Set when flushing stopped on a transient error (offline, 401, 5xx): retry later. */
  error?: PortalError;
}

const localLocks = new Map<string, Promise<unknown>>();

/** Run exclusively per database across the worker, the service worker and tabs (Web Locks when present). */
async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request(name, fn) as Promise<T>;
  const prev = localLocks.get(name) ?? Promise.resolve();
  // The next caller runs after this one settles either way (then(fn, fn)); a failure reaches this caller.
  const next = prev.then(fn, fn);
  localLocks.set(name, next);
  return next;
}

/** Send queued mutations oldest first; stop at the first transient error so order is kept. */
export function flushOutbox(db: PortalDb, deps: FlushDeps): Promise<FlushResult> {
  return exclusive(`outbox:${db.name}`, async () => {
    let sent = 0;
    let dropped = 0;
    for (;;) {
      const row = await db.outbox.orderBy('seq').first();
      if (!row) return { sent, dropped, remaining: 0 };
      try {
        const result = await deps.send(await toRestCall(db, row), row);
        await db.outbox.delete(row.seq!);
        sent++;
        await deps.onSent?.(row, result);
      } catch (e) {
        const error = plainError(toApiError(e));
        if (isFinalClientError(error)) {
          await db.transaction('rw', db.outbox, db.settings, async () => {
            await db.outbox.delete(row.seq!);
            await setSetting(db, SETTING.outboxError, {
              id: row.id,
              service: row.service,
              method: row.method,
              ...error,
              at: Date.now(),
            });
          });
          dropped++;
          await deps.onDropped?.(row, error);
          continue;
        }
        await db.outbox.update(row.seq!, { attempts: row.attempts + 1, lastError: error.message });
        return { sent, dropped, remaining: await db.outbox.count(), error };
      }
    }
  });
}

/**
 * The REST sender shared by the worker and the service worker. A per-device settings create that meets an
 * existing record (409: made on another device meanwhile) becomes a patch of that record: last writer wins.
 */
export function restSender(opts: () => Promise<RestOptions>): FlushDeps['send'] {
  return async (call) => {
    const o = await opts();
    try {
      return await rest(call, o);
    } catch (e) {
      const kept = onePerStation(call.service);
      const device = kept?.station && (call.data as Record<string, unknown> | undefined)?.[kept.station];
      if (
        toApiError(e).code !== 409 ||
        call.method !== 'create' ||
        !kept?.station ||
        typeof device !== 'string'
      )
        throw e;
      const found = await rest<{ _id?: string }[] | { data: { _id?: string }[] }>(
        { service: call.service, method: 'find', query: { [kept.station]: device, $limit: 1 } },
        o,
      );
      const id = (Array.isArray(found) ? found : found.data)[0]?._id;
      if (!id) throw e;
      return rest({ ...call, method: 'patch', id }, o);
    }
  };
}

/** Retry delay after `attempts` failures: 2 s, 4 s, 8 s … capped at 5 min. */
export function backoffMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(1, attempts));
}

/** Field names queued for a record (by recordId, or by weatherDevice for per-device settings). */
export async function pendingFields(db: PortalDb, service: string, match: { id?: string; device?: string }) {
  const fields = new Set<string>();
  await db.outbox.each((row) => {
    if (row.service !== service || (row.method !== 'patch' && row.method !== 'create')) return;
    const data = (row.data ?? {}) as Record<string, unknown>;
    const hit =
      (match.id && row.recordId === match.id) || (match.device && data.weatherDevice === match.device);
    if (hit) for (const k of Object.keys(data)) fields.add(k);
  });
  return fields;
}

/** Merge a server copy over the local one, keeping locally queued fields (the conflict rule above). */
export function keepPending<T extends object>(server: T, local: T | undefined, fields: Set<string>): T {
  if (!local || fields.size === 0) return server;
  const out = { ...server } as Record<string, unknown>;
  for (const f of fields) if (f in local) out[f] = (local as Record<string, unknown>)[f];
  return out as T;
}
