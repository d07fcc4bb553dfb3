// Ingest health (issue #15): the one place that counts station uploads. Every answer of the ingest pipeline is
// recorded here by protocol and result; the admin page reads the per-minute series and the recent rejections from
// the database (so every process's uploads are in it), and the Prometheus counter portal_uploads_total reads its
// totals from here too (integrations/metrics.ts), so an upload is counted once.
//
// Writes are batched: counts and rejections gather in memory and are flushed every second (one upsert and one
// insert), so a flood of bad uploads costs the database one statement a second, not one per upload; at most
// MAX_PENDING rejections are kept per flush (the per-minute counts still hold every one).
import type { Knex } from 'knex';
import type { IngestReason, IngestRejection } from '../../../src/domain/contract';
import { objectId } from '../../storage/ids';

export type { IngestReason, IngestRejection };

/** What the pipeline learnt about one upload besides its status. */
export interface UploadNote {
  reason?: IngestReason;
  /** The station ID the upload named (never a key). */
  station?: string | null;
  device?: string | null;
  detail?: string;
}

const MAX_PENDING = 200;
/** Minutes kept (24 h) and rejections kept (7 days, at most KEEP_REJECTIONS). */
const KEEP_MINUTES = 24 * 60;
const KEEP_REJECTIONS_MS = 7 * 24 * 3600 * 1000;
const KEEP_REJECTIONS = 1000;

/** An answer's status as a reason (ok for 2xx). */
export function reasonOf(status: number): IngestReason | 'ok' {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401 || status === 403) return 'badKey';
  if (status === 429) return 'rateLimited';
  if (status === 413) return 'tooLarge';
  if (status >= 400 && status < 500) return 'malformed';
  return 'error';
}

export class IngestHealth {
  /** "minute|protocol|result" → uploads not yet flushed. */
  private pending = new Map<string, number>();
  private rejections: IngestRejection[] = [];
  /** "protocol|status" → every upload this process answered (Prometheus). */
  private totals = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(
    private knex: Knex,
    /** Told after each flush that wrote something (the live event of the admin page). */
    private onFlushed: (rejections: IngestRejection[]) => void = () => {},
    private log: (message: string, error: unknown) => void = () => {},
  ) {}

  start(everyMs = 1000): void {
    this.timer ??= setInterval(() => void this.flush(), everyMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  upload(protocol: string, status: number, note: UploadNote = {}, now = Date.now()): void {
    const statusKey = `${protocol}|${status}`;
    this.totals.set(statusKey, (this.totals.get(statusKey) ?? 0) + 1);
    // The pipeline names the reason (WSLink answers "too many" with a 404); the status is the fallback.
    const result = status >= 200 && status < 300 ? 'ok' : (note.reason ?? reasonOf(status));
    const key = `${Math.floor(now / 60_000)}|${protocol}|${result}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    const reason = result === 'ok' ? note.reason : (note.reason ?? result);
    if (!reason || this.rejections.length >= MAX_PENDING) return;
    this.rejections.push({
      _id: objectId(now),
      time: now,
      protocol,
      reason,
      station: note.station?.slice(0, 64) ?? null,
      device: note.device ?? null,
      detail: note.detail?.slice(0, 300) ?? '',
    });
  }

  /** Uploads answered by this process, by protocol and HTTP status. */
  statusTotals(): { protocol: string; status: number; count: number }[] {
    return [...this.totals].map(([key, count]) => {
      const [protocol, status] = key.split('|');
      return { protocol, status: Number(status), count };
    });
  }

  /** Writes what gathered (one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch((e) => this.log('ingest health', e));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0 && this.rejections.length === 0) return this.prune();
    const counts = this.pending;
    const rejections = this.rejections;
    this.pending = new Map();
    this.rejections = [];
    const rows = [...counts].map(([key, count]) => {
      const [minute, protocol, result] = key.split('|');
      return { minute: Number(minute), protocol, result, count };
    });
    const { knex } = this;
    if (rows.length > 0)
      await knex('ingestMinutes')
        .insert(rows)
        .onConflict(['minute', 'protocol', 'result'])
        .merge({ count: knex.raw('?? + excluded.??', ['ingestMinutes.count', 'count']) });
    if (rejections.length > 0) await knex('ingestRejections').insert(rejections);
    this.onFlushed(rejections);
    await this.prune();
  }

  private async prune(now = Date.now()): Promise<void> {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    const { knex } = this;
    await knex('ingestMinutes')
      .where('minute', '<', Math.floor(now / 60_000) - KEEP_MINUTES)
      .delete();
    await knex('ingestRejections')
      .where('time', '<', now - KEEP_REJECTIONS_MS)
      .delete();
    const cut = await knex('ingestRejections').orderBy('time', 'desc').offset(KEEP_REJECTIONS).first('time');
    if (cut) await knex('ingestRejections').where('time', '<=', cut.time).delete();
  }
}
