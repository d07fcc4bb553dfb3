// Re-applying a calibration to history (issue 24): three days of readings uploaded, a calibration added on the
// Calibration page, its preview of each day's low and high (before → after), the owner's confirm, and then the
// records page and the server's daily extremes show the new values. Screenshots: phone and desktop, light and
// dark, of the preview and of the result.
import { expect, type Page, test } from '@playwright/test';
import { addStation, api, device, jwt, signUp, upload } from './helpers';

const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp/recalibrate-screens';
const DAY = 86400;

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

test('a calibration previewed and applied to history changes the stored days and the records', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'recalibrate');
  const station = await addStation(page, 'Orchard', '', 'UTC');
  const now = Math.floor(Date.now() / 1000);
  const today = now - (now % DAY);
  // Day i (days ago): 6 °C at 06:00, 16 + i °C at 14:00.
  for (const i of [3, 2, 1]) {
    await upload(
      request,
      station,
      { t1tem: 6, t1hum: 70 },
      { time: today - i * DAY + 6 * 3600, timeZone: 'UTC' },
    );
    await upload(
      request,
      station,
      { t1tem: 16 + i, t1hum: 40 },
      { time: today - i * DAY + 14 * 3600, timeZone: 'UTC' },
    );
  }
  const token = await jwt(request, account);
  const { _id } = await device(request, token, station.wsid);

  await page.goto(`/calibration/${_id}`);
  await page.getByRole('button', { name: 'Add a calibration' }).click();
  await page.getByLabel('Metric').selectOption('tempc0');
  await page.getByLabel('Offset (°C)').fill('-1.5');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Calibrations' }).getByText('−1.5 °C')).toBeVisible();
  // The server has it (the outbox sent it) before the preview asks.
  await expect
    .poll(async () => {
      const [c] = await api<{ entries: { offset: number }[] }[]>(
        request,
        token,
        `/stationCalibrations?weatherDevice=${_id}&$paginate=false`,
      );
      return c.entries.map((e) => e.offset);
    })
    .toEqual([-1.5]);

  const section = page.getByRole('region', { name: 'Apply to history' });
  const first = new Date((today - 3 * DAY) * 1000).toISOString().slice(0, 10);
  await section.getByLabel('From').fill(first);
  await section.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('recalibration-preview');
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('row').nth(1)).toContainText('6 – 19 °C');
  await expect(preview.getByRole('row').nth(1)).toContainText('4.5 – 17.5 °C');
  await expect(section).toContainText('3 days change (6 five-minute readings)');
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'recalibrate-preview');

  await section.getByRole('button', { name: /^Apply to history from/ }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Applied: 3 days of Outdoor · Temperature recalculated. Graphs, records and exports now show the new values.',
  );
  await shots(page, 'recalibrate-applied');

  // The server's daily highs and the records follow.
  const days = await api<[string[], number[][]]>(
    request,
    token,
    `/weatherMetrics/queryGroup?device=${_id}&range=1d&metrics=max_tempc0&startTime=${first}T00:00:00Z&endTime=${new Date(today * 1000).toISOString()}`,
  );
  expect(days[1].map((r) => r[1])).toEqual([17.5, 16.5, 15.5]);
  const records = await api<{ periods: { allTime: { tempc0: { max: { value: number } } } } }>(
    request,
    token,
    `/weatherDevices/records?device=${_id}`,
  );
  expect(records.periods.allTime.tempc0.max.value).toBe(17.5);
  await page.goto(`/records/${_id}`);
  await expect(page.locator('main')).toContainText('17.5');
  await page.screenshot({ path: `${SCREENS}/recalibrate-records-desktop-light.png`, fullPage: true });
});
