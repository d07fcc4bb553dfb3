// The home relay (issue 27): takes a console's uploads over plain HTTP on the LAN in every protocol the portal
// accepts (the portal's own endpoint table, parsers and reply bytes: server/ingest), queues each on disk
// before the console hears "ok", and sends it on to the portal and to every --forward destination
// (destination.ts). GET /status answers {queued, sent, lastSentAt, portalReachable}.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpointOf, readBody, readUploads } from '../server/ingest/endpoints';
import { outcomeOf, PROTOCOLS, replyFor, UploadError, type UploadReply } from '../server/ingest/parsers';
import { strayProtocol } from '../server/ingest/stray';
import { Destination, type DestinationStatus } from './destination';
import { type GatewayStatus, liveDataUrl, type PollOptions, startPolling } from './gateway';
import { destinationId, UploadQueue, type UploadRequest } from './queue';

export interface RelayOptions {
  /** The portal's URL (scheme, host, port; a path prefix is kept). */
  portal: string;
  /** Port to listen on (0: any free one). */
  listen: number;
  /** Address to listen on (default: every interface, so consoles on the LAN reach it). */
  host?: string;
  /** The queue's directory. */
  queue: string;
  /** Other destinations that get every upload too. */
  forwards?: readonly string[];
  /** The most bytes the queue may take on disk (default 64 MiB). */
  maxBytes?: number;
  /** Segment size of the queue (tests: small, to see thinning). */
  segmentBytes?: number;
  /** Longest wait between tries while a destination is away (default 30 s). */
  maxRetryMs?: number;
  log?: (line: string) => void;
  /**
   * Poll an Ecowitt gateway's live data instead of receiving uploads (gateway.ts): the port then answers only
   * GET /status.
   */
  poll?: PollOptions;
}

export interface RelayStatus {
  queued: number;
  sent: number;
  /** ISO time of the last upload the portal took; null before the first. */
  lastSentAt: string | null;
  portalReachable: boolean;
  /** Uploads dropped to keep the queue within its size since the relay started. */
  thinned: number;
  forwards: DestinationStatus[];
  /** When polling a gateway: its polls. */
  gateway?: GatewayStatus;
}

export interface Relay {
  port: number;
  url: string;
  status(): RelayStatus;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

function answer(res: ServerResponse, reply: UploadReply): void {
  res.writeHead(reply.status, { 'content-type': reply.contentType });
  res.end(reply.body);
}

export async function startRelay(options: RelayOptions): Promise<Relay> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.poll && !liveDataUrl(options.poll.gateway))
    throw new Error(`not a gateway address: ${options.poll.gateway}`);
  const urls = [options.portal, ...(options.forwards ?? [])];
  const queue = new UploadQueue({
    dir: options.queue,
    destinations: urls.map(destinationId),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    segmentBytes: options.segmentBytes,
  });
  const destinations = urls.map(
    (url, i) => new Destination(queue, url, { keepPath: i === 0, maxRetryMs: options.maxRetryMs, log }),
  );
  const [portal] = destinations;
  let poller: ReturnType<typeof startPolling> | null = null;

  const status = (): RelayStatus => ({
    queued: portal.queued(),
    sent: portal.sent,
    lastSentAt: portal.lastSentAt === null ? null : new Date(portal.lastSentAt).toISOString(),
    portalReachable: portal.reachable === true,
    thinned: queue.thinned,
    forwards: destinations.slice(1).map((d) => d.status()),
    ...(poller ? { gateway: poller.status() } : {}),
  });

  async function receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const query = q < 0 ? '' : raw.slice(q + 1);
    if (req.method === 'GET' && path === '/status') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(status()));
      return;
    }
    if (options.poll) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('This relay polls a gateway and takes no uploads');
      return;
    }
    const endpoint = endpointOf(path);
    if (!endpoint) {
      const stray = strayProtocol(req.method ?? 'GET', path, query, req.headers.accept ?? '');
      if (stray) answer(res, replyFor(stray, 'notFound'));
      else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found');
      }
      return;
    }
    const { protocol } = endpoint;
    const info = PROTOCOLS[protocol];
    const method = req.method === 'POST' ? 'POST' : req.method === 'GET' ? 'GET' : null;
    if (!method || !info.methods.includes(method)) return answer(res, replyFor(protocol, 'wrongMethod'));
    let body: string | null = null;
    if (method === 'POST') {
      body = await readBody(req);
      if (body === null) {
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Upload too large');
        return;
      }
    }
    const request: UploadRequest = {
      method,
      path,
      query,
      contentType: req.headers['content-type'] ?? '',
      authorization: req.headers.authorization ?? '',
      body,
    };
    const { uploads } = readUploads(endpoint, request);
    if (uploads === null) return answer(res, replyFor(protocol, 'badRequest', 'Not an upload in JSON'));
    const at = Date.now();
    const now = Math.floor(at / 1000);
    // Read as the portal will: an upload it would refuse as malformed is refused here, in the same words.
    let stamped = false;
    try {
      stamped = uploads.every((fields) => info.parse(fields, now).time === now);
    } catch (error) {
      if (error instanceof UploadError)
        return answer(res, replyFor(protocol, outcomeOf(error.status), error.message));
      throw error;
    }
    // No time of the console's own: the receipt time is written in the protocol's fields (they come first,
    // and the first occurrence of a field wins), so every destination stores it, however late it is sent.
    if (stamped && info.timeFields && uploads.length === 1)
      request.query = query ? `${info.timeFields(now)}&${query}` : info.timeFields(now);
    const upload = queue.append(at, request);
    answer(res, replyFor(protocol, 'ok'));
    for (const destination of destinations) destination.arrived(upload);
  }

  const server = createServer((req, res) => {
    receive(req, res).catch((error: unknown) => {
      // Not queued (the disk is full or failing): an answer the console retries, never its "ok".
      log(`upload not queued: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Queue unavailable, retry later');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.listen, options.host, resolve);
  });
  for (const destination of destinations) destination.start();
  const { port } = server.address() as AddressInfo;
  log(`relay listening on port ${port}, sending to ${options.portal}`);
  if (options.poll) {
    poller = startPolling(
      options.poll,
      ({ at, path, body }) => {
        const upload = queue.append(at, {
          method: 'POST',
          path,
          query: '',
          contentType: 'application/x-www-form-urlencoded',
          authorization: '',
          body,
        });
        for (const destination of destinations) destination.arrived(upload);
      },
      log,
    );
    log(`polling ${poller.status().url} every ${options.poll.intervalMs / 1000} s`);
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    status,
    async close() {
      await poller?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all(destinations.map((d) => d.stop()));
      queue.close();
    },
  };
}
