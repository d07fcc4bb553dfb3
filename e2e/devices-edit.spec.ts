// Manage a station (issue #12) on the real server: the owner edits name, time zone and channel names and the
// dashboard follows; deleting asks first; an edit made offline reaches the server once; and the account's
// saved units show at once when logging in on a fresh browser.
import { expect, type Page, test } from '@playwright/test';
import { addStation, api, controlled, device, jwt, readStore, signUp, upload } from './helpers';

interface Full {
  _id: string;
  name: string;
  timezone: string;
  channelNameMapping: { channel: number; name: string }[];
}

async function openEdit(page: Page, name: string) {
  await page.goto('/devices');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/devices\/[0-9a-f]{24}\/edit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${name}`);
}

test('an owner edits name, time zone and channel names, the dashboard follows; deleting asks first', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'edit');
  const station = await addStation(page, 'Garden', '', 'UTC');
  const token = await jwt(request, account);
  const { _id: id } = await device(request, token, station.wsid);
  await upload(request, station, { t1tem: 21.5, t1hum: 50, t234c1tem: 18.2, t234c1hum: 60 });

  await openEdit(page, 'Garden');
  await page.getByLabel('Station name').fill('Roof');
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Save station' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Saved$/ })
      .first(),
  ).toBeVisible();
  await page.getByLabel('Channel 1', { exact: true }).fill('Cellar');
  await page.getByRole('button', { name: 'Save channel names' }).click();

  const stored = () => api<Full>(request, token, `/weatherDevices/${id}`);
  await expect.poll(async () => (await stored()).name).toBe('Roof');
  await expect
    .poll(async () => (await stored()).channelNameMapping)
    .toEqual([{ channel: 1, name: 'Cellar' }]);
  expect((await stored()).timezone).toBe('Asia/Tokyo');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Roof');
  await expect(page.getByTestId('station-time-zone')).toHaveText('Asia/Tokyo');
  await expect(page.locator('article[data-card="channel1"]')).toContainText('Cellar');
  await expect(page.getByTestId('card-channel1-primary')).toContainText('18.2');

  // Delete: cancelling keeps the station; confirming deletes it here and on the server.
  await page.goto('/devices');
  await page.getByRole('button', { name: 'Delete Roof' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText('Delete Roof?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Roof', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Roof' }).click();
  await dialog.getByRole('button', { name: 'Delete station' }).click();
  await expect(page.getByText('No stations are found')).toBeVisible();
  await expect
    .poll(async () =>
      (
        await request.get(`/weatherDevices/${id}`, { headers: { authorization: `Bearer ${token}` } })
      ).status(),
    )
    .toBe(404);
  await page.goto('/dashboard');
  await expect(page.getByText('No stations are found')).toBeVisible();
});

test('a station edit made offline survives a reload and reaches the server once online', async ({
  page,
  context,
  request,
}) => {
  const account = await signUp(page, 'editoff');
  const station = await addStation(page, 'Garden', '', 'UTC');
  const token = await jwt(request, account);
  const { _id: id } = await device(request, token, station.wsid);
  await controlled(page);
  await openEdit(page, 'Garden');

  await context.setOffline(true);
  await page.getByLabel('Station name').fill('Shed');
  await page.getByLabel('Elevation (m)').fill('12');
  await page.getByRole('button', { name: 'Save station' }).click();
  await expect(page.getByText('Saved — will sync when online').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Station name')).toHaveValue('Shed');
  expect((await api<Full>(request, token, `/weatherDevices/${id}`)).name).toBe('Garden');

  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await api<Full & { elevation: number }>(request, token, `/weatherDevices/${id}`)).elevation,
      {
        timeout: 30_000,
      },
    )
    .toBe(12);
  expect((await api<Full>(request, token, `/weatherDevices/${id}`)).name).toBe('Shed');
  await expect
    .poll(() => page.evaluate(readStore, 'outbox').then((r) => r.length), { timeout: 30_000 })
    .toBe(0);
});

test('logging in on a fresh browser shows the saved units at once', async ({ page, browser, request }) => {
  const account = await signUp(page, 'units');
  const station = await addStation(page, 'Garden', '', 'UTC');
  const auth = await (
    await request.post('/authentication', {
      data: { strategy: 'local', email: account.email, password: account.password },
    })
  ).json();
  const saved = await request.patch(`/users/${auth.user._id}`, {
    headers: { authorization: `Bearer ${auth.accessToken}` },
    data: { displaySetting: { temperature: 'F', pressure: 'inHg', windSpeed: 'mph', date: 'MM/DD' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await upload(request, station, { t1tem: 20, t1hum: 50, rbar: 1013.2 });

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(account.email);
  await other.getByLabel('Password').fill(account.password);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other).toHaveURL(/\/dashboard/);
  const primary = other.getByTestId('card-outdoor-primary');
  await expect(primary).toContainText('68');
  await expect(primary).toContainText('°F');
  // The settings page shows the account's choices too (no live `users patched` was needed).
  await other.goto('/displaySetting');
  await expect(other.getByTestId('units-preview')).toContainText('inHg');
  await fresh.close();
});
