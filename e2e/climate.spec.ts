// Climate (issue 26) on the real server: a year and a half of readings uploaded through WSLink with past console times; the
// owner sets the rain season to July on the edit screen; the Climate page shows a month (totals, a row per day,
// the ET₀ water balance, the normal band and another year overlaid) and the season's year (its months from July), and downloads the NOAA text. Screens at
// phone and desktop width, light and dark (SHOTS_DIR).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addStation, api, DESKTOP, device, jwt, PHONE, signUp, upload } from './helpers';

const shots = process.env.SHOTS_DIR ?? join('test-results', 'climate-screens');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await expect(page.getByTestId('water-balance')).toBeVisible();
      await page.screenshot({ path: join(shots, `${name}-${size}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.setViewportSize(DESKTOP);
}

const DAY = 86400;
const START = Date.UTC(2025, 6, 1) / 1000; // 1 July 2025, UTC

/** Day `d` of the season at hour `h`: a seasonal and a daily swing; 6 mm of rain every fourth day. */
function reading(d: number, h: number): Record<string, number> {
  const season = Math.cos((2 * Math.PI * (d - 20)) / 365); // warmest in late July, coolest in mid-January
  const daily = Math.sin((2 * Math.PI * (h - 9)) / 24);
  const rainy = ((d % 4) + 4) % 4 === 0;
  return {
    // The first half year 2 °C warmer, so the two Mays differ (the normal band has a width).
    t1tem: Math.round((11 + 9 * season + 5 * daily + (d < 0 ? 2 : 0)) * 10) / 10,
    t1hum: Math.round(75 - 15 * daily),
    t1ws: 2 + (d % 5),
    t1wgust: 4 + (d % 5),
    t1wdir: (d * 37) % 360,
    t1raindy: rainy ? (h >= 16 ? 6 : h >= 8 ? 3 : 0) : 0,
  };
}

test('a month and a rain season on the Climate page, and the NOAA text', async ({ page, request }) => {
  test.setTimeout(240_000);
  const account = await signUp(page, 'climate');
  const station = await addStation(page, 'Garden', '', 'UTC');
  const token = await jwt(request, account);
  const { _id: id } = await device(request, token, station.wsid);
  const patched = await request.patch(`/weatherDevices/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { latitude: 50.8, longitude: 4.35, elevation: 100 },
  });
  expect(patched.status()).toBe(200);
  // January 2025 to June 2026: a year and a half, so May has normals from two years.
  for (let d = -181; d < 365; d++)
    for (const h of [0, 8, 16])
      await upload(request, station, reading(d, h), { time: START + d * DAY + h * 3600, timeZone: 'UTC' });

  // The rain season starts in July: set on the edit screen.
  await page.goto(`/devices/${id}/edit`);
  await page.getByLabel('Rain season starts in').selectOption('7');
  await page.getByLabel('Anemometer height (m)').fill('10');
  await page.getByRole('button', { name: 'Save station' }).click();
  await expect
    .poll(
      async () =>
        (await api<{ rainSeasonStart: number }>(request, token, `/weatherDevices/${id}`)).rainSeasonStart,
    )
    .toBe(7);

  // A month: every day of May 2026, rain on the days of the four-day rhythm.
  await page.goto(`/climate/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Climate');
  await page.getByLabel('Month', { exact: true }).fill('2026-05');
  const days = page.getByTestId('climate-days');
  await expect(days.getByRole('row')).toHaveCount(32);
  const month = await api<{ totals: { rain: number; et0: number } }>(
    request,
    token,
    `/weatherDevices/climate?device=${id}&month=2026-05`,
  );
  // Days 304..334 of the season; those divisible by 4 had 6 mm: 304, 308, …, 332 = 8 days.
  expect(month.totals.rain).toBeCloseTo(48, 6);
  await expect(page.getByTestId('climate-totals')).toContainText('48.0 mm');
  await expect(page.getByTestId('climate-totals')).toContainText(`${month.totals.et0.toFixed(1)} mm`);
  // The normal band of the station's two Mays, and May 2025 over May 2026.
  await expect(page.getByTestId('normal-band').first()).toBeVisible();
  await page.getByLabel('Compare with').selectOption('2025');
  await expect(page.getByTestId('compare-line')).toBeVisible();
  await expect(page.getByTestId('temperature-normals')).toContainText('2025-05');
  await shoot(page, 'climate-month');
  // Axe (WCAG 2.1 AA) finds nothing serious on the page, light or dark.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((th) => {
      document.documentElement.dataset.theme = th;
    }, theme);
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}`),
    ).toEqual([]);
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  // On paper: the summary without the app's bars and the pickers, the station and period as a heading.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Garden · 2026-05' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'climate-month-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel('Compare with').selectOption('');

  // The season's year: July 2025 to June 2026, 92 rainy days of 6 mm.
  await page.getByLabel('Summary').selectOption('year');
  await page.getByLabel('Year').selectOption('2025');
  const months = page.getByTestId('climate-months');
  await expect(months.getByRole('row')).toHaveCount(13);
  await expect(months.getByRole('row').nth(1)).toContainText('Jul 2025');
  await expect(page.getByText('The year starts in July')).toBeVisible();
  await expect(page.getByTestId('climate-totals')).toContainText('552.0 mm');
  await shoot(page, 'climate-season');

  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'NOAA text' }).click();
  const file = await waiting;
  expect(file.suggestedFilename()).toBe('NOAA-2025.txt');
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('CLIMATOLOGICAL SUMMARY for year 2025');
  expect(text).toContain('\n2025 07 ');
  expect(text).toContain('\n2026 06 ');
});

