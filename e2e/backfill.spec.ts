// Backfill from the vendor's cloud (issue 27) through the browser on the real server: the owner of a station that
// was offline picks Ecowitt.net on the Import page, enters the keys, keeps the offered days and starts; the
// server fetches them from a local fake of Ecowitt's API v3 (BACKFILL_URL_ECOWITT, playwright.config.ts) and the
// page shows the progress and the outcome. A refused key is said in words. Screenshots at phone and desktop width.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { type FakeVendors, startFakeVendors } from '../server/backfill/testing/fake-vendors';
import { addStation, screenshots, signUp } from './helpers';

const shots = join(process.cwd(), 'test-results', 'backfill-screens');
let fake: FakeVendors;

test.beforeAll(async () => {
  fake = await startFakeVendors('UTC', Number(process.env.E2E_BACKFILL_PORT));
});
test.afterAll(() => fake.close());

test('an owner backfills two days from Ecowitt.net; a refused key is said in words', async ({ page }) => {
  await signUp(page, 'backfill');
  await addStation(page, 'Offline garden', '', 'UTC');
  await page.goto('/import');
  const block = page.getByRole('region', { name: 'Backfill from the vendor’s cloud' });
  await expect(block).toBeVisible();
  // A new station has no gaps: the last week is offered. Two days ago to yesterday instead.
  const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
  await block.getByLabel('From (first day)').fill(day(-2));
  await block.getByLabel('To (last day)').fill(day(-1));
  await block.getByLabel('Application key').fill('APPKEY-E2E-0123456789');
  await block.getByLabel('API key').fill('api-key-e2e-0123456789');
  await block.getByLabel('MAC address of the console').fill('AA:BB:CC:DD:EE:FF');
  await screenshots(page, shots, 'backfill-form');
  // The first answer is the vendor's 401: the page says so in words.
  fake.script('ecowitt', { status: 401, body: '{"code":401}' });
  await block.getByRole('button', { name: 'Start the backfill' }).click();
  await expect(block.getByRole('alert')).toHaveText(
    'The vendor refused the keys. Check them in your account there and enter them again. 0 readings were added before it stopped.',
  );
  await block.getByRole('button', { name: 'Start the backfill' }).click();
  await expect(block.getByText(/^Added 576 readings over 2 days from Ecowitt\.net; 0 skipped/)).toBeVisible({
    timeout: 20_000,
  });
  // The keys were sent to the vendor, and are shown back masked.
  expect(fake.requests.at(-1)?.query.get('api_key')).toBe('api-key-e2e-0123456789');
  await page.reload();
  await expect(block.getByLabel('API key')).toHaveValue('••••6789');
  // The backfill is an import job like the others: listed with its undo.
  await expect(page.getByText(/Ecowitt\.net \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/).first()).toBeVisible();
  await screenshots(page, shots, 'backfill-done');
  // Readable in both themes (no serious or critical WCAG 2.1 AA findings).
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((th) => {
      document.documentElement.dataset.theme = th;
    }, theme);
    const { violations } = await new AxeBuilder({ page })
      .include('#backfill-heading')
      .include('section[aria-labelledby="backfill-heading"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme}: ${v.id}`),
    ).toEqual([]);
  }
});
