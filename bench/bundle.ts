// Bundle budget (issue 21): the JavaScript a first visit loads before the page's first paint, compressed as the
// server sends it (the build's brotli copies), for /login (signed out) and /dashboard (signed in, first card
// value painted). The service worker is blocked: what it precaches afterwards is not on the first paint's path.
// Goal: ≤ 150 KiB for either. Workers' scripts count (the data worker starts at boot).

import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { get } from 'node:http';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { startServer } from './browser';

export const BUDGET_KIB = 150;

export interface PageLoad {
  path: string;
  files: { url: string; raw: number; br: number }[];
  br: number;
  raw: number;
}

/** Bytes of a URL as sent with `accept-encoding` (the build's .br copy when it has one). */
function size(url: string, encoding: string): Promise<number> {
  return new Promise((ok, fail) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => {
        n += c.length;
      });
      res.on('end', () => ok(n));
      res.on('error', fail);
    }).on('error', fail);
  });
}

/** Every script the page and its workers request from `open()` until `painted()` resolves. */
async function scriptsUntilPaint(page: Page, open: () => Promise<unknown>, painted: () => Promise<unknown>) {
  const urls = new Set<string>();
  const seen = (url: string) => {
    if (/\.m?js(\?|$)/.test(url)) urls.add(url.replace(/\?.*$/, ''));
  };
  page.on('request', (r) => seen(r.url()));
  page.on('worker', (w) => seen(w.url()));
  await open();
  await painted();
  return [...urls];
}

async function measure(base: string, path: string, urls: string[]): Promise<PageLoad> {
  const files = await Promise.all(
    urls.map(async (url) => ({
      url: url.replace(base, ''),
      raw: await size(url, 'identity'),
      br: await size(url, 'br'),
    })),
  );
  files.sort((a, b) => b.br - a.br);
  return { path, files, br: files.reduce((s, f) => s + f.br, 0), raw: files.reduce((s, f) => s + f.raw, 0) };
}

export async function bundleBench(): Promise<PageLoad[]> {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.base, serviceWorkers: 'block' });
    const login = await context.newPage();
    const loginScripts = await scriptsUntilPaint(
      login,
      () => login.goto('/login'),
      () => login.getByLabel('Email').waitFor(),
    );
    await login.getByLabel('Email').fill('demo@example.com');
    await login.getByLabel('Password', { exact: true }).fill('demo-weather');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.waitForURL(/\/dashboard/);
    await login.close();
    // A new browser cache: the same context (the session is in IndexedDB) with the HTTP cache bypassed.
    const dash = await context.newPage();
    const cdp = await context.newCDPSession(dash);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const dashScripts = await scriptsUntilPaint(
      dash,
      () => dash.goto('/dashboard'),
      () =>
        dash.waitForFunction(() =>
          /\d/.test(document.querySelector('[data-testid="card-outdoor-primary"]')?.textContent ?? ''),
        ),
    );
    return [
      await measure(server.base, '/login', loginScripts),
      await measure(server.base, '/dashboard', dashScripts),
    ];
  } finally {
    await browser.close();
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await exited;
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
