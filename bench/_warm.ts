// TEMP probe (not committed): warm-start waterfall.
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium';
import { startServer } from './browser';
const PROBE = `
(() => {
  window.__lt = [];
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); } catch {}
  const seen = () => /\\d/.test(document.querySelector('[data-testid="card-outdoor-primary"]')?.textContent ?? '');
  const marks = {};
  window.__marks = marks;
  const mo = new MutationObserver(() => {
    if (!marks.root && document.querySelector('#root > *')) marks.root = Math.round(performance.now());
    if (!marks.card && document.querySelector('article[data-card]')) marks.card = Math.round(performance.now());
    if (!marks.busy && document.querySelector('main [aria-busy="true"], [aria-busy="true"]')) marks.busy = Math.round(performance.now());
    if (!marks.header && document.querySelector('header')) marks.header = Math.round(performance.now());
    if (window.__firstValue !== undefined || !seen()) return;
    mo.disconnect();
    window.__firstValue = -1;
    requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => { window.__firstValue = performance.now(); }; ch.port2.postMessage(0); });
  });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
})();`;
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: server.base, serviceWorkers: 'allow' });
  await context.addInitScript({ content: PROBE });
  let page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo-weather');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.waitForFunction(() => ((window as any).__firstValue ?? 0) > 0);
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.active);
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.waitForTimeout(3000);
  await context.setOffline(true);
  const runs = Number(process.env.RUNS ?? 5);
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.close();
    page = await context.newPage();
    const cdp = process.env.PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
    await page.goto('/dashboard');
    const h = await page.waitForFunction(() => { const v = (window as any).__firstValue ?? 0; return v > 0 && v; }, undefined, { timeout: 30000 });
    const v = (await h.jsonValue()) as number;
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as any;
      const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
      const self = new Map<string, number>();
      const byUrl = new Map<string, number>();
      const dt = profile.timeDeltas as number[];
      profile.samples.forEach((id: number, i: number) => {
        const n: any = byId.get(id); const f = n.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*\//, '')}:${f.lineNumber}:${f.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
        const u = f.url.replace(/.*\//, '') || f.functionName;
        byUrl.set(u, (byUrl.get(u) ?? 0) + (dt[i] ?? 0) / 1000);
      });
      console.log('  by url:', [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | '));
      console.log('  top self:', [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('\n    '));
    }
    all.push(v);
    const info = await page.evaluate(() => ({
      nav: (() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; return { resp: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd) }; })(),
      res: performance.getEntriesByType('resource').filter((e) => /\.(m?js|css|woff2)/.test(e.name)).map((e) => [e.name.replace(/.*\//, ''), Math.round(e.startTime), Math.round((e as PerformanceResourceTiming).responseEnd)]),
      marks: (window as any).__marks, lt: (window as any).__lt,
    }));
    console.log(`run ${i}: firstValue ${v.toFixed(0)} ms`, JSON.stringify(info.nav), JSON.stringify(info.marks), 'longtasks', JSON.stringify(info.lt));
    if (i === runs - 1 || process.env.ALL) for (const r of info.res) console.log('   ', String(r[0]).padEnd(44), r[1], '→', r[2]);
  }
  all.sort((a, b) => a - b);
  console.log('median', all[all.length >> 1].toFixed(0));
} finally {
  await browser.close();
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}
