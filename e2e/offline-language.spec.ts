// Offline in the user's language (issue 32: a lean precache). The precache leaves the nine catalogues out (the
// build cannot know the user's language); the active one is cached right after the first load and on use, so
// the app still speaks the user's language offline on every route.
import { expect, type Page, test } from '@playwright/test';
import { addStation, controlled, signUp, upload } from './helpers';

/**
 * True once the service worker's runtime cache holds the catalogue of `locale` (assets/locale-<id>-HASH.js; its
 * rest part with `rest-<id>`).
 */
const catalogueCached = (page: Page, locale: string) =>
  page.evaluate(async (id) => {
    const keys = await (await caches.open('assets')).keys();
    return keys.some((r) => new RegExp(`/assets/locale-${id}-[\\w-]{8}\\.js$`).test(r.url));
  }, locale);

/** Entries of the precache manifest that are catalogues (none: they are left out). */
const precachedCatalogues = (page: Page) =>
  page.evaluate(async () => {
    const names = await caches.keys();
    const precache = names.find((n) => n.includes('precache'));
    if (!precache) return ['no precache'];
    const keys = await (await caches.open(precache)).keys();
    return keys.map((r) => r.url).filter((u) => /\/assets\/locale-/.test(u));
  });

test('a first visit in German: the page preloads the German catalogue, the worker caches it, offline reads German', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL! }]);
  const answer = await page.goto('/login');
  // The server guessed the language from the cookie and preloaded its catalogue with the page.
  expect(answer?.headers().link).toMatch(/^<\/assets\/locale-de-[\w-]{8}\.js>; rel=modulepreload(, |$)/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  // The first load ran before the worker controlled the page: the worker is handed the files it loaded. No
  // reload here (a controlled reload would fetch the catalogue through the worker): clients.claim() takes over.
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await expect.poll(() => catalogueCached(page, 'de'), { timeout: 15_000 }).toBe(true);
  // Its rest too (src/domain/cataloguePart.ts), loaded after the first paint: the sign-up page below needs it.
  await expect.poll(() => catalogueCached(page, 'rest-de'), { timeout: 15_000 }).toBe(true);
  expect(await precachedCatalogues(page)).toEqual([]);
  expect(await catalogueCached(page, 'fr')).toBe(false);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Konto erstellen' })).toBeVisible();
  await context.setOffline(false);
});

test('a German account offline: the dashboard and the account page still read German', async ({
  page,
  context,
  request,
}) => {
  await signUp(page, 'deutsch');
  const station = await addStation(page, 'Garten');
  await upload(request, station, { t1tem: 18.2, t1hum: 50 });
  await expect(page.getByTestId('card-outdoor-primary')).toContainText('18.2');
  await controlled(page);
  // Chosen in the app (`?lang=` is a choice, kept): the catalogue is fetched through the worker and cached.
  await page.goto('/account?lang=de');
  await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible();
  await expect.poll(() => catalogueCached(page, 'de'), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await page.goto('/dashboard');
  // German numbers too: a decimal comma.
  await expect(page.getByTestId('card-outdoor-primary')).toContainText('18,2');
  await expect(page.getByRole('button', { name: 'Kartenmenü: Außen' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible();
  await context.setOffline(false);
});