test('the ET₀ and degree-day card on the dashboard, with today against the normal', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await signUp(page, 'climatecard');
  const station = await addStation(page, 'Orchard', '', 'UTC');
  const token = await jwt(request, account);
  const { _id: id } = await device(request, token, station.wsid);
  const patched = await request.patch(`/weatherDevices/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { latitude: 50.8, longitude: 4.35, elevation: 100 },
  });
  expect(patched.status()).toBe(200);
  const now = Math.floor(Date.now() / 1000);
  const midnight = now - (now % DAY);
  const today = new Date(midnight * 1000);
  // This calendar day two years and one year ago at 10 and 12 °C: more than a year of history.
  for (const [years, temp] of [
    [2, 10],
    [1, 12],
  ] as const) {
    const day = Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()) / 1000;
    for (const h of [6, 12, 18])
      await upload(
        request,
        station,
        { t1tem: temp, t1hum: 70, t1ws: 2 },
        { time: day + h * 3600, timeZone: 'UTC' },
      );
  }
  // Today so far: 14 °C. The normal is over the station's whole past days of this date (the Climate page's
  // normals, server/services/climate; the day under way is not one of them): 11 °C, its 90th percentile 11.8 °C;
  // today is 3 °C above. Over 5 hours at most: 14.0 °C exactly for 6 hours is a stuck sensor to quality control.
  for (let time = Math.max(midnight + 60, now - 5 * 3600); time < now - 60; time += 1800)
    await upload(
      request,
      station,
      { t1tem: 14, t1hum: 60, t1ws: 3, t1solrad: 150 },
      { time, timeZone: 'UTC' },
    );
  await upload(request, station, { t1tem: 14, t1hum: 60, t1ws: 3, t1solrad: 150 });

  await page.goto('/dashboard');
  const primary = page.getByTestId('card-climate-primary');
  await expect(primary).toContainText('mm');
  await expect(primary).not.toContainText('---');
  await expect(page.getByText('Heating degree days').first()).toBeVisible();
  const normal = page.getByTestId('card-climate-normal');
  await expect(normal).toContainText('+3.0 °C vs normal');
  await expect(normal).toContainText('warmer than 9 years in 10');
  // The same through the API: today's degree days from the day's mean of 14 °C (18.3 − 14 = 4.3 heating).
  const last = await api<[string[], unknown[][]]>(
    request,
    token,
    `/weatherMetrics/batchLastData?devices[0]=${id}`,
  );
  const row = Object.fromEntries(last[0].map((c, i) => [c, last[1].at(-1)?.[i]]));
  expect(row.hddday).toBeCloseTo(4.3, 6);
  expect(row.cddday).toBe(0);
  expect(row.gddday).toBeCloseTo(4, 6);
  expect(row.et0day as number).toBeGreaterThan(0);

  mkdirSync(shots, { recursive: true });
  const card = page.locator('article[data-card="climate"]');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await expect(normal).toBeVisible();
      // The phone: the card itself (it is below the fold); the desktop: the dashboard with the card in it.
      const path = join(shots, `climate-card-${size}-${theme}.png`);
      if (size === 'phone') await card.screenshot({ path });
      else await page.screenshot({ path });
    }
  }
});
