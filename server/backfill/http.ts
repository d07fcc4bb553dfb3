// The vendors' history APIs asked through the one guarded path (server/net/guarded.ts), at the pace each allows:
// requests with the same key are spaced by the vendor's interval (process-wide, so two backfills with one key do
// not add up), a 429 waits for its Retry-After and asks again, 5xx and dropped connections are retried a few
// times, and 401/403 stop the backfill at once (asking again with the same keys would only count against them).
// Nothing of a key goes into an error text or a log: the URL with its query is never repeated.
import { createHash } from 'node:crypto';
import type { BackfillErrorCode, BackfillVendor } from '../../src/domain/backfill';
import { BlockedTarget, type GuardedAnswer, guardedRequest } from '../net/guarded';
import type { BackfillConfig } from './config';

export class BackfillError extends Error {
  constructor(
    readonly code: BackfillErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** What a vendor module needs: GET a URL, answered JSON (or null for an empty answer, 204). */
export interface VendorClient {
  getJson(url: string, headers?: Record<string, string>): Promise<unknown>;
}

export interface ClientOptions {
  vendor: BackfillVendor;
  /** Identifies the key for spacing (hashed: keys are not kept in memory maps in the clear). */
  key: string;
  config: BackfillConfig;
  signal?: AbortSignal;
  /** Called while waiting for a 429's Retry-After (unix ms), and with null when asking again. */
  onWait?: (until: number | null) => void;
  onRequest?: () => void;
  send?: typeof guardedRequest;
}

const nextAllowed = new Map<string, number>();
const ATTEMPTS = 4;
/** 429s answered to one request before giving up (a daily quota spent answers 429 again and again). */
const MAX_WAITS = 10;
const TIMEOUT_MS = 30_000;
/** The biggest answer read: a day of Ecowitt 5-minute data with every sensor is ~150 kB; Ambient's 288 rows less. */
const MAX_BODY = 8 * 1024 * 1024;

const NAMES: Record<BackfillVendor, string> = {
  ecowitt: 'Ecowitt.net',
  wunderground: 'Weather Underground',
  ambient: 'Ambient Weather',
  weatherlink: 'WeatherLink',
};
export const vendorName = (v: BackfillVendor) => NAMES[v];

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Seconds of a Retry-After header (delta seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function vendorClient(options: ClientOptions): VendorClient {
  const { vendor, config, signal } = options;
  const send = options.send ?? guardedRequest;
  const slot = `${vendor}:${createHash('sha256').update(options.key).digest('hex')}`;
  const name = NAMES[vendor];
  const paced = async () => {
    const interval = config.intervals[vendor];
    for (;;) {
      const wait = (nextAllowed.get(slot) ?? 0) - Date.now();
      if (wait <= 0) break;
      await sleep(wait, signal);
      if (signal?.aborted) return;
    }
    nextAllowed.set(slot, Date.now() + interval);
  };
  // The interval also counts from each answer: the vendor sees requests arrive an interval apart, though one sent
  // on time may reach it late (the address lookup of the guarded path, a busy network) and the next one early.
  const sendSpaced: typeof send = async (...args) => {
    try {
      return await send(...args);
    } finally {
      nextAllowed.set(slot, Math.max(nextAllowed.get(slot) ?? 0, Date.now() + config.intervals[vendor]));
    }
  };
  return {
    async getJson(url, headers) {
      let lastError = '';
      let waits = 0;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        if (signal?.aborted) throw new BackfillError('vendor', 'cancelled');
        await paced();
        let answer: GuardedAnswer;
        try {
          options.onRequest?.();
          answer = await sendSpaced(
            url,
            {
              method: 'GET',
              headers: { accept: 'application/json', ...headers },
              timeoutMs: TIMEOUT_MS,
              maxBody: MAX_BODY,
              withHeaders: true,
            },
            // The endpoint is the operator's (config), never the user's: it may be local (tests, a proxy).
            { allowPrivate: true },
          );
        } catch (error) {
          if (error instanceof BlockedTarget)
            throw new BackfillError('network', `${name} is not reachable from here`);
          lastError = `${name} did not answer (${(error as Error).name})`;
          await sleep(config.retryMs * 2 ** attempt, signal);
          continue;
        }
        if (answer.status === 429) {
          if (++waits > MAX_WAITS)
            throw new BackfillError('rateLimit', `${name} kept asking to wait: start again later`);
          const after = retryAfterSeconds(answer.headers?.['retry-after']) ?? 60;
          if (after > config.maxRetryAfter)
            throw new BackfillError(
              'rateLimit',
              `${name} asks to wait ${Math.ceil(after / 60)} minutes: start again later`,
            );
          const until = Date.now() + after * 1000;
          options.onWait?.(until);
          nextAllowed.set(slot, until);
          await sleep(after * 1000, signal);
          options.onWait?.(null);
          attempt--; // a rate-limit answer is the vendor's pacing, not a failure
          continue;
        }
        if (answer.status === 401 || answer.status === 403)
          throw new BackfillError(
            vendor === 'weatherlink' && answer.status === 403 ? 'plan' : 'auth',
            `${name} refused the keys (${answer.status})`,
          );
        if (answer.status >= 500 || answer.status === 0) {
          lastError = `${name} answered ${answer.status}`;
          await sleep(config.retryMs * 2 ** attempt, signal);
          continue;
        }
        if (answer.status === 204 || answer.body.trim() === '') return null;
        if (answer.status < 200 || answer.status >= 300)
          throw new BackfillError('vendor', `${name} answered ${answer.status}`);
        try {
          return JSON.parse(answer.body) as unknown;
        } catch {
          throw new BackfillError('malformed', `${name} answered something that is not JSON`);
        }
      }
      throw new BackfillError('server', `${lastError}, ${ATTEMPTS} times`);
    },
  };
}

/** Forgets the pacing (tests start each case afresh). */
export function resetPacing(): void {
  nextAllowed.clear();
}
