// The cluster's one public port (`npm run cluster`): a small reverse proxy in front of the server processes.
// Uploads go to the ingest process; everything else (REST, socket.io, the web app) to the API processes, a
// browser staying on one of them (socket.io's long-polling needs every request of a session at the same
// process: a cookie names it). WebSocket upgrades are piped through. A process that refuses connections is
// skipped for a second, and a request it never received goes to another: a crashed API process costs its
// clients a reconnect, nothing more. With the ingest process down, uploads are answered 503 with Retry-After
// (consoles upload again), never accepted and dropped.
import http from 'node:http';
import net from 'node:net';
import { isUploadPath } from '../ingest/route';

export interface Backend {
  port: number;
  host?: string;
}

export interface ProxyOptions {
  api: Backend[];
  ingest: Backend[];
  /** Largest request body passed on (bytes); the servers' own limits are lower. */
  maxBody?: number;
}

const STICKY = 'portal_node';
const DOWN_FOR_MS = 1000;

/** Upload endpoints of every protocol (server/ingest/route.ts answers them). */
export function isUpload(path: string): boolean {
  return isUploadPath(path);
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === name) return v;
  }
  return undefined;
}

export function clusterProxy({ api, ingest, maxBody = 8 * 1024 * 1024 }: ProxyOptions): http.Server {
  const downUntil = new Map<Backend, number>();
  // Kept-alive connections to the processes, dropped after 2 s idle: before the servers' own 5 s, so a request
  // rarely meets a connection the server is closing (and one that does is sent again, below).
  const upstream = new http.Agent({ keepAlive: true, timeout: 2000 });
  const up = (b: Backend) => (downUntil.get(b) ?? 0) <= Date.now();
  let next = 0;

  /** The backends to try, in order: the sticky one first (if any), then the others round-robin. */
  function candidates(path: string, cookie: string | undefined): { group: Backend[]; order: Backend[] } {
    const group = isUpload(path) ? ingest : api;
    const start = next++ % group.length;
    const order = group.map((_, i) => group[(start + i) % group.length]);
    const sticky = cookie === undefined ? undefined : group[Number(cookie)];
    if (sticky && group !== ingest) order.sort((a, b) => (a === sticky ? -1 : b === sticky ? 1 : 0));
    // Processes seen down recently go last (they are still tried: the whole group may be restarting).
    return { group, order: [...order.filter(up), ...order.filter((b) => !up(b))] };
  }

  function forwardedFor(req: http.IncomingMessage): string {
    const prior = req.headers['x-forwarded-for'];
    const ip = req.socket.remoteAddress ?? '';
    return prior ? `${prior}, ${ip}` : ip;
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBody) {
        res.writeHead(413, { 'content-type': 'text/plain' }).end('Request too large');
        return;
      }
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    const path = (req.url ?? '/').split('?')[0];
    const { group, order } = candidates(path, cookieOf(req.headers.cookie, STICKY));
    for (const backend of order) {
      const sent = await new Promise<'done' | 'refused'>((resolve) => {
        const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
        const out = http.request(
          {
            host: backend.host ?? '127.0.0.1',
            port: backend.port,
            method: req.method,
            path: req.url,
            headers,
            agent: upstream,
          },
          (answer) => {
            const head = { ...answer.headers };
            // A browser's socket.io session stays on this process (long-polling needs it).
            if (group === api && path.startsWith('/socket.io/')) {
              const cookie = `${STICKY}=${group.indexOf(backend)}; Path=/; HttpOnly; SameSite=Lax`;
              head['set-cookie'] = [...(answer.headers['set-cookie'] ?? []), cookie];
            }
            res.writeHead(answer.statusCode ?? 502, head);
            answer.pipe(res);
            answer.on('end', () => resolve('done'));
            answer.on('error', () => resolve('done'));
          },
        );
        out.on('error', (error: NodeJS.ErrnoException) => {
          // Refused: the process never saw the request, so another may answer it. So with a kept-alive
          // connection the process had just closed (Node's documented `reusedSocket` case): sent again. Any later
          // failure may have been acted on: it is reported, not repeated.
          if (error.code === 'ECONNRESET' && out.reusedSocket && !res.headersSent) {
            resolve('refused');
            return;
          }
          if (error.code === 'ECONNREFUSED' && !res.headersSent) {
            downUntil.set(backend, Date.now() + DOWN_FOR_MS);
            resolve('refused');
            return;
          }
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
          else res.destroy();
          resolve('done');
        });
        out.end(body);
      });
      if (sent === 'done') return;
    }
    res
      .writeHead(503, { 'content-type': 'text/plain', 'retry-after': '5' })
      .end(group === ingest ? 'Uploads unavailable, retry later' : 'Service unavailable, retry later');
  });

  // WebSockets (socket.io's transport): the upgrade request and then both directions, piped as they are.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0];
    const { order } = candidates(path, cookieOf(req.headers.cookie, STICKY));
    const tryNext = (i: number) => {
      const backend = order[i];
      if (!backend) {
        client.end('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect(backend.port, backend.host ?? '127.0.0.1');
      upstream.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') {
          downUntil.set(backend, Date.now() + DOWN_FOR_MS);
          tryNext(i + 1);
        } else client.destroy();
      });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (const [k, v] of Object.entries(headers))
          for (const value of Array.isArray(v) ? v : [v])
            if (value !== undefined) lines.push(`${k}: ${value}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        // Either side ending (a process killed) ends the other: the client sees a closed socket and reconnects.
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
    };
    client.on('error', () => {});
    tryNext(0);
  });
  // Longer than the clients' idle connections (browsers, consoles, balancers in front), so the proxy is not the one
  // closing a connection a client is about to reuse.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('close', () => upstream.destroy());
  return server;
}
