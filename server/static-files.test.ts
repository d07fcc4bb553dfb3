// The built app's unhashed files (sw.js, index.html, the manifest, icons) answer 304 to a revalidation, so an
// update check that finds nothing downloads nothing (issue 32); files that do not exist are a 404, never the app.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type TestServer } from './testing/server';

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const APP = '<!doctype html><title>app</title><p>the web app</p>';
/** What a browser's revalidation sends; fetch() would add `Cache-Control: no-cache` to a conditional request. */
const REVALIDATE = { 'cache-control': 'max-age=0' };

describe('static files', () => {
  let t: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), APP);
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Portal"}');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    mkdirSync(join(dist, 'icons'));
    writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await startServer({ staticDir: dist, logLevel: 'error' });
  });
  afterAll(() => t.close());

  test.each([
    ['/sw.js', '*/*'],
    ['/manifest.webmanifest', '*/*'],
    ['/icons/icon-192.png', 'image/png'],
    ['/', NAVIGATION],
    ['/dashboard', NAVIGATION],
    ['/index.html', NAVIGATION],
  ])('%s answers 304 to a revalidation by ETag and by Last-Modified', async (path, accept) => {
    const first = await fetch(t.url + path, { headers: { accept } });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const byTag = await fetch(t.url + path, {
      headers: { accept, ...REVALIDATE, 'if-none-match': etag as string },
    });
    expect([byTag.status, (await byTag.arrayBuffer()).byteLength]).toEqual([304, 0]);
    const modified = first.headers.get('last-modified');
    expect(modified).toBeTruthy();
    const byDate = await fetch(t.url + path, {
      headers: { accept, ...REVALIDATE, 'if-modified-since': modified as string },
    });
    expect(byDate.status).toBe(304);
    // A stale tag gets the file again.
    const stale = await fetch(t.url + path, {
      headers: { accept, ...REVALIDATE, 'if-none-match': 'W/"stale"' },
    });
    expect(stale.status).toBe(200);
  });

  test('robots.txt is served as text', async () => {
    const res = await fetch(`${t.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('User-agent');
  });

  test.each(['/sitemap.xml', '/favicon.ico', '/main.js', '/styles/app.css', '/assets/gone-1234.js'])(
    'a missing file %s is a 404, not the app, even to a navigation',
    async (path) => {
      for (const accept of [NAVIGATION, '*/*']) {
        const res = await fetch(t.url + path, { headers: { accept } });
        expect([path, accept, res.status]).toEqual([path, accept, 404]);
        expect(await res.text()).not.toContain('the web app');
      }
    },
  );

  test('a path without a file extension still gets the app (its not-found page)', async () => {
    const res = await fetch(`${t.url}/no/such/page`, { headers: { accept: NAVIGATION } });
    expect([res.status, await res.text()]).toEqual([200, APP]);
  });
});
