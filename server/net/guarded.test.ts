// The guarded outgoing path (issue #20, SSRF) against a real HTTP server on 127.0.0.1 standing in for an
// internal service: no notation of its address and no name of the host reaches it, unless the operator opted
// in (FORWARD_ALLOW_PRIVATE); a name whose DNS answer is private is refused at the lookup the connection uses;
// redirects are answered, never followed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BlockedTarget, guardedLookup, guardedRequest, urlAllowed } from './guarded';

let internal: Server;
let port = 0;
const reached: string[] = [];

beforeAll(async () => {
  internal = createServer((req, res) => {
    reached.push(req.url ?? '');
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/secret' });
      res.end();
      return;
    }
    res.end('internal secret page');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  port = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));

const get = (url: string, allowPrivate = false) =>
  guardedRequest(url, { method: 'GET', timeoutMs: 3000 }, { allowPrivate });

describe('guardedRequest', () => {
  test('no notation of the loopback address and no name of the host reaches the internal server', async () => {
    const urls = [
      `http://127.0.0.1:${port}/a`,
      `http://127.1:${port}/b`,
      `http://2130706433:${port}/c`,
      `http://0x7f000001:${port}/d`,
      `http://0177.0.0.1:${port}/e`,
      `http://0.0.0.0:${port}/f`,
      `http://[::1]:${port}/g`,
      `http://[::ffff:127.0.0.1]:${port}/h`,
      `http://[::ffff:7f00:1]:${port}/i`,
      `http://localhost:${port}/j`,
      `http://LOCALHOST.:${port}/k`,
      `http://app.localhost:${port}/l`,
      `https://127.0.0.1:${port}/m`,
    ];
    for (const url of urls) {
      const error = await get(url).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(BlockedTarget);
    }
    expect(reached).toEqual([]);
  });

  test('cloud metadata and private networks are refused before any connection', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://224.0.0.1/',
    ])
      expect(urlAllowed(url, { allowPrivate: false }), url).toBe(false);
    expect(urlAllowed('http://169.254.169.254/', { allowPrivate: true })).toBe(false);
    expect(urlAllowed('http://user:pw@example.com/', { allowPrivate: false })).toBe(false);
    expect(urlAllowed('ftp://example.com/', { allowPrivate: false })).toBe(false);
    expect(urlAllowed('https://example.com/x', { allowPrivate: false })).toBe(true);
  });

  test('with FORWARD_ALLOW_PRIVATE the server on the host is reached; a redirect is answered, not followed', async () => {
    expect(await get(`http://127.0.0.1:${port}/home`, true)).toEqual({
      status: 200,
      body: 'internal secret page',
    });
    expect(await get(`http://localhost:${port}/by-name`, true)).toMatchObject({ status: 200 });
    expect(await get(`http://127.0.0.1:${port}/moved`, true)).toEqual({ status: 302, body: '' });
    expect(reached).toEqual(['/home', '/by-name', '/moved']);
  });
});

describe('a name resolved by the connection itself', () => {
  /** A DNS server answering every name with `address`. */
  const pointing =
    (address: string) =>
    (
      _host: string,
      _opts: unknown,
      cb: (e: Error | null, a: { address: string; family: number }[]) => void,
    ) =>
      cb(null, [{ address, family: 4 }]);

  test('a public-looking name that resolves to the host is refused at the connection; opted in, it connects there', async () => {
    const url = `http://internal.example:${port}/by-dns`;
    const resolve = pointing('127.0.0.1') as never;
    const refused = await guardedRequest(
      url,
      { method: 'GET', timeoutMs: 3000 },
      { allowPrivate: false, resolve },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(BlockedTarget);
    expect(reached).not.toContain('/by-dns');
    // The address the lookup answered is the one connected to (nothing resolves the name a second time).
    const home = await guardedRequest(
      url,
      { method: 'GET', timeoutMs: 3000 },
      { allowPrivate: true, resolve },
    );
    expect(home).toEqual({ status: 200, body: 'internal secret page' });
    expect(reached.filter((p) => p === '/by-dns')).toHaveLength(1);
  });
});

describe('guardedLookup', () => {
  type Answer = { address: string; family: number }[];
  /** A resolver answering `answers` in turn (the last one repeats): a DNS server that rebinds. */
  const dns = (...answers: Answer[]) => {
    let i = 0;
    return ((_host: string, _opts: unknown, cb: (e: Error | null, a: Answer) => void) =>
      cb(null, answers[Math.min(i++, answers.length - 1)])) as never;
  };
  const resolve = (lookup: ReturnType<typeof guardedLookup>, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      lookup('rebind.example', { all }, (error, address) => done({ error, address })),
    );

  test('a name is answered only when every address is allowed, at each connection', async () => {
    const rebinding = guardedLookup(
      { allowPrivate: false },
      dns([{ address: '93.184.215.14', family: 4 }], [{ address: '127.0.0.1', family: 4 }]),
    );
    expect(await resolve(rebinding, false)).toEqual({ error: null, address: '93.184.215.14' });
    // The same name a moment later, now pointing at the host: the connection that asks is refused.
    expect((await resolve(rebinding, false)).error).toBeInstanceOf(BlockedTarget);

    const mixed = guardedLookup(
      { allowPrivate: false },
      dns([
        { address: '93.184.215.14', family: 4 },
        { address: '::ffff:169.254.169.254', family: 6 },
      ]),
    );
    expect((await resolve(mixed, true)).error).toBeInstanceOf(BlockedTarget);

    const home = guardedLookup({ allowPrivate: true }, dns([{ address: '192.168.1.20', family: 4 }]));
    expect(await resolve(home, true)).toEqual({
      error: null,
      address: [{ address: '192.168.1.20', family: 4 }],
    });
  });
});
