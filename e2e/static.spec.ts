// The built app's plain files (issue 32): robots.txt, 404 for files that do not exist (not the app's HTML), 304s
// for the unhashed files on revalidation, and the manifest's id, maskable 192 icon, shortcuts and launch_handler.
import { expect, test } from '@playwright/test';

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

test('robots.txt, 404s for missing files, 304s for the unhashed files', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect([robots.status(), robots.headers()['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
  for (const path of ['/sitemap.xml', '/favicon.ico', '/missing.js', '/missing.css', '/assets/gone-1.js']) {
    const res = await request.get(path, { headers: { accept: NAVIGATION } });
    expect([path, res.status()]).toEqual([path, 404]);
  }
  for (const path of ['/sw.js', '/manifest.webmanifest', '/icons/icon-192.png', '/dashboard']) {
    const first = await request.get(path, { headers: { accept: NAVIGATION } });
    const etag = first.headers().etag;
    expect([path, first.status(), !!etag]).toEqual([path, 200, true]);
    const again = await request.get(path, {
      headers: { accept: NAVIGATION, 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect([path, again.status()]).toEqual([path, 304]);
  }
});

test('the manifest: id, maskable 192 icon, shortcuts, white theme colour, launch_handler', async ({
  request,
}) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.id).toBe('/dashboard');
  expect(manifest.theme_color).toBe('#ffffff');
  expect(manifest.launch_handler).toEqual({ client_mode: ['navigate-existing', 'auto'] });
  expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: '192x192', purpose: 'maskable' }));
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/dashboard', '/devices', '/alert']);
});
