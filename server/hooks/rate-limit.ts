// Rate limits. Account protection (failed logins, reset and verification codes, password re-checks, new
// sessions) uses `AccountLimiter`: shared through Redis when several processes run (REDIS_URL), so the limit is
// not multiplied by the number of processes. Ingest's per-upload limits stay in each process's memory: a Redis
// round trip on every upload would cost more than what it protects.
import { createClient } from 'redis';
import { processLog } from '../log';

/** Fixed-window counters in memory: small, bounded maps that forget old windows. */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private limit: number,
    private windowMs: number,
  ) {}

  /** true while `key` is under its limit in the current window. */
  allowed(key: string, now = Date.now()): boolean {
    const h = this.hits.get(key);
    return !h || h.resetAt <= now || h.count < this.limit;
  }

  hit(key: string, now = Date.now()): void {
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    else h.count++;
    if (this.hits.size > 100_000) this.sweep(now);
  }

  /** Hits of `key` in the current window. */
  count(key: string, now = Date.now()): number {
    const h = this.hits.get(key);
    return !h || h.resetAt <= now ? 0 : h.count;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, h] of this.hits) if (h.resetAt <= now) this.hits.delete(k);
  }
}

/** Token bucket per key: `burst` at once, refilled at `perSecond` (station uploads). */
export class TokenBuckets {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private burst: number,
    private perSecond: number,
  ) {}

  take(key: string, now = Date.now()): boolean {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

/** Counters every process shares (Redis). */
export interface SharedCounters {
  count(key: string): Promise<number>;
  /** Adds one; a new counter expires after `windowMs`. */
  add(key: string, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
  /** Whether the shared store answers within `timeoutMs` (GET /readyz). */
  ping?(timeoutMs: number): Promise<boolean>;
}

/**
 * Ends a Redis client: QUIT when it is connected (pending commands finish), else at once. A client still
 * reconnecting after an outage (a subscriber re-subscribing) may never answer QUIT, and a stop would hang.
 */
export async function closeRedis(client: { isReady: boolean; quit(): Promise<unknown>; destroy(): void }) {
  if (client.isReady) await client.quit().catch(() => client.destroy());
  else client.destroy();
}

/** Counters in Redis, their keys starting with `prefix`. */
export async function redisCounters(
  url: string,
  prefix: string,
  log = processLog(),
): Promise<SharedCounters> {
  const client = createClient({ url });
  // Once per outage, not at every reconnection attempt.
  let down = false;
  client.on('error', (error) => {
    if (!down) log.error('Redis (rate limits) down', { reason: (error as Error)?.message ?? String(error) });
    down = true;
  });
  client.on('ready', () => {
    down = false;
  });
  await client.connect();
  return {
    count: async (key) => Number((await client.get(prefix + key)) ?? 0),
    add: async (key, windowMs) => {
      await client
        .multi()
        .incr(prefix + key)
        .pExpire(prefix + key, windowMs, 'NX')
        .exec();
    },
    clear: async (key) => {
      await client.del(prefix + key);
    },
    close: () => closeRedis(client),
    // Not queued while disconnected (the client would hold the PING until Redis is back).
    ping: async (timeoutMs) =>
      client.isReady &&
      (await Promise.race([
        client.ping().then(
          (answer) => answer === 'PONG',
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(resolve, timeoutMs, false).unref()),
      ])),
  };
}

/**
 * A fixed-window limit shared by every process when there are shared counters, else in memory. If Redis
 * fails, this process's own counter decides, so logins keep working.
 */
export class AccountLimiter {
  private local: RateLimiter;
  private loggedAt = 0;

  constructor(
    private name: string,
    private limit: number,
    private windowMs: number,
    private shared: SharedCounters | null = null,
  ) {
    this.local = new RateLimiter(limit, windowMs);
  }

  private key = (key: string) => `${this.name}:${key}`;

  async allowed(key: string): Promise<boolean> {
    if (!this.shared) return this.local.allowed(key);
    try {
      return (await this.shared.count(this.key(key))) < this.limit;
    } catch (error) {
      this.failed(error);
      return this.local.allowed(key);
    }
  }

  /** Hits of `key` in the current window (shared when possible, else this process's). */
  async count(key: string): Promise<number> {
    if (!this.shared) return this.local.count(key);
    try {
      return await this.shared.count(this.key(key));
    } catch (error) {
      this.failed(error);
      return this.local.count(key);
    }
  }

  async hit(key: string): Promise<void> {
    this.local.hit(key);
    await this.shared?.add(this.key(key), this.windowMs).catch((error) => this.failed(error));
  }

  async reset(key: string): Promise<void> {
    this.local.reset(key);
    await this.shared?.clear(this.key(key)).catch((error) => this.failed(error));
  }

  private failed(error: unknown): void {
    if (Date.now() - this.loggedAt < 60_000) return;
    this.loggedAt = Date.now();
    processLog().error(`rate limit ${this.name}: Redis failed, counting in this process only`, error);
  }
}
