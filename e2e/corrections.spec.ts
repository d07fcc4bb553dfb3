// Corrections (issue 24): on the station's Data quality page the owner removes the rain a gauge cleaning counted,
// made while offline: the correction waits in the outbox, is sent on reconnect, and the edit log lists it with
// old → new and the reason; the day's rain total and the records follow, the readings show their source, and
// undo restores. Screenshots: desktop and phone.
import { expect, type Page, test } from '@playwright/test';
import { addStation, api, device, jwt, signUp, upload } from './helpers';

const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp/corrections-screens';

async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SCREENS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value of a UTC time (the station is on UTC). */
const utcInput = (s: number) => {
  const d = new Date(s * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

test('a correction made offline is sent on reconnect, logged, followed by the day’s total, and undone', async ({
  page,
  context,
  request,
}) => {
  const account = await signUp(page, 'corrections');
  const station = await addStation(page, 'Garden', '', 'UTC');
  const token = await jwt(request, account);
  const { _id } = await device(request, token, station.wsid);
  // Yesterday 10:00–10:50 UTC, every ten minutes: the daily rain 0, 0.2, 2.2, 4.2, 4.4, 4.6 mm; 2.0 + 2.0 mm at
  // 10:20 and 10:30 came from cleaning the gauge.
  const now = Math.floor(Date.now() / 1000);
  const day = now - (now % 86400) - 86400;
  const start = day + 10 * 3600;
  const rain = [0, 0.2, 2.2, 4.2, 4.4, 4.6];
  for (const [i, mm] of rain.entries())
    await upload(
      request,
      station,
      { t1tem: 12 + i * 0.1, t1hum: 70, t1raindy: mm },
      { time: start + i * 600, timeZone: 'UTC' },
    );

  const total = async () => {
    const q = `device=${_id}&range=1d&metrics=max_dailyrain&startTime=${new Date(day * 1000).toISOString()}&endTime=${new Date((day + 86400) * 1000).toISOString()}`;
    const body = await api<[string[], number[][]]>(request, token, `/weatherMetrics/queryGroup?${q}`);
    return body[1][0]?.[1];
  };
  expect(await total()).toBe(4.6);

  await page.goto(`/quality/${_id}`);
  const form = page.getByRole('form', { name: 'Correct readings' });
  await expect(form).toBeVisible();
  await expect(page.getByText('No corrections yet.')).toBeVisible();

  // Offline: the correction is kept on this device and waits.
  await context.setOffline(true);
  await form.getByLabel('Metric to correct').selectOption('dailyrain');
  await form.getByLabel('Change').selectOption('remove');
  await form.getByLabel('From', { exact: true }).fill(utcInput(start + 900));
  await form.getByLabel('To', { exact: true }).fill(utcInput(start + 1800));
  await form.getByRole('button', { name: 'Apply the correction' }).click();
  await expect(form.getByRole('alert')).toHaveText('Give a reason.');
  await form.getByLabel('Reason').fill('Gauge cleaning');
  await form.getByRole('button', { name: 'Apply the correction' }).click();
  const pending = page.getByTestId('correction-pending');
  await expect(pending).toContainText('Gauge cleaning');
  await expect(pending).toContainText('Waiting to be sent');
  await expect(form.getByRole('status')).toHaveText(
    'Saved on this device: it is sent when the connection is back.',
  );
  await shots(page, 'corrections-waiting');
  expect(await total()).toBe(4.6);

  // Back online: sent, logged, and the day's total follows (4.6 − 4.0 = 0.6 mm).
  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  const entry = page.getByTestId('correction');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Rain · Today');
  await expect(entry).toContainText('Removed');
  await expect(entry).toContainText('2.2 mm … 4.2 mm → 0.2 mm');
  await expect(entry).toContainText('Gauge cleaning');
  expect(await total()).toBe(0.6);
  const records = await api<{ periods: { allTime: { dailyrain?: { max?: { value: number } } } } }>(
    request,
    token,
    `/weatherDevices/records?device=${_id}`,
  );
  expect(records.periods.allTime.dailyrain?.max?.value).toBe(0.6);

  // The readings of that day with their source: uploads, and the corrected ones.
  await page.getByLabel('Day', { exact: true }).fill(utcInput(day).slice(0, 10));
  const readings = page.getByTestId('sourced-sample');
  await expect(readings).toHaveCount(6);
  await expect(readings.nth(0)).toContainText('Console upload (wslink)');
  await expect(readings.nth(2)).toHaveAttribute('data-source', 'edit');
  await expect(readings.nth(5)).toHaveAttribute('data-source', 'edit');
  await entry.scrollIntoViewIfNeeded();
  await shots(page, 'corrections-logged');

  // Undo: queued and sent as well; the total is 4.6 mm again.
  await entry.getByRole('button', { name: /^Undo the correction of Rain · Today/ }).click();
  await expect(entry).toHaveAttribute('data-undone', 'true', { timeout: 30_000 });
  await expect(entry).toContainText('Undone');
  expect(await total()).toBe(4.6);
});
