// Browser figures of the offline-first data engine, measured in headless Chromium (the e2e launch flags) against
// a real server with the demo station (DEMO=on: a week of 5-minute and a year of 3-hour history):
// - warm start: the installed app (service worker active, data in Dexie) opened offline in a running browser,
//   from navigation start to the first card value painted;
// - period switch: a graph period seen before, picked offline (answered from Dexie), from the click to the
//   chart painted with that period's data;
// - merge: 2 days of 5-minute rows into Dexie, and aggregate: 31 days of 5-minute rows → 1 h, both inside the
//   data worker through its measuring hook (workers/bench.ts).
// "Painted" = the frame after the DOM/canvas change (requestAnimationFrame, then a task after it).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import type { DataWorkerApi, WorkerBench } from '../workers/api';

const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'demo-weather';
/** The outdoor card's graph keys (graphKeys('tempc0', secondaries of the same unit type)). */
const GRAPH_KEYS = ['tempc0', 'feelslike', 'dewpoint'];
const PERIODS = [
  ['Day', '5m'],
  ['Week', '30m'],
  ['Month', '1h'],
  ['Year', '1d'],
] as const;

export interface BrowserFigure {
  name: string;
  ms: number;
  goalMs: number;
  /** What was measured (runs, rows, start and end points). */
  against: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

/** `server/start.ts` with the demo on; resolves once the demo station is written and the server listens. */
async function startServer(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  // BENCH_PORT: a fixed port (an engineer's own range on a shared machine), else any free one.
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-browser-'));
  const child = spawn(resolve('node_modules/.bin/node'), ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: 'on', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('server did not start in 120 s')), 120_000);
    child.once('exit', (code) => fail(new Error(`server exited (${code})`)));
    lines.on('line', (line) => {
      if (line.includes('Weather portal running at')) {
        clearTimeout(timer);
        ok();
      }
    });
  });
  return { child, base: `http://localhost:${port}`, dataDir };
}

/**
 * Init script (plain JS: tsx-compiled functions would carry its helpers into the page): the bench hook flag, the
 * time the first outdoor value was painted (ms since navigation start), and a period-switch timer.
 */
const PAGE_JS = `
(() => {
  window.__portalBench = true;
  const painted = (cb) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = cb;
      ch.port2.postMessage(0);
    });
  const seen = () => /\\d/.test(document.querySelector('[data-testid="card-outdoor-primary"]')?.textContent ?? '');
  const mo = new MutationObserver(() => {
    if (window.__firstValue !== undefined || !seen()) return;
    mo.disconnect();
    window.__firstValue = -1;
    painted(() => { window.__firstValue = performance.now(); });
  });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
  // Click a period button of the outdoor graph; ms until the chart has drawn that bucket and painted.
  window.__switchPeriod = (label, bucket) => {
    const card = document.querySelector('article[data-card="outdoor"]');
    const button = [...card.querySelectorAll('button')].find((b) => b.textContent.trim() === label);
    const drawn = () => card.querySelector('[data-drawn="' + bucket + '"]');
    return new Promise((ok, fail) => {
      const t0 = performance.now();
      const timer = setTimeout(() => {
        obs.disconnect();
        fail(new Error(label + ': no chart of ' + bucket + ' drawn in 15 s (' + card.querySelector('[data-drawn]')?.dataset.drawn + ')'));
      }, 15000);
      const obs = new MutationObserver(() => {
        if (!drawn()) return;
        obs.disconnect();
        clearTimeout(timer);
        painted(() => ok(performance.now() - t0));
      });
      obs.observe(card, { subtree: true, attributes: true, childList: true });
      if (!button) return fail(new Error('no button ' + label));
      // Already picked: nothing to switch (just wait until it is drawn). The timed rounds always switch.
      if (button.getAttribute('aria-pressed') === 'true') {
        if (drawn()) {
          obs.disconnect();
          clearTimeout(timer);
          return ok(0);
        }
        return;
      }
      button.click();
    });
  };
})();
`;

type BenchWindow = Window & {
  __firstValue?: number;
  __switchPeriod(label: string, bucket: string): Promise<number>;
  __portalWorker: { bench: DataWorkerApi['bench'] };
};

