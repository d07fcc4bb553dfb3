// The one way the server connects to a URL or host a user gave (issue #20, SSRF): upload targets ("custom
// server", and their "Test now") and push endpoints. The agents resolve the name themselves (a `lookup` on the
// connection) and check every address before the socket is opened, so a DNS answer that changes between a check
// and the connection (rebinding) changes nothing: the address checked is the address connected to. An IP
// literal never goes through a lookup, so it is checked where the connection is created. Redirects are never
// followed (a 3xx is an answer like any other), and only the status is kept of an answer, with its first bytes
// for the format's own reading; nothing of it is shown to the user (see forwarder.ts).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressAllowed, hostOf, isLocalName } from './address';

export interface GuardOptions {
  /** FORWARD_ALLOW_PRIVATE=on: the operator's opt-in for targets on a home network (see address.ts). */
  allowPrivate: boolean;
  /** The resolver (tests answer names with it; dns.lookup otherwise). */
  resolve?: typeof dnsLookup;
}

/** Why a connection was not made; `reason` is ours, never a system error text. */
export class BlockedTarget extends Error {
  constructor(readonly reason: 'address' | 'url') {
    super(reason === 'address' ? 'address not allowed' : 'not an http(s) URL');
  }
}

/** Whether a URL may be used at all before any lookup: http(s), no credentials, not a literal private address or
 *  a name of the host itself. A name is checked again, address by address, when it is connected to. */
export function urlAllowed(url: string, options: GuardOptions): boolean {
  const host = hostOf(url);
  if (!host) return false;
  const u = new URL(url);
  if (u.username || u.password) return false;
  if (isIP(host)) return addressAllowed(host, options.allowPrivate);
  return options.allowPrivate || !isLocalName(host);
}

/** A dns.lookup that answers only when every address of the name is allowed (one private address among public
 *  ones refuses the name: which one a connection picks is not ours to choose). */
export function guardedLookup(
  options: GuardOptions,
  resolve: typeof dnsLookup = options.resolve ?? dnsLookup,
): LookupFunction {
  return (hostname, opts, callback) => {
    if (!options.allowPrivate && isLocalName(hostname)) {
      callback(new BlockedTarget('address'), '', 4);
      return;
    }
    resolve(hostname, { ...opts, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, options.allowPrivate)))
        return callback(new BlockedTarget('address'), '', 4);
      if ((opts as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

type Connect = (
  options: Record<string, unknown>,
  callback?: (e: Error | null, s?: unknown) => void,
) => unknown;

/** Wraps an agent's createConnection: IP literals checked here, names through the guarded lookup. */
function guard<A extends http.Agent>(agent: A, options: GuardOptions): A {
  const lookup = guardedLookup(options);
  const base = (agent as unknown as { createConnection: Connect }).createConnection.bind(agent);
  (agent as unknown as { createConnection: Connect }).createConnection = (opts, callback) => {
    const host = String(opts.host ?? opts.hostname ?? '').replace(/^\[|\]$/g, '');
    if (isIP(host) && !addressAllowed(host, options.allowPrivate)) {
      // The agent turns this into the request's 'error' event.
      callback?.(new BlockedTarget('address'));
      return undefined;
    }
    return base({ ...opts, lookup }, callback);
  };
  return agent;
}

/** An https.Agent that connects only to allowed addresses (web-push takes one). */
export function guardedHttpsAgent(options: GuardOptions): https.Agent {
  return guard(new https.Agent({ keepAlive: false }), options);
}

export function guardedHttpAgent(options: GuardOptions): http.Agent {
  return guard(new http.Agent({ keepAlive: false }), options);
}

export interface GuardedRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Bytes of the answer kept (the rest is not read). */
  maxBody?: number;
  /** Answer the headers too (the backfill reads a 429's Retry-After). */
  withHeaders?: boolean;
}

export interface GuardedAnswer {
  status: number;
  body: string;
  /** The answer's headers (a 429's Retry-After is read by the backfill's pacing). */
  headers?: http.IncomingHttpHeaders;
}

/** One request to a user's URL through the guarded agents; a 3xx is answered as it is, never followed. */
export function guardedRequest(
  url: string,
  request: GuardedRequest,
  options: GuardOptions,
): Promise<GuardedAnswer> {
  if (!urlAllowed(url, options))
    return Promise.reject(new BlockedTarget(hostOf(url) === null ? 'url' : 'address'));
  const secure = url.startsWith('https:');
  const agent = secure ? guardedHttpsAgent(options) : guardedHttpAgent(options);
  const maxBody = request.maxBody ?? 2000;
  return new Promise<GuardedAnswer>((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBody) res.destroy();
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, maxBody).toString('utf8'),
            ...(request.withHeaders ? { headers: res.headers } : {}),
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  }).finally(() => agent.destroy());
}
