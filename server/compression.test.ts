// Compression (issue 21): the built app's files as their build-time brotli/gzip copies by Accept-Encoding,
// answers made per request (API, the app's page) compressed above a size, hashed assets cached for a year and
// the page never; a client closing the connection mid-answer is not an error.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { precompressDir } from '../vite.precompress';
import { isClosedConnection, THRESHOLD } from './compression';
import { startServer, type TestServer } from './testing/server';

const APP_JS = `console.log(${JSON.stringify('the app '.repeat(4000))});`;
const PAGE = `<!doctype html><title>app</title>${'<p>the web app</p>'.repeat(200)}`;

/** A raw GET (no automatic decoding): status, headers and the bytes as sent. */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ res: IncomingMessage; body: Buffer }>((ok, fail) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ res, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    }).on('error', fail);
  });
}

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compression and caching', () => {
  let t: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), PAGE);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), APP_JS);
    writeFileSync(join(dist, 'assets', 'tiny-1234.js'), 'x()');
    // Incompressible and large: streamed from the file as it is.
    writeFileSync(join(dist, 'assets', 'big-1234.bin'), randomBytes(16 * 1024 * 1024));
    expect(precompressDir(dist)).toBe(2); // index.html and app-1234.js; tiny-1234.js is under the minimum
    // Errors logged (LOG_LEVEL=error): a closed connection must not be one of them.
    t = await startServer({ staticDir: dist, logLevel: 'error' });
  });
  afterAll(() => t.close());

  test('built assets: the brotli or gzip copy by Accept-Encoding, cached a year, immutable', async () => {
    for (const [accept, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const { res, body } = await raw(`${t.url}/assets/app-1234.js`, { 'accept-encoding': accept });
      expect([accept, res.statusCode, res.headers['content-encoding']]).toEqual([accept, 200, encoding]);
      expect(decode(body, encoding).toString()).toBe(APP_JS);
      if (encoding) expect(body.length).toBeLessThan(APP_JS.length / 10);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
    }
    const tiny = await raw(`${t.url}/assets/tiny-1234.js`, { 'accept-encoding': 'br' });
    expect([tiny.res.headers['content-encoding'], tiny.body.toString()]).toEqual([undefined, 'x()']);
  });

  test("the app's page: compressed, never cached", async () => {
    for (const path of ['/dashboard', '/admin/users', '/no/such/page']) {
      const { res, body } = await raw(t.url + path, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect([path, res.statusCode, res.headers['content-encoding']]).toEqual([path, 200, 'br']);
      expect(decode(body, 'br').toString()).toBe(PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  test('API answers: compressed from THRESHOLD bytes on, small ones as they are', async () => {
    const big = await raw(`${t.url}/metrics`, { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(Number(big.res.headers['content-length'])).toBe(big.body.length);
    const json = decode(big.body, big.res.headers['content-encoding']);
    expect(json.length).toBeGreaterThanOrEqual(THRESHOLD);
    expect(big.res.headers['content-encoding']).toBe('gzip');
    expect(big.res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.toString())).toBeTruthy();
    const plain = await raw(`${t.url}/metrics`, { accept: 'application/json' });
    expect([plain.res.headers['content-encoding'], plain.body.equals(json)]).toEqual([undefined, true]);
    const small = await raw(`${t.url}/healthz`, { 'accept-encoding': 'br, gzip' });
    expect(small.res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'ok' });
  });

  test('a client closing the connection mid-download is no error: nothing logged', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const seen = new Promise<unknown>((ok) => t.server.app.once('error', ok));
      await new Promise<void>((ok, fail) => {
        const req = get(`${t.url}/assets/big-1234.bin`, (res) => {
          res.once('data', () => {
            req.destroy();
            ok();
          });
        });
        req.on('error', (e) => ((e as { code?: string }).code === 'ECONNRESET' ? undefined : fail(e)));
      });
      // Which one depends on where the stream was: ERR_STREAM_PREMATURE_CLOSE, ECONNRESET or EPIPE.
      expect(isClosedConnection(await seen)).toBe(true);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });
});
