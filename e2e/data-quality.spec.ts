// Data quality (issue 24): a spike uploaded through the real endpoint is left out of the data and listed on the
// station's Data quality page (reached from the Weather Server page); the owner accepts it and it comes back
// into the records; a limit of the owner's own is set there. Screenshots: phone and desktop, light and dark.
import { expect, type Page, test } from '@playwright/test';
import { addStation, api, device, jwt, signUp, upload } from './helpers';

const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp/data-quality-screens';

async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((th) => {
        document.documentElement.dataset.theme = th;
      }, theme);
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SCREENS}/${name}-${size}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
}

test('a spike is flagged, listed on the Data quality page and comes back when accepted', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'quality');
  const station = await addStation(page, 'Garden', '', 'UTC');
  const token = await jwt(request, account);
  const { _id } = await device(request, token, station.wsid);
  const now = Math.floor(Date.now() / 1000);
  const at = (s: number) => ({ time: s, timeZone: 'UTC' });
  await upload(request, station, { t1tem: 20, t1hum: 50 }, at(now - 180));
  await upload(request, station, { t1tem: 80, t1hum: 50 }, at(now - 120));
  await upload(request, station, { t1tem: 20.5, t1hum: 51 }, at(now - 60));

  /** The station's highest outdoor temperature of all time (its records, from the daily buckets). */
  const highest = async () =>
    (
      await api<{ periods: { allTime: { tempc0?: { max?: { value: number } } } } }>(
        request,
        token,
        `/weatherDevices/records?device=${_id}`,
      )
    ).periods.allTime.tempc0?.max?.value;
  expect(await highest()).toBe(20.5);

  await page.goto('/server');
  await page.getByRole('link', { name: 'Data quality' }).click();
  await expect(page).toHaveURL(new RegExp(`/quality/${_id}$`));
  const row = page.getByTestId('qc-flag');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('80 °C');
  await expect(row).toContainText('Changed too fast (spike)');
  await expect(row).toContainText('Waiting for your decision');
  await shots(page, 'quality-flagged');

  await row.getByRole('button', { name: /^Accept / }).click();
  await expect(row).toContainText('Accepted');
  await expect(row).toHaveAttribute('data-status', 'accepted');
  const [flag] = (
    await api<{ days: { flags: { status: string; value: number }[] }[] }>(
      request,
      token,
      `/qcFlags?device=${_id}`,
    )
  ).days[0].flags;
  expect(flag).toMatchObject({ status: 'accepted', value: 80 });

  // A limit of the owner's own.
  await page.getByRole('button', { name: 'Add a limit' }).click();
  await page.getByLabel('Metric', { exact: true }).selectOption('humc0');
  await page.getByLabel('Highest (%)').fill('98');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Your limits' })).toContainText('At most 98 %');
  await shots(page, 'quality-accepted');
  await expect
    .poll(async () => {
      const [s] = await api<{ limits: { key: string; max?: number }[] }[]>(
        request,
        token,
        `/stationQcLimits?weatherDevice=${_id}&$paginate=false`,
      );
      return s?.limits;
    })
    .toEqual([{ key: 'humc0', max: 98 }]);
  expect(await highest()).toBe(80);
});
