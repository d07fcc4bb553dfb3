// A local HTTP fake of the weather networks for tests: records every request (method, path, query, headers,
// body) and answers what the test sets per path (default 200 "success").
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  /** The raw query string (without '?'), exactly as sent. */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Reply = { status: number; body: string };

export class FakeNetwork {
  readonly received: Received[] = [];
  private server: Server;
  private replies = new Map<string, Reply[]>();
  base = '';

  constructor() {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const [path, rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
      this.received.push({
        method: req.method ?? '',
        path,
        rawQuery,
        query: new URLSearchParams(rawQuery),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const queued = this.replies.get(path);
      const reply = (queued && queued.length > 1 ? queued.shift() : queued?.[0]) ?? {
        status: 200,
        body: 'success',
      };
      res.writeHead(reply.status, { 'content-type': 'text/plain' });
      res.end(reply.body);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Answers for `path`, in order; the last one repeats. */
  reply(path: string, ...replies: Reply[]): void {
    this.replies.set(path, replies);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The endpoint paths each network's fake answers on. */
export const FAKE_PATHS = {
  wunderground: '/wu/weatherstation/updateweatherstation.php',
  windy: '/windy/api/v2/observation/update/',
  pwsweather: '/pws/pwsupdate/pwsupdate.php',
  weathercloud: '/wcloud/v01/set',
  awekas: '/awekas/eingabe_pruefung.php',
  wow: '/wow/automaticreading',
  openweathermap: '/owm/data/3.0/measurements',
  windguru: '/windguru/upload/api.php',
} as const;

/** Every network's endpoint on the fake; CWOP's APRS-IS server is a TCP one (fake-aprs.ts), by default a port
 *  where nothing listens. */
export function fakeEndpoints(base: string, aprs = 'aprs://127.0.0.1:9') {
  const http = Object.fromEntries(Object.entries(FAKE_PATHS).map(([k, p]) => [k, base + p])) as Record<
    keyof typeof FAKE_PATHS,
    string
  >;
  return { ...http, cwop: aprs };
}
