// Calibration (issue 24): the owner adds a calibration on the Calibration page with a preview of the latest
// reading, the server gets it through the outbox, the next upload is stored calibrated, the dashboard card shows
// the calibrated value and says so in its details, and the Weather Server page lists the calibration in effect.
// Screenshots: phone and desktop, light and dark.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addStation, api, device, jwt, signUp, upload } from './helpers';

const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp/calibration-screens';

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

test('a calibration set on its page applies to the next upload and shows where it matters', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'calibration');
  const station = await addStation(page, 'Garden', '', 'UTC');
  await upload(request, station, { t1tem: 20, t1hum: 50 });
  const primary = page.getByTestId('card-outdoor-primary');
  await expect(primary).toContainText('20.0');

  await page.goto('/calibration');
  await expect(page.getByText(/No calibrations/)).toBeVisible();
  await page.getByRole('button', { name: 'Add a calibration' }).click();
  await page.getByLabel('Metric').selectOption('tempc0');
  await page.getByLabel('Offset (°C)').fill('-0.5');
  await expect(page.getByTestId('calibration-preview')).toHaveText(
    'The latest reading, 20 °C, would be stored as 19.5 °C.',
  );
  await shots(page, 'calibration-form');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const list = page.getByRole('list', { name: 'Calibrations' });
  await expect(list.getByText('−0.5 °C')).toBeVisible();
  await shots(page, 'calibration-list');

  // Sent through the outbox: the server has it before the next upload.
  const token = await jwt(request, account);
  const { _id } = await device(request, token, station.wsid);
  await expect
    .poll(async () => {
      const [c] = await api<{ entries: { offset: number }[] }[]>(
        request,
        token,
        `/stationCalibrations?weatherDevice=${_id}&$paginate=false`,
      );
      return c.entries.map((e) => e.offset);
    })
    .toEqual([-0.5]);

  await upload(request, station, { t1tem: 20, t1hum: 50 });
  await page.goto('/dashboard');
  await expect(primary).toContainText('19.5');
  await page.getByRole('button', { name: 'Show details: Outdoor' }).click();
  const note = page.getByTestId('calibrated');
  await expect(note).toHaveText('Temperature: calibrated (−0.5 °C)');
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/card-calibrated-desktop-light.png` });

  await page.goto('/server');
  const table = page.getByTestId('active-calibrations');
  await expect(table).toContainText('−0.5 °C');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/server-calibrations-desktop-light.png` });
});

/** A station made over REST at a place, with three days of hourly readings (a shared daily swing plus `bias`). */
async function stationWithHistory(
  request: APIRequestContext,
  token: string,
  place: { latitude: number; longitude: number; shareMode: 'public' | 'private' },
  bias: number,
  baro: number,
): Promise<string> {
  const res = await request.post('/weatherDevices', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Near ${bias}`, timezone: 'UTC', ...place },
  });
  expect(res.status(), await res.text()).toBe(201);
  const made = (await res.json()) as { _id: string; wsid: string; stationKey: string };
  const now = Math.floor(Date.now() / 1000);
  for (let h = 72; h >= 1; h--) {
    const temp = 10 + 5 * Math.sin((h / 24) * 2 * Math.PI) + bias;
    await upload(
      request,
      { wsid: made.wsid, key: made.stationKey },
      { t1tem: Math.round(temp * 10) / 10, rbar: baro },
      { time: now - h * 3600, timeZone: 'UTC' },
    );
  }
  return made._id;
}

test('the neighbour check finds a sensor reading warm and proposes the calibration', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'neighbours');
  const token = await jwt(request, account);
  const here = { latitude: 50.08, longitude: 14.42 };
  const mine = await stationWithHistory(request, token, { ...here, shareMode: 'private' }, 2.1, 1013);
  for (const [i, bias] of [0, 0.2, -0.2, 0.1].entries())
    await stationWithHistory(
      request,
      token,
      { latitude: here.latitude + 0.03 * (i + 1), longitude: here.longitude - 0.02 * i, shareMode: 'public' },
      bias,
      1013,
    );

  await page.goto(`/calibration/${mine}`);
  const hints = page.getByTestId('neighbour-hints');
  await expect(hints).toContainText('Temperature reads 2.1 °C above 4 nearby stations for 3 days.');
  await hints.scrollIntoViewIfNeeded();
  await shots(page, 'calibration-neighbours');
  await hints.getByRole('button', { name: 'Calibrate by −2.1 °C' }).click();
  const list = page.getByRole('list', { name: 'Calibrations' });
  await expect(list.getByText('−2.1 °C')).toBeVisible();
  await expect(page.getByTestId('neighbour-hints')).toHaveCount(0);
});
