// The server's log: human-readable lines by default, or with LOG_FORMAT=json one JSON object per line (time,
// level, msg, the request's id and the signed-in user's id where known) for an operator's log stack. Each HTTP
// request and socket call runs in a context (AsyncLocalStorage) that every line logged during it picks up.
// Secrets never reach a line: fields named like one are redacted, errors keep only their name, message, code and
// stack (never a Feathers error's `data`), login tokens are masked wherever they appear, and request paths are
// logged without their query (station keys and passwords travel there) and with an Ecowitt path key masked.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
export type LogThreshold = 'silent' | LogLevel;
export type LogFormat = 'text' | 'json';

export interface Logger {
  error(msg: string, detail?: unknown): void;
  warn(msg: string, detail?: unknown): void;
  info(msg: string, detail?: unknown): void;
  debug(msg: string, detail?: unknown): void;
  /** Whether lines of this level are written (skip building costly details otherwise). */
  enabled(level: LogLevel): boolean;
}

export interface LogOptions {
  level: LogThreshold;
  format: LogFormat;
  /** Where lines go (tests capture them); default: errors and warnings to stderr, the rest to stdout. */
  write?: (line: string, level: LogLevel) => void;
}

/** What lines logged during one request or socket call carry. */
export interface LogContext {
  requestId: string;
  userId?: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with lines logged during it (and everything it awaits) tagged with the request. */
export function withLogContext<T>(store: LogContext, fn: () => T): T {
  return context.run(store, fn);
}

export function currentLogContext(): LogContext | undefined {
  return context.getStore();
}

// Request ids: this process's random prefix and a counter (unique across processes without a random draw per
// request, which cost more than the rest of the request's logging).
const PROCESS_PREFIX = randomBytes(5).toString('hex');
let requests = 0;

/** A short id for a request that brought none (or an unusable one) in X-Request-Id. */
export function requestId(sent?: string | null): string {
  if (sent && /^[\w.:-]{1,64}$/.test(sent)) return sent;
  requests = (requests + 1) % 0x1000000;
  return PROCESS_PREFIX + requests.toString(16).padStart(6, '0');
}

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };
const THRESHOLD: Record<LogThreshold, number> = { silent: -1, ...RANK };

/** Field names whose values are secrets (passwords, tokens, keys, cookies, an Ecowitt PASSKEY…). */
const SECRET_NAME = /pass(word|key)?|secret|token|authorization|cookie|^key$|Key$|wspw|credential/i;
/** A JWT (login tokens) anywhere in a text. */
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g;

export function scrubText(text: string): string {
  return text.replace(JWT, '[redacted token]');
}

/** A request path as it may be logged: no query, an Ecowitt station key in the path masked. */
export function loggablePath(path: string): string {
  const bare = path.split('?')[0];
  return bare.replace(/^(\/data\/report\/)[^/]+/i, '$1[key]');
}

function errorFields(error: Error): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: scrubText(error.message),
    ...(code !== undefined ? { code } : {}),
    ...(error.stack ? { stack: scrubText(error.stack) } : {}),
  };
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return errorFields(value);
  if (value === null || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_NAME.test(k) ? '[redacted]' : scrubValue(v, depth + 1);
  return out;
}

/** The detail of a line as fields: an error becomes `err`, an object its fields, anything else `detail`. */
function fieldsOf(detail: unknown): Record<string, unknown> {
  if (detail === undefined) return {};
  if (detail instanceof Error) return { err: errorFields(detail) };
  if (detail && typeof detail === 'object' && !Array.isArray(detail))
    return scrubValue(detail) as Record<string, unknown>;
  return { detail: scrubValue(detail) };
}

/** Through the console (stdout; errors and warnings stderr), one line per call. */
function defaultWrite(line: string, level: LogLevel): void {
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

let shared: Logger | null = null;

/**
 * The log of code that runs outside an app (module-level helpers, start-up): LOG_LEVEL and LOG_FORMAT from the
 * environment, as the app's own log reads them (config.ts).
 */
export function processLog(): Logger {
  const level = (process.env.LOG_LEVEL || 'info') as LogThreshold;
  const format = process.env.LOG_FORMAT === 'json' ? 'json' : 'text';
  shared ??= createLogger({ level: level in THRESHOLD ? level : 'info', format });
  return shared;
}

export function createLogger({ level, format, write = defaultWrite }: LogOptions): Logger {
  const threshold = THRESHOLD[level] ?? THRESHOLD.info;
  const emit = (lvl: LogLevel, msg: string, detail: unknown) => {
    if (RANK[lvl] > threshold) return;
    const ctx = context.getStore();
    const fields = fieldsOf(detail);
    if (format === 'json') {
      const entry = {
        time: new Date().toISOString(),
        level: lvl,
        msg: scrubText(msg),
        ...(ctx?.requestId ? { requestId: ctx.requestId } : {}),
        ...(ctx?.userId ? { userId: ctx.userId } : {}),
        ...fields,
      };
      let line: string;
      try {
        line = JSON.stringify(entry);
      } catch {
        line = JSON.stringify({ time: entry.time, level: lvl, msg: entry.msg, detail: '[unserialisable]' });
      }
      write(line, lvl);
      return;
    }
    // Text: as readable as before (message, then the error's stack), with who and which request at the end.
    const { err, ...rest } = fields as { err?: { stack?: string; message?: string } };
    const parts = [lvl === 'info' ? '' : `${lvl.toUpperCase()} `, scrubText(msg)];
    for (const [k, v] of Object.entries(rest))
      parts.push(` ${k}=${typeof v === 'string' ? v : inspect(v, { breakLength: Infinity, depth: 3 })}`);
    if (ctx) parts.push(` [request ${ctx.requestId}${ctx.userId ? `, user ${ctx.userId}` : ''}]`);
    if (err) parts.push(`\n${err.stack ?? err.message ?? ''}`);
    write(parts.join(''), lvl);
  };
  return {
    error: (msg, detail) => emit('error', msg, detail),
    warn: (msg, detail) => emit('warn', msg, detail),
    info: (msg, detail) => emit('info', msg, detail),
    debug: (msg, detail) => emit('debug', msg, detail),
    enabled: (lvl) => RANK[lvl] <= threshold,
  };
}
