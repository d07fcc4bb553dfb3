// Bundle budget (issue 21): the JavaScript a first visit requests before the page's first paint, compressed as
// the server sends it (the build's brotli copies), for /login (signed out: the form painted) and /dashboard
// (signed in: the first card value painted). A script counts when its request started before that paint (the
// page's own clock: navigation start + the paint's time), workers' scripts included. The service worker is
// blocked: what it precaches afterwards is not on the first paint's path. Goal: ≤ 150 KiB for either.

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

/**
 * Init script (plain JS): __paintedAt = epoch ms of the frame after the first element matching
 * window.__paintSelector (with a digit in it when __paintDigit) appeared.
 */
const PAINT_JS = `
(() => {
  const painted = (cb) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = cb;
    ch.port2.postMessage(0);
  });
  const target = () => {
    const sel = sessionStorage.getItem('paintSelector');
    const el = sel && document.querySelector(sel);
    return el && (sessionStorage.getItem('paintDigit') !== '1' || /\\d/.test(el.textContent));
  };
  const mo = new MutationObserver(() => {
    if (window.__paintedAt !== undefined || !target()) return;
    mo.disconnect();
    window.__paintedAt = -1;
    painted(() => { window.__paintedAt = performance.timeOrigin + performance.now(); });
  });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
})();
`;

/** The scripts whose requests (page and workers) started before the first paint of `selector`. */
async function scriptsBeforePaint(page: Page, path: string, selector: string, digit: boolean) {
  const started: { url: string; at: number }[] = [];
  page.on('requestfinished', (r) => {
    if (/\.m?js(\?|$)/.test(r.url()))
      started.push({ url: r.url().replace(/\?.*$/, ''), at: r.timing().startTime });
  });
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([sel, d]) => {
      sessionStorage.setItem('paintSelector', sel);
      sessionStorage.setItem('paintDigit', d ? '1' : '0');
    },
    [selector, digit] as const,
  );
  await page.goto(path);
  const handle = await page.waitForFunction(() => {
    const at = (window as { __paintedAt?: number }).__paintedAt ?? 0;
    return at > 0 && at;
  });
  const paintedAt = (await handle.jsonValue()) as number;
  return [...new Set(started.filter((s) => s.at <= paintedAt).map((s) => s.url))];
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
    await context.addInitScript({ content: PAINT_JS });
    const login = await context.newPage();
    const loginScripts = await scriptsBeforePaint(login, '/login', 'input[type="email"]', false);
    await login.getByLabel('Email').fill('demo@example.com');
    await login.getByLabel('Password', { exact: true }).fill('demo-weather');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.waitForURL(/\/dashboard/);
    await login.close();
    // A new browser cache: the same context (the session is in IndexedDB) with the HTTP cache bypassed.
    const dash = await context.newPage();
    const cdp = await context.newCDPSession(dash);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const dashScripts = await scriptsBeforePaint(
      dash,
      '/dashboard',
      '[data-testid="card-outdoor-primary"]',
      true,
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
