// The key screens compared with committed baselines (issue 30): the dashboard, the public station page and the
// kiosk, in the light and the dark theme, at 1280×800. A layout regression (a card out of place, a wrong colour,
// text that wraps) fails; anti-aliasing does not (1 % of the pixels may differ). What changes from run to run is
// masked: the connection status ("Updated 3 sec. ago"), the random Station ID and the sun & moon card (the moon
// phase of the day). The readings are fixed values of one upload. Baselines: e2e/screens.spec.ts-snapshots/
// (`npx playwright test e2e/screens.spec.ts --update-snapshots` after an intended change; look at them first).
import { expect, type Page, type PageAssertionsToHaveScreenshotOptions, test } from '@playwright/test';
import { addStation, device, jwt, type Station, signUp, upload, zoneAtNoon } from './helpers';

test.describe.configure({ mode: 'serial' });

let page: Page;
let station: Station;

const options = (p: Page): PageAssertionsToHaveScreenshotOptions => ({
  maxDiffPixelRatio: 0.01,
  animations: 'disabled',
  caret: 'hide',
  mask: [
    p.locator('output[aria-live="polite"]'),
    p.locator('span', { hasText: 'Station ID' }),
    p.locator('article[data-card="sunMoon"]'),
  ],
});

test.beforeAll(async ({ browser, request }) => {
  // The browser's clock at noon: the kiosk of a station without a position is dark at night by the clock.
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, timezoneId: zoneAtNoon() });
  const account = await signUp(page, 'screens');
  station = await addStation(page, 'Garden', '', 'UTC');
  await upload(request, station, {
    t1tem: 21.5,
    t1hum: 55,
    t1wdir: 200,
    t1ws: 3.2,
    t1wgust: 5.1,
    rbar: 1013.2,
    t1rainra: 0,
    t1raindy: 1.2,
    t1uvi: 3,
    t1solrad: 420,
  });
  // Public, so /station/<id> shows it as a visitor would see it.
  const token = await jwt(request, account);
  const { _id } = await device(request, token, station.wsid);
  const res = await request.patch(`/weatherDevices/${_id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { shareMode: 'public' },
  });
  expect(res.status()).toBe(200);
});

test.afterAll(async () => {
  await page?.close();
});

for (const theme of ['Light', 'Dark'] as const) {
  test(`dashboard, station page and kiosk look as they did, ${theme.toLowerCase()} theme`, async () => {
    const name = theme.toLowerCase();
    await page.goto('/displaySetting');
    const background = page.getByRole('group', { name: 'Background' }).getByRole('radio', { name: theme });
    if (!(await background.isChecked())) {
      await background.check();
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    }

    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-theme', name);
    await expect(page.getByTestId('card-outdoor-primary')).toContainText('21.5');
    await expect(page).toHaveScreenshot(`dashboard-${name}.png`, options(page));

    await page.goto(`/station/${station.wsid}`);
    await expect(page.getByTestId('card-outdoor-primary')).toContainText('21.5');
    await expect(page).toHaveScreenshot(`station-${name}.png`, options(page));

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expect(page.getByTestId('kiosk-bar')).toBeVisible();
    await expect(page.getByTestId('card-outdoor-primary')).toContainText('21.5');
    await expect(page).toHaveScreenshot(`kiosk-${name}.png`, options(page));
    await page.getByRole('button', { name: 'Exit fullscreen' }).click();
  });
}
