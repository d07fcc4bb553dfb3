// A tiny fetch-based Feathers REST caller for the service worker (outbox replay, periodic sync) and for the
// worker's outbox flush: no Feathers client, Bearer token from Dexie, `Idempotency-Key` header for replays.

import { coded, ERRORS } from '../domain/errors';
import { ApiError, toApiError } from './errors';

export type RestMethod = 'find' | 'get' | 'create' | 'patch' | 'remove';

export interface RestCall {
  service: string;
  method: RestMethod;
  id?: string | number | null;
  data?: unknown;
  query?: Record<string, unknown>;
  /** Sent as `Idempotency-Key` so a replayed mutation is applied once. */
  idempotencyKey?: string;
}

export interface RestOptions {
  /** Page origin, e.g. `https://portal.example` (same origin as the API). */
  origin: string;
  accessToken?: string | null;
  fetch?: typeof fetch;
  /** Abort after this many ms (default 30 s, as the socket calls). */
  timeoutMs?: number;
}

const HTTP: Record<RestMethod, string> = {
  find: 'GET',
  get: 'GET',
  create: 'POST',
  patch: 'PATCH',
  remove: 'DELETE',
};

/** Encode a Feathers query the way the server's koa-qs parses it: `a[b][0]=x&$limit=1`. */
export function encodeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) parts.push(`${encodeURIComponent(prefix)}=`);
    else if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(`${prefix}[${i}]`, v);
    } else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(`${prefix}[${k}]`, v);
    else parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
  };
  for (const [k, v] of Object.entries(query)) walk(k, v);
  return parts.join('&');
}

export function restUrl(origin: string, call: RestCall): string {
  const base = origin.replace(/\/$/, '');
  const id = call.id !== undefined && call.id !== null ? `/${encodeURIComponent(String(call.id))}` : '';
  const qs = call.query ? encodeQuery(call.query) : '';
  return `${base}/${call.service.replace(/^\//, '')}${id}${qs ? `?${qs}` : ''}`;
}

/** One REST call; resolves with the parsed JSON answer or rejects with an ApiError (code 0 = network). */
export async function rest<T = unknown>(call: RestCall, opts: RestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.accessToken) headers.Authorization = `Bearer ${opts.accessToken}`;
  if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
  const hasBody = call.method === 'create' || call.method === 'patch';
  if (hasBody) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 30_000);
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(restUrl(opts.origin, call), {
      method: HTTP[call.method],
      headers,
      body: hasBody ? JSON.stringify(call.data ?? {}) : undefined,
      signal: controller.signal,
    });
  } catch (e) {
    if (controller.signal.aborted)
      throw new ApiError(ERRORS.requestTimeout, 408, 'Timeout', coded('requestTimeout'));
    throw new ApiError(toApiError(e).message, 0, 'NetworkError');
  } finally {
    clearTimeout(timer);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const e = (body && typeof body === 'object' ? body : {}) as {
      name?: string;
      message?: string;
      data?: unknown;
    };
    throw new ApiError(e.message || res.statusText || `HTTP ${res.status}`, res.status, e.name, e.data);
  }
  return body as T;
}
