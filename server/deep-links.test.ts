// Deep links: a browser navigation or reload of any page of the app gets the app, also where a service shares the
// page's path (/admin/users, /admin/devices); API clients still reach the service.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UI_PATHS } from '../src/domain/uiPaths';
import { startServer, type TestServer } from './testing/server';

/** What Chromium sends for a navigation. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const APP = '<!doctype html><title>app</title><p>the web app</p>';

describe('deep links', () => {
  let t: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), APP);
    t = await startServer({ staticDir: dist });
  });
  afterAll(() => t.close());

  test('every route of the router answers the app to a navigation, parameters filled in or left out', async () => {
    const paths = UI_PATHS.flatMap((p) => {
      const filled = p.replace(/:\w+\??/g, '6560f0a1b2c3d4e5f6a7b8c9');
      return p.includes('?') ? [filled, p.replace(/\/:\w+\?/g, '')] : [filled];
    });
    for (const path of paths) {
      const res = await fetch(t.url + path, { headers: { accept: NAVIGATION }, redirect: 'manual' });
      expect([path, res.status, res.headers.get('content-type')]).toEqual([
        path,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(await res.text()).toBe(APP);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('API clients still get the service at the same path', async () => {
    for (const accept of ['application/json', '*/*']) {
      const res = await fetch(`${t.url}/admin/users`, { headers: { accept } });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { name: string }).name).toBe('NotAuthenticated');
    }
  });

  test('a navigation elsewhere than a page: unknown paths get the app (its not-found page), files a 404', async () => {
    const unknown = await fetch(`${t.url}/no/such/page`, { headers: { accept: NAVIGATION } });
    expect([unknown.status, await unknown.text()]).toEqual([200, APP]);
    const file = await fetch(`${t.url}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(file.status).toBe(404);
  });
});
