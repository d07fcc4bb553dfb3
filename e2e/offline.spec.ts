// Offline-first data engine (issue "Offline-first data engine"): graphs seen once render offline after a
// reload, and edits made offline reach the server exactly once when the network returns.
import { expect, test } from '@playwright/test';
import {
  addStation,
  api,
  controlled,
  device,
  expectGraph,
  jwt,
  readStore,
  showOutdoorGraph,
  signUp,
  upload,
  zoneAwayFromMidnight,
} from './helpers';

const PERIODS = ['Day', 'Week', 'Month', 'Year'] as const;

test('graphs of every period seen online render offline after a reload', async ({
  page,
  context,
  request,
}) => {
  const account = await signUp(page, 'graphs');
  const station = await addStation(page, 'Garden', '', zoneAwayFromMidnight());
  const token = await jwt(request, account);
  const { timezone } = await device(request, token, station.wsid);

  // History a console would have sent: some days back (week, month, year) and the last two hours (day).
  const now = Math.floor(Date.now() / 1000);
  const times = [60, 30, 6, 4, 2].map((d) => now - d * 86400);
  times.push(...[7200, 3600, 1800, 1200, 600].map((s) => now - s));
  for (const [i, time] of times.entries())
    await upload(request, station, { t1tem: 10 + i, t1hum: 60, rbar: 1010 }, { time, timeZone: timezone });
  await upload(request, station, { t1tem: 23.4, t1hum: 61, rbar: 1013.2 });

  const primary = page.getByTestId('card-outdoor-primary');
  await expect(primary).toContainText('23.4');
  await controlled(page);
  await expect(primary).toContainText('23.4');

  const card = await showOutdoorGraph(page);
  for (const period of PERIODS) await expectGraph(card, period);

  await context.setOffline(true);
  await page.reload();
  await expect(primary).toContainText('23.4');
  // Which graphs are open is a display setting: still open after the reload.
  await expect(card.getByRole('button', { name: 'Day', exact: true })).toBeVisible();
  for (const period of [...PERIODS].reverse()) await expectGraph(card, period);
  for (const period of PERIODS) await expectGraph(card, period);
  await context.setOffline(false);
});

interface DisplayRecord {
  _id: string;
  weatherDevice: string;
  metricsList: string[];
}
interface AlertRecord {
  _id: string;
  weatherDevice: string;
  settings: { item: string; condition?: string; value?: number; method: string }[];
  disableAll: boolean;
}

test('edits made offline survive a reload and reach the server exactly once when back online', async ({
  page,
  context,
  request,
}) => {
  const account = await signUp(page, 'edits');
  const station = await addStation(page);
  const token = await jwt(request, account);
  const { _id: id } = await device(request, token, station.wsid);
  // Outdoor and pressure only: the dashboard shows those cards (issue 22: cards follow the sensors).
  await upload(request, station, { t1tem: 19.5, t1hum: 55, rbar: 1012 });
  const outdoor = page.locator('article[data-card="outdoor"]');
  await expect(page.getByTestId('card-outdoor-primary')).toContainText('19.5');
  await controlled(page);
  await expect(outdoor).toBeVisible();

  await context.setOffline(true);
  // A display setting: the card menu's 'Hide card' on the outdoor card.
  await outdoor.getByRole('button', { name: 'Card menu: Outdoor' }).click();
  await page.getByRole('menuitem', { name: 'Hide card' }).click();
  await expect(outdoor).toHaveCount(0);
  // An alert rule: temperature above 30 °C by notification, on the Alert Setting page.
  await page.goto('/alert');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Item').selectOption('tempc0');
  await page.getByLabel('Condition').selectOption('above');
  await page.getByLabel('Value').fill('30');
  await page.getByLabel('Method').selectOption('notification');
  await page.getByRole('button', { name: 'Save' }).click();
  const rules = page.getByRole('list', { name: 'Alert rules' });
  await expect(rules.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Saved — will sync when online')).toBeVisible();

  // Reload while still offline: both edits are still there (Dexie), still queued.
  await page.reload();
  await expect(rules.getByRole('listitem')).toHaveCount(1);
  await page.goto('/dashboard');
  await expect(page.locator('article[data-card="baro"]')).toBeVisible();
  await expect(outdoor).toHaveCount(0);
  // The server has not seen them.
  const display = () =>
    api<{ total: number; data: DisplayRecord[] }>(
      request,
      token,
      `/deviceDisplaySettings?weatherDevice=${id}&$limit=1`,
    );
  const alerts = () =>
    api<AlertRecord[]>(request, token, `/alertSettings?weatherDevice=${id}&$paginate=false`);
  expect((await display()).data[0]?.metricsList ?? []).toContain('outdoor');

  // Online again: the worker (or the service worker's Background Sync) sends each edit once.
  await context.setOffline(false);
  await expect
    .poll(async () => (await display()).data[0]?.metricsList.includes('outdoor'), { timeout: 30_000 })
    .toBe(false);
  await expect.poll(async () => (await alerts()).length, { timeout: 30_000 }).toBe(1);
  await expect
    .poll(() => page.evaluate(readStore, 'outbox').then((r) => r.length), { timeout: 30_000 })
    .toBe(0);

  const shown = await display();
  expect(shown.total).toBe(1);
  expect(shown.data[0].metricsList).not.toContain('outdoor');
  expect(shown.data[0].metricsList.length).toBeGreaterThan(0);
  const list = await alerts();
  expect(list).toHaveLength(1);
  expect(list[0].disableAll).toBe(false);
  expect(list[0].settings).toEqual([
    expect.objectContaining({ item: 'tempc0', condition: 'above', value: 30, method: 'notification' }),
  ]);
  // Still hidden after a reload online (the server's copy agrees with the local one).
  await page.reload();
  await expect(page.locator('article[data-card="baro"]')).toBeVisible();
  await expect(outdoor).toHaveCount(0);
});
