// Lighthouse (issue 32): the mobile preset (Moto G Power emulation, simulated slow 4G and 4× CPU), cold, against
// Debian's Chromium with the e2e flags and a real server with the demo on. /login and /station/demo with
// Lighthouse's own storage reset (no service worker, no caches, no IndexedDB); /dashboard signed in as the demo
// account: the session lives in IndexedDB, so each run starts the browser again on the profile without its HTTP
// cache, V8's code cache and its service worker. Each page is run BENCH_LIGHTHOUSE_RUNS times (3; a smoke once) and its median run by
// performance is printed. Goals: performance ≥ 90, CLS < 0.05, accessibility and SEO 100.

import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { freePort, startServer } from './browser';

export const LIGHTHOUSE_PAGES = ['/login', '/station/demo', '/dashboard'] as const;
export const GOALS = { performance: 90, cls: 0.05, accessibility: 100, seo: 100 };

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  seo: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

/** Why Lighthouse cannot run here, or null when it can (the package and the browser are there). */
export async function lighthouseMissing(): Promise<string | null> {
  try {
    await import('lighthouse');
  } catch (e) {
    return `the lighthouse package cannot be loaded (${(e as Error).message.split('\n')[0]}): run npm install`;
  }
  const { existsSync } = await import('node:fs');
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium, or CHROMIUM_PATH)`;
  return null;
}

const score = (x: number | null | undefined) => Math.round((x ?? 0) * 100);

/** The run of median performance (Lighthouse's own advice: one run swings with the machine's load). */
export function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  return [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs)[runs.length >> 1];
}

export async function lighthouseBench(
  pages: readonly string[] = LIGHTHOUSE_PAGES,
  runs = 1,
): Promise<LighthouseFigures[]> {
  const { default: lighthouse } = await import('lighthouse');
  const server = await startServer();
  const profile = mkdtempSync(join(tmpdir(), 'portal-bench-lighthouse-'));
  // A persistent context is the browser's default one: the tab Lighthouse opens shares its storage (the session).
  let port = 0;
  let context: BrowserContext | null = null;
  const close = async () => {
    await context?.close();
    context = null;
  };
  const launch = async () => {
    await close();
    port = await freePort();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    });
    return context;
  };
  const run = async (path: string, signedIn: boolean): Promise<LighthouseFigures> => {
    const result = await lighthouse(
      server.base + path,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
        disableStorageReset: signedIn,
      },
      // The default config is the mobile preset.
      undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse on ${path}: ${lhr.runtimeError.message}`);
    // The whole report, for the why of a figure (reports/ is not committed).
    mkdirSync('reports', { recursive: true });
    writeFileSync(`reports/lighthouse${path.replaceAll('/', '-')}.json`, JSON.stringify(lhr));
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      path,
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      seo: score(lhr.categories.seo?.score),
      cls: num('cumulative-layout-shift'),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
    };
  };
  try {
    await launch();
    const out: LighthouseFigures[] = [];
    // Signed-out pages first: Lighthouse's storage reset would sign the demo account out.
    const median = async (once: () => Promise<LighthouseFigures>) => {
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) all.push(await once());
      return medianRun(all);
    };
    for (const path of pages.filter((p) => p !== '/dashboard'))
      out.push(await median(() => run(path, false)));
    if (pages.includes('/dashboard')) {
      const browser = await launch();
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(`${server.base}/login`);
      await page.getByLabel('Email').fill('demo@example.com');
      await page.getByLabel('Password', { exact: true }).fill('demo-weather');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/dashboard/);
      out.push(
        await median(async () => {
          // Cold but signed in: a browser started on the profile without its HTTP cache, V8's code cache and its
          // service worker, IndexedDB (the session) kept. Clearing them over CDP in a running browser was not
          // enough: the last run's service worker, still precaching, filled the disk cache again, and a third of
          // the dashboard's files came from it (scores 99-100 beside 92-93 for really cold runs).
          await close();
          for (const dir of ['Cache', 'Code Cache', 'Service Worker', 'GPUCache'])
            rmSync(join(profile, 'Default', dir), { recursive: true, force: true });
          await launch();
          return run('/dashboard', true);
        }),
      );
    }
    return out;
  } finally {
    await close();
    rmSync(profile, { recursive: true, force: true });
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await exited;
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