const switchPeriod = (page: Page, [label, bucket]: readonly [string, string]) =>
  page
    .evaluate(([l, b]) => (window as unknown as BenchWindow).__switchPeriod(l, b), [label, bucket] as const)
    .catch(async (e) => {
      const card = await page
        .locator('article[data-card="outdoor"]')
        .textContent()
        .then((t) => t ?? '')
        .catch(() => '');
      throw new Error(`${(e as Error).message}\n${card.replace(/\s+/g, ' ').slice(0, 400)}`);
    });

async function openGraph(page: Page): Promise<void> {
  const card = page.locator('article[data-card="outdoor"]');
  const day = card.getByRole('button', { name: 'Day', exact: true });
  if (await day.isVisible()) return;
  await card.getByRole('button', { name: 'Card menu: Outdoor' }).click();
  await page.getByRole('menuitem', { name: 'Show graph' }).click();
  await day.waitFor();
}

export async function browserBench(runs = 7): Promise<{ figures: BrowserFigure[]; worker: WorkerBench }> {
  const server = await startServer();
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: server.base, serviceWorkers: 'allow' });
    await context.addInitScript({ content: PAGE_JS });
    let page = await context.newPage();

    // Install: sign in, see the dashboard live, let the service worker take control.
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard/);
    // Functions, not strings: the portal's CSP (script-src 'self') refuses the eval a string predicate needs.
    await page.waitForFunction(() => ((window as unknown as BenchWindow).__firstValue ?? 0) > 0);
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.active);
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);

    // Every period seen once online (cached / held in Dexie).
    await openGraph(page);
    for (const p of PERIODS) await switchPeriod(page, p);

    // Worker-internal figures, on the selected (demo) device.
    const device = await page.evaluate(async () => {
      const open = indexedDB.open('portal');
      await new Promise((r) => {
        open.onsuccess = r;
      });
      const req = open.result.transaction('settings').objectStore('settings').get('lastViewDevice');
      await new Promise((r) => {
        req.onsuccess = r;
      });
      open.result.close();
      return (req.result as { value: string }).value;
    });
    const worker = await page.evaluate(
      ([id, keys]) => (window as unknown as BenchWindow).__portalWorker.bench(id, [...keys]),
      [device, GRAPH_KEYS] as const,
    );

    // Warm starts offline: a new window of the installed app each time (the previous one closed).
    await context.setOffline(true);
    const starts: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.close();
      page = await context.newPage();
      await page.goto('/dashboard');
      const handle = await page.waitForFunction(
        () => {
          const first = (window as unknown as BenchWindow).__firstValue ?? 0;
          return first > 0 && first;
        },
        undefined,
        { timeout: 30_000 },
      );
      starts.push((await handle.jsonValue()) as number);
    }

    // Period switches offline, from what Dexie holds: each period in turn, several rounds.
    await openGraph(page);
    await switchPeriod(page, PERIODS[3]);
    const switches: number[] = [];
    for (let r = 0; r < runs; r++) for (const p of PERIODS) switches.push(await switchPeriod(page, p));

    const figures: BrowserFigure[] = [
      {
        name: 'warm start offline → first card value painted',
        ms: median(starts),
        goalMs: 800,
        against: `median of ${runs} new windows of the installed app, offline; navigation start → outdoor value painted`,
      },
      {
        name: 'graph period switch (cached) → chart painted',
        ms: median(switches),
        goalMs: 100,
        against: `median of ${switches.length} offline switches Day/Week/Month/Year; click → uPlot drew the bucket, painted (max ${Math.round(Math.max(...switches))} ms)`,
      },
      {
        name: 'merge 2 days of 5m rows into Dexie (worker)',
        ms: worker.mergeMs,
        goalMs: 50,
        against: `median of 9; mergeRows of ${worker.mergeRows} server rows into an empty store`,
      },
      {
        name: '31 days of 5m → 1h (worker)',
        ms: worker.aggregateMs,
        goalMs: 30,
        against: `median of 9; aggregateRows of ${worker.aggregateRows} rows × ${worker.aggregateKeys} graph keys → ${worker.aggregateBuckets} buckets (all ${worker.allKeys} columns: ${worker.aggregateAllKeysMs.toFixed(1)} ms)`,
      },
    ];
    return { figures, worker };
  } finally {
    await browser?.close();
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    const kill = setTimeout(() => server.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(kill);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
