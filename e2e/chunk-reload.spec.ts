// A page's code chunk that fails to load (an upgrade replaced it, the network dropped it) never leaves a blank
// screen (spec §8): the page reloads itself once, and when the chunk fails again within the minute it shows the
// error page with its link home.
import { expect, type Page, test } from '@playwright/test';

// The chunks come from the network here, not from a service worker's precache.
test.use({ serviceWorkers: 'block' });

/** Counts the document loads of the page (the first one and every reload). */
function loads(page: Page): () => number {
  let n = 0;
  page.on('load', () => n++);
  return () => n;
}

test('a failed chunk on opening a page: one reload, then the error page with its link home', async ({
  page,
}) => {
  await page.route(/\/assets\/HelpPage-[\w-]+\.js$/, (route) => route.abort('failed'));
  const count = loads(page);
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  expect(count()).toBe(2);
  const home = page.getByRole('link', { name: 'Back to dashboard' });
  await expect(home).toHaveAttribute('href', '/dashboard');
});

test('a failed chunk on moving to a page, then the same a minute later: a reload each time', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await page.route(/\/assets\/HelpPage-[\w-]+\.js$/, (route) => route.abort('failed'));
  const count = loads(page);
  await page.getByRole('link', { name: 'Help', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  // The reload went to the page that failed.
  expect([count(), new URL(page.url()).pathname]).toEqual([1, '/help']);
  // A minute on, a failure may reload again.
  await page.clock.fastForward(61_000);
  await page.goto('/faq');
  await page.getByRole('link', { name: 'Help', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  expect(count()).toBe(3);
});
