// Station cameras (issue 28): two JPEGs uploaded over HTTP with the station key (a raw POST and a multipart PUT,
// as cameras' "HTTP upload" sends them) show as the camera card on the dashboard and on the public station
// page; the day's images play as a time-lapse (scrubber and play/pause). Wrong keys get JSON, never the app.
// Screens of the card and the Weather Server page's camera block, phone and desktop, light and dark.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addStation, DESKTOP, device, jwt, PHONE, signUp, upload, zoneAwayFromMidnight } from './helpers';

const shots = process.env.SHOTS_DIR ?? join('test-results', 'camera-screens');
const fixture = (name: string) => readFileSync(join('server', 'services', 'camera', 'fixtures', name));

/** The red of the shown image's pixel at (60, 40), as decoded by the browser. */
const redAt = (img: Locator) =>
  img.evaluate((i: HTMLImageElement) => {
    if (!i.complete || !i.naturalWidth) return -1;
    const c = document.createElement('canvas');
    c.width = i.naturalWidth;
    c.height = i.naturalHeight;
    const g = c.getContext('2d')!;
    g.drawImage(i, 0, 0);
    return g.getImageData(60, 40, 1, 1).data[0];
  });

/** The card (or block) at phone and desktop size, light and dark. */
async function shoot(page: Page, target: Locator, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await target.scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await target.screenshot({ path: join(shots, `${name}-${size}-${theme}.png`) });
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.setViewportSize(DESKTOP);
}

test('camera images uploaded with the station key show on the dashboard and the public page, and play as a time-lapse', async ({
  page,
  browser,
  request,
}) => {
  // Twenty screenshots (five screens, two sizes, two themes) on top of the steps.
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  const owner = await signUp(page, 'camera');
  const zone = zoneAwayFromMidnight();
  const station = await addStation(page, 'Porch', '', zone);
  await upload(request, station, { t1tem: 12.4, t1hum: 70 });

  // A wrong key: a JSON refusal that says why, even to a client asking for HTML.
  const wrong = await request.post('/data/camera/not-a-key', {
    data: fixture('morning.jpg'),
    headers: { 'content-type': 'image/jpeg', accept: 'text/html' },
  });
  expect(wrong.status()).toBe(401);
  expect(wrong.headers()['content-type']).toMatch(/json/);
  expect((await wrong.json()).message).toMatch(/Unknown station key/);

  const first = await request.post(`/data/camera/${station.key}`, {
    data: fixture('morning.jpg'),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(first.status(), await first.text()).toBe(200);
  const second = await request.put(`/data/camera/${station.key}`, {
    multipart: {
      image: { name: 'snapshot.jpg', mimeType: 'image/jpeg', buffer: fixture('evening.jpg') },
    },
  });
  expect(second.status(), await second.text()).toBe(200);
  const [a, b] = [(await first.json()).time as number, (await second.json()).time as number];

  // The dashboard, open since the station was added, shows the card without a reload (the first image's
  // device event), with the newest image.
  await expect(page).toHaveURL(/\/dashboard/);
  const card = page.locator('article[data-card="camera"]');
  await expect(card).toBeVisible();
  const img = card.getByTestId('camera-image');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(320);
  const newestTime = await card.getByTestId('camera-time').textContent();
  await expect(card.getByTestId('camera-count')).toHaveText('2 of 2');
  const newestSrc = await img.getAttribute('src');
  expect(await redAt(img)).toBeLessThan(100);

  // Scrub to the first image: its own bytes and time.
  const scrubber = card.getByTestId('camera-scrubber');
  await scrubber.focus();
  await page.keyboard.press('Home');
  await expect(card.getByTestId('camera-count')).toHaveText('1 of 2');
  await expect(img).not.toHaveAttribute('src', newestSrc!);
  // The morning image's sun at (60, 40); the evening sky there is dark.
  await expect.poll(() => redAt(img)).toBeGreaterThan(200);
  expect(b - a).toBeGreaterThan(0);
  await shoot(page, card, 'camera-card-first');

  // Play: it steps to the newest image and stops there.
  await card.getByRole('button', { name: 'Play the time-lapse' }).click();
  await expect(card.getByTestId('camera-count')).toHaveText('2 of 2');
  await expect(card.getByRole('button', { name: 'Play the time-lapse' })).toBeVisible();
  await expect(img).toHaveAttribute('src', newestSrc!);
  await expect.poll(() => redAt(img)).toBeLessThan(100);
  await expect(card.getByTestId('camera-time')).toHaveText(newestTime!);
  await shoot(page, card, 'camera-card-newest');

  // The Weather Server page tells the camera where to upload, with this station's key.
  await page.goto('/server');
  const url = page.getByTestId('camera-url');
  await expect(url).toContainText(`/data/camera/${station.key}`);
  await shoot(page, page.getByRole('heading', { name: 'Camera', level: 2 }).locator('..'), 'camera-setup');

  // A public station's visitor sees the card too; offline it says the image needs a connection.
  const token = await jwt(request, owner);
  const { _id } = await device(request, token, station.wsid);
  const shared = await request.patch(`/weatherDevices/${_id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { shareMode: 'public' },
  });
  expect(shared.status()).toBe(200);
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const guest = await visitor.newPage();
  await guest.goto(`/station/${station.wsid}`);
  const publicCard = guest.locator('article[data-card="camera"]');
  await expect(publicCard.getByTestId('camera-image')).toBeVisible();
  await expect(publicCard.getByTestId('camera-count')).toHaveText('2 of 2');
  await shoot(guest, publicCard, 'camera-public');
  await visitor.setOffline(true);
  await expect(publicCard.getByText('The camera image needs a connection.')).toBeVisible();
  await shoot(guest, publicCard, 'camera-offline');
  await visitor.close();
});
