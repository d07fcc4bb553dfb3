// Gaps in the data (issue 27): a station whose uploads (real Wunderground uploads with their own times, sent to
// the running portal) stop for 45 minutes and then stop for good; the Weather Server page lists both gaps, the
// ongoing one first, and the records view lists them too. Screenshots: phone and desktop, light and dark.
import { expect, test } from '@playwright/test';
import { addStation, signUp } from './helpers';

const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp/gaps-screens';

/** Wunderground's dateutc: 'YYYY-MM-DD HH:MM:SS' in UTC. */
const dateutc = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');

test('the Weather Server page lists the gaps in a station’s data', async ({ page, baseURL }) => {
  await signUp(page, 'gaps');
  const station = await addStation(page, 'Garden', '', 'UTC');
  const now = Math.floor(Date.now() / 1000);
  const start = now - 3 * 3600 - ((now - 3 * 3600) % 300);
  // Every 5 minutes for two and a half hours, without buckets 10..18; then nothing (the last 30 minutes).
  for (let i = 0; i < 30; i++) {
    if (i >= 10 && i < 19) continue;
    const q = new URLSearchParams({
      ID: station.wsid,
      PASSWORD: station.key,
      dateutc: dateutc(start + i * 300 + 20),
      tempf: String(60 + i / 5),
      action: 'updateraw',
    });
    const res = await fetch(`${baseURL}/weatherstation/updateweatherstation.php?${q}`);
    expect(res.status, await res.text()).toBe(200);
  }
  await page.goto('/server');
  await expect(page.getByRole('heading', { name: 'Gaps in the data' })).toBeVisible();
  const items = page.getByTestId('gap-list').getByRole('listitem');
  await expect(items).toHaveCount(2, { timeout: 15_000 });
  await expect(items.nth(0)).toContainText('No readings since');
  await expect(items.nth(1)).toContainText('45 min');
  await expect(page.getByTestId('gap-count')).toHaveText('2');

  const heading = page.getByRole('heading', { name: 'Gaps in the data' });
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((th) => {
        document.documentElement.dataset.theme = th;
      }, theme);
      await heading.scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        const h = [...document.querySelectorAll('h2')].find((e) => e.textContent === 'Gaps in the data');
        h?.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${SCREENS}/server-gaps-${name}-${theme}.png` });
    }
  }

  // The records view lists the same gaps under the records.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.goto('/records');
  const recordsGaps = page.getByTestId('gap-list').getByRole('listitem');
  await expect(recordsGaps).toHaveCount(2, { timeout: 15_000 });
  await expect(page.getByTestId('gap-count')).toHaveText('2');
  await page.getByRole('heading', { name: 'Gaps in the data' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/records-gaps-desktop-light.png` });
});
