// An owner's first hour (issue 22), as a new owner goes through it on a portal opened as `localhost` without a
// mail server: the verify screen says where the code is; the add-station finish step and the Weather Server
// page say a console cannot reach `localhost`; the dashboard shows the cards of what the station sends (a
// sea-level-only barometer read as such, a lightning sensor's card by itself, no empty Indoor card); an active
// alert shows on the dashboard; opening a card shows its graph; every station is at a glance on /stations.
// Screens are saved at 390 and 1280 px in both themes (SHOTS_DIR, default test-results/first-hour).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { jwt, upload } from './helpers';
import { verificationCode } from './mail';

const shots = process.env.SHOTS_DIR ?? join('test-results', 'first-hour');
const SIZES = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      // The layout settles (a resize re-runs the grid's and the charts' layout) before the picture.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: join(shots, `${name}-${size}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an owner’s first hour on a portal opened as localhost', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `first-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('I have read and agree to the Terms and Conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\/verify/);
  // No SMTP_URL: the code is a file in DATA_DIR/outbox, and the screen says so.
  await expect(page.getByTestId('mail-outbox-note')).toContainText('DATA_DIR/outbox');
  await shoot(page, 'verify');
  await page.getByLabel('Verification code').fill(await verificationCode(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // Add a station: the finish step says a console cannot upload to localhost.
  await page.goto('/devices');
  await page.getByRole('button', { name: 'Add station' }).click();
  await page.getByLabel('Station name').fill('Garden');
  await page.getByLabel('Time zone').selectOption('Europe/Prague');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const wsid = (await page.getByTestId('station-id').textContent())!.trim();
  const key = (await page.getByTestId('station-key').textContent())!.trim();
  await expect(page.getByTestId('loopback-note')).toContainText('This page is open as localhost');
  await shoot(page, 'add-station-finish');
  await page.getByRole('button', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // Nothing uploaded yet: no card of a sensor that never reported.
  await expect(page.getByText('This station has not uploaded any readings yet.')).toBeVisible();
  await expect(page.locator('article[data-card="indoor"]')).toHaveCount(0);

  // A console that sends outdoor, wind, rain, sea-level pressure only, and has a lightning sensor.
  const station = { wsid, key };
  await upload(request, station, {
    t1tem: 12.5,
    t1hum: 81,
    t1ws: 3.2,
    rbar: 1012.3,
    t1raindy: 1.2,
    t5lsf: 2,
  });
  const baro = page.locator('article[data-card="baro"]');
  await expect(page.getByTestId('card-baro-primary')).toHaveText('1,012.3hPa');
  await expect(baro.getByTestId('card-baro-which')).toHaveText('Relative, at sea level');
  await expect(page.locator('article[data-card="lightning"]')).toBeVisible();
  await expect(page.locator('article[data-card="outdoor"]')).toBeVisible();
  for (const empty of ['indoor', 'uv', 'light', 'channel1'])
    await expect(page.locator(`article[data-card="${empty}"]`)).toHaveCount(0);

  // An alert rule that the next upload crosses: the dashboard shows the alert.
  const token = await jwt(request, { email, password });
  const devices = await request.get('/weatherDevices?$paginate=false', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const mine = ((await devices.json()) as { _id: string; wsid: string }[]).find((d) => d.wsid === wsid)!;
  const rule = await request.post('/alertSettings', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      weatherDevice: mine._id,
      settings: [{ item: 'tempc0', condition: 'above', value: 10, unit: 'C', method: 'email' }],
    },
  });
  expect(rule.status()).toBe(201);
  await upload(request, station, {
    t1tem: 12.8,
    t1hum: 80,
    t1ws: 3.0,
    rbar: 1012.1,
    t1raindy: 1.4,
    t5lsf: 2,
  });
  const alerts = page.getByRole('list', { name: 'Active alerts' });
  await expect(alerts).toContainText('Outdoor temperature above 10.0 °C');
  await expect(alerts.getByRole('link', { name: 'Alert Setting' })).toBeVisible();

  // Opening a card shows its graph.
  const outdoor = page.locator('article[data-card="outdoor"]');
  await outdoor.getByRole('button', { name: 'Show details: Outdoor' }).click();
  await expect(outdoor.getByRole('button', { name: 'Day', exact: true })).toBeVisible();
  // The first readings of a new station sit on a day's axis of hours (uPlot alone spread one point over years).
  const chart = outdoor.locator('[data-x-labels]');
  await expect(chart).not.toHaveAttribute('data-points', '0');
  const hours = JSON.parse((await chart.getAttribute('data-x-labels'))!) as string[];
  expect(hours.length).toBeGreaterThan(3);
  for (const label of hours)
    expect(label).toMatch(/^(\d{1,2}(:\d\d)?( ?[AP]M)?|\w{3} \d{1,2}|\d{1,2} \w{3})$/);
  await shoot(page, 'dashboard');

  // The Weather Server page says the same as the finish step.
  await page.goto('/server');
  await expect(page.getByTestId('loopback-note')).toContainText('This page is open as localhost');
  await shoot(page, 'weather-server');

  // Every station at a glance, from the menu; a tile opens its dashboard.
  await page.goto('/stations');
  const tile = page.getByRole('article', { name: 'Garden' });
  await expect(tile.getByTestId('station-state')).toContainText('Online');
  await expect(tile).toContainText('12.8');
  await shoot(page, 'stations');
  await tile.getByRole('button', { name: 'Open dashboard: Garden' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Garden', level: 1 })).toBeVisible();
});
