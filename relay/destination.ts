// One place the relay sends every upload to (the portal, or a --forward URL). Two lanes, so a backlog never
// holds up live data: an upload is sent as soon as it arrives (live), and the backlog lane sends what is left,
// oldest first, one at a time, retrying with a growing pause while the destination is away. An upload it
// refuses for good (a 4xx other than "later") is dropped, never retried.
import { relayHeaders } from '../server/ingest/relayed';
import { VERSION } from '../server/version';
import { destinationId, type QueuedUpload, type UploadQueue } from './queue';

/** What the relay calls itself in its headers (the portal shows it). */
export const RELAY_VERSION = `relay/${VERSION}`;

const TIMEOUT_MS = 15_000;
const MIN_RETRY_MS = 500;

export interface DestinationStatus {
  /** The URL without query or credentials. */
  url: string;
  queued: number;
  sent: number;
  lastSentAt: string | null;
  reachable: boolean;
}

/** Answers that mean "not now": the upload is kept and tried again (404: a console's "too many", or a proxy). */
function later(status: number): boolean {
  return status >= 500 || status === 429 || status === 408 || status === 404;
}

export class Destination {
  readonly id: string;
  /** Whether the last try got an answer that took the upload; null before the first try. */
  reachable: boolean | null = null;
  sent = 0;
  /** Unix ms of the last upload it took. */
  lastSentAt: number | null = null;
  private inFlight = new Set<number>();
  /** The backlog lane has dealt with every upload up to this seq (live ones that failed put it back). */
  private after = 0;
  private retryMs = MIN_RETRY_MS;
  private stopped = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private live = new Set<Promise<void>>();
  private aborts = new AbortController();
  private base: URL;

  constructor(
    private queue: UploadQueue,
    url: string,
    private options: { keepPath: boolean; maxRetryMs?: number; log: (line: string) => void },
  ) {
    this.id = destinationId(url);
    this.base = new URL(url);
  }

  start(): void {
    this.loop = this.backlog();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.aborts.abort();
    this.wake?.();
    await Promise.all([this.loop, ...this.live]);
  }

  queued(): number {
    return this.queue.count(this.id);
  }

  status(): DestinationStatus {
    return {
      url: `${this.base.protocol}//${this.base.host}${this.base.pathname}`,
      queued: this.queued(),
      sent: this.sent,
      lastSentAt: this.lastSentAt === null ? null : new Date(this.lastSentAt).toISOString(),
      reachable: this.reachable === true,
    };
  }

  /**
   * A new upload: sent at once, whatever the backlog. While the destination is away this is also the probe
   * that finds it back (the backlog lane is woken to try too), so live data resumes with the first upload
   * after its return, not after the backlog or a retry pause.
   */
  arrived(upload: QueuedUpload): void {
    if (this.reachable === false) this.wake?.();
    const sending: Promise<void> = this.send(upload)
      .then((ok) => {
        if (ok) return;
        this.after = Math.min(this.after, upload.seq - 1);
        this.wake?.();
      })
      .finally(() => this.live.delete(sending));
    this.live.add(sending);
  }

  /** The oldest upload not delivered and not on its way. */
  private next(): QueuedUpload | null {
    for (const upload of this.queue.pending(this.id, this.after))
      if (!this.inFlight.has(upload.seq)) return upload;
    return null;
  }

  private async backlog(): Promise<void> {
    while (!this.stopped) {
      const upload = this.next();
      if (!upload) {
        await this.pause(null);
        continue;
      }
      if (await this.send(upload)) {
        this.after = Math.max(this.after, upload.seq);
        this.retryMs = MIN_RETRY_MS;
      } else {
        await this.pause(this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 30_000);
      }
    }
  }

  /** Waits for a new upload, a failed live one or stop(); `ms`: at most that long. */
  private pause(ms: number | null): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = ms === null ? null : setTimeout(done, ms);
      const self = this;
      function done() {
        if (timer) clearTimeout(timer);
        if (self.wake === done) self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }

  /** Where an upload goes: the portal keeps the console's path (under its own prefix); a forward URL with a
   * path of its own takes the upload there. */
  private target(upload: QueuedUpload): string {
    const { path, query } = upload.req;
    const prefix = this.base.pathname.replace(/\/$/, '');
    const to = this.options.keepPath || prefix === '' ? `${prefix}${path}` : this.base.pathname;
    return `${this.base.origin}${to}${query ? `?${query}` : ''}`;
  }

  /** Sends one upload; true when it is dealt with (taken, or refused for good). */
  private async send(upload: QueuedUpload): Promise<boolean> {
    if (this.inFlight.has(upload.seq) || this.stopped) return false;
    this.inFlight.add(upload.seq);
    const { req } = upload;
    try {
      const headers: Record<string, string> = relayHeaders({
        version: RELAY_VERSION,
        // The others waiting: this one is still counted until it is taken.
        queued: Math.max(0, this.queued() - 1),
        received: Math.floor(upload.at / 1000),
      });
      if (req.contentType) headers['content-type'] = req.contentType;
      if (req.authorization) headers.authorization = req.authorization;
      const res = await fetch(this.target(upload), {
        method: req.method,
        headers,
        body: req.body ?? undefined,
        signal: AbortSignal.any([this.aborts.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      const text = await res.text();
      if (later(res.status)) {
        // A 5xx: the portal (or the proxy before it) cannot store; anything else is an answer ("too many"):
        // it is there, the upload waits its turn.
        if (res.status >= 500) this.away(`answered ${res.status} ${text.slice(0, 80)}`);
        else this.reachable = true;
        return false;
      }
      this.queue.delivered(this.id, upload.seq);
      this.reachable = true;
      if (res.ok) {
        this.sent++;
        this.lastSentAt = Date.now();
      } else
        this.options.log(
          `${this.base.host} refused upload ${upload.seq} (${res.status} ${text.slice(0, 80)}): dropped`,
        );
      return true;
    } catch (error) {
      if (!this.stopped)
        this.away(
          error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : String(error),
        );
      return false;
    } finally {
      this.inFlight.delete(upload.seq);
    }
  }

  private away(why: string): void {
    if (this.reachable !== false) this.options.log(`${this.base.host} is away (${why}): queueing`);
    this.reachable = false;
  }
}
