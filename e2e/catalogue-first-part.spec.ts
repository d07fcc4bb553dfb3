// The catalogue's first part (src/domain/cataloguePart.ts) is enough for the screens that paint with it: the
// sign-in page and a return visit's dashboard, drawn with the rest of the catalogue blocked, show no message id
// of the rest (what a missing translation shows) in their text or labels.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addStation, signUp, upload } from './helpers';

/** The message ids of the built catalogue's rest part (assets/locale-rest-en-HASH.js). */
async function restIds(request: APIRequestContext, url: string): Promise<string[]> {
  const file = join(tmpdir(), `locale-rest-${Date.now()}.mjs`);
  writeFileSync(file, await (await request.get(url)).text());
  const { messages } = await import(pathToFileURL(file).href);
  expect(readFileSync(file, 'utf8').length).toBeGreaterThan(1000);
  return Object.keys(messages);
}

/** Blocks the rest part; resolves to its URL once the page asked for it. */
function blockRest(page: Page): Promise<string> {
  return new Promise((asked) =>
    page.route(/\/assets\/locale-rest-en-[\w-]{8}\.js$/, (route) => {
      asked(route.request().url());
      void route.abort();
    }),
  );
}

/** Every word of the page's text and of its labels and titles. */
const shownWords = (page: Page) =>
  page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].flatMap((e) =>
      ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown, with breaks between blocks.
    const shown = document.body.innerText;
    return [shown, ...labels, document.title].join(' ').split(/[\s,.:;!?()]+/);
  });

test('the sign-in page and a return visit’s dashboard paint whole with the first part of the catalogue', async ({
  browser,
  request,
}) => {
  // The sign-in page, signed out.
  // No service worker: a request it answered would pass the block by (page.route sees only the page's own).
  const visitor = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  const askedOnLogin = blockRest(visitor);
  await visitor.goto('/login');
  await expect(visitor.getByRole('button', { name: 'Log in' })).toBeVisible();
  const ids = new Set(await restIds(request, await askedOnLogin));
  expect(ids.size).toBeGreaterThan(500);
  expect((await shownWords(visitor)).filter((w) => ids.has(w))).toEqual([]);

  // A station with a reading, seen once; then the dashboard again with the rest blocked.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const owner = await context.newPage();
  await signUp(owner, 'firstpart');
  const station = await addStation(owner, 'Garden');
  await upload(request, station, { t1tem: 21.4, t1hum: 48, t1ws: 3.2, t1wdir: 200 });
  await expect(owner.getByTestId('card-outdoor-primary')).toContainText('21.4');
  await owner.close();
  const returning = await context.newPage();
  const askedOnDashboard = blockRest(returning);
  await returning.goto('/dashboard');
  await expect(returning.getByTestId('card-outdoor-primary')).toContainText('21.4');
  await askedOnDashboard;
  await expect(returning.locator('article[data-card="wind"]')).toContainText('SSW');
  expect((await shownWords(returning)).filter((w) => ids.has(w))).toEqual([]);
});
