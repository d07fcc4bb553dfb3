// The worker's outbox runner: flushes queued edits over REST (same path as the service worker's Background Sync
// replay, so the server sees one `Idempotency-Key` per edit whoever sends it), retries transient failures with
// backoff, re-authenticates on 401, applies the server's answers to Dexie and reloads a record whose edit was
// dropped (final 4xx) so the optimistic local write is undone.

import { applyAnswer } from '../src/db/apply';
import { getAuth } from '../src/db/authStorage';
import { backoffMs, type FlushResult, flushOutbox, restSender } from '../src/db/outbox';
import type { OutboxRow, PortalDb } from '../src/db/schema';
import { onePerStation } from '../src/domain/collections';
import { SERVICES } from '../src/domain/contract';
import type { Connection } from './connection';
import type { History } from './history';
import { loadRecords } from './records';
import type { Sync } from './sync';
import { logFailure } from './util';

export class OutboxRunner {
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private db: PortalDb,
    private conn: Connection,
    private sync: Sync,
    private fetchImpl?: typeof fetch,
    private history?: History,
  ) {}

  /** Flush now; on a transient failure schedule a retry. Resolves with how many edits were sent. */
  async flush(): Promise<number> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const result = await this.flushOnce();
    if (result.error && result.remaining > 0) {
      if (result.error.code === 401) {
        // Token rejected: re-authenticate (or sign out) and try again at once if that worked.
        if (await this.conn.reauthenticate()) return result.sent + (await this.flush());
        return result.sent;
      }
      const head = await this.db.outbox.orderBy('seq').first();
      const retry = () => this.flush().catch(logFailure('outbox retry'));
      this.retry = setTimeout(retry, backoffMs(head?.attempts ?? 1));
    }
    return result.sent;
  }

  stop(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  flushOnce(): Promise<FlushResult> {
    return flushOutbox(this.db, {
      send: restSender(async () => ({
        origin: this.conn.origin,
        accessToken: (await getAuth(this.db))?.accessToken,
        fetch: this.fetchImpl,
      })),
      onSent: async (row, result) => {
        await applyAnswer(this.db, row.service, result, row.method);
        // Today's min/max restarted on the server: its new range replaces the one held.
        if (row.service === SERVICES.devices && row.recordId && 'lastMinMaxReset' in Object(row.data))
          await this.sync.loadLastData(row.recordId).catch((e) => console.warn('[outbox] min/max reload', e));
        // An invitation sent, answered or removed: the lists (and, on accept or leave, the stations) change.
        if (row.service === SERVICES.shareInvitations) await this.reloadShares();
        // A correction of readings or its undo (issue 24): the held history from its start and the records changed.
        if (row.service === SERVICES.sampleCorrections) await this.reloadCorrected(result);
      },
      onDropped: (row) => this.reloadRecord(row),
    });
  }

  private async reloadCorrected(result: unknown): Promise<void> {
    const entry = result as { device?: unknown; from?: unknown } | null;
    if (!this.history || typeof entry?.device !== 'string' || typeof entry.from !== 'number') return;
    try {
      // A running rain total's later readings changed too: everything held from the day before on.
      await this.history.reload(entry.device, entry.from - 86400);
      await loadRecords(this.db, this.conn, entry.device);
    } catch (e) {
      console.warn('[outbox] reload after a correction failed', e);
    }
  }

  private async reloadShares(): Promise<void> {
    await this.sync.loadShares().catch((e) => console.warn('[outbox] reload of shares failed', e));
  }

  private async reloadRecord(row: OutboxRow): Promise<void> {
    const device =
      (row.data as { weatherDevice?: string } | undefined)?.weatherDevice ??
      (row.params as { device?: string } | undefined)?.device;
    try {
      const settings = onePerStation(row.service);
      if (settings && device) await this.sync.loadSettingsOf(settings, device);
      else if (row.service === SERVICES.alertsHide && device) await this.sync.loadAlerts(device);
      else if (row.service === SERVICES.devices) await this.sync.loadDevices();
      else if (row.service === SERVICES.shareInvitations) await this.reloadShares();
    } catch (e) {
      console.warn('[outbox] reload after drop failed', e);
    }
  }
}
