// The public station page (issue #12), as a visitor without an account uses it: the owner shares a station
// with Everyone; a logged-out browser opens /station/<Station ID>, sees the live cards (a new upload arrives
// without a reload), opens a card's graph, sees no MAC, key or owner e-mail, and still sees the station offline
// after a reload. A Nobody station is 'Device not found'. Screens are saved at phone and desktop size.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  addStation,
  controlled,
  DESKTOP,
  device,
  expectGraph,
  jwt,
  outdoorCard,
  screenshots,
  signUp,
  upload,
  zoneAwayFromMidnight,
} from './helpers';

const shots = process.env.SHOTS_DIR ?? join('test-results', 'public-station-screens');

const shoot = (page: Page, name: string) => screenshots(page, shots, name);

test('a logged-out visitor opens a public station page, sees it live, and offline after a first visit', async ({
  browser,
  page,
  request,
}) => {
  const owner = await signUp(page, 'public');
  const zone = zoneAwayFromMidnight();
  const station = await addStation(page, 'Harbour', '', zone);
  const hidden = await addStation(page, 'Cellar');
  const token = await jwt(request, owner);
  const info = await device(request, token, station.wsid);
  const shareMode = async (wsid: string, mode: string) => {
    const { _id } = await device(request, token, wsid);
    const res = await request.patch(`/weatherDevices/${_id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { shareMode: mode },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await shareMode(station.wsid, 'public');
  // Earlier readings for the graph (two 5-minute buckets), then the current one.
  const now = Math.floor(Date.now() / 1000);
  await upload(request, station, { t1tem: 16.9, t1hum: 57 }, { time: now - 1500, timeZone: zone });
  await upload(request, station, { t1tem: 17.5, t1hum: 56 }, { time: now - 900, timeZone: zone });
  await upload(request, station, { t1tem: 18.2, t1hum: 55, t1ws: 3.1 });

  const visitor = await browser.newContext({ viewport: DESKTOP });
  const guest = await visitor.newPage();
  await guest.goto(`/station/${station.wsid}`);
  await expect(guest).toHaveURL(new RegExp(`/station/${station.wsid}$`)); // no redirect to the login page
  await expect(guest.getByRole('heading', { name: 'Harbour', level: 1 })).toBeVisible();
  await expect(outdoorCard(guest)).toContainText('18.2');
  // Read only: no card menu; nothing secret on the page.
  await expect(guest.getByRole('button', { name: /Card menu/ })).toHaveCount(0);
  const text = ((await guest.locator('body').textContent()) ?? '').toLowerCase();
  expect(text).not.toContain(station.key.toLowerCase());
  expect(text).not.toContain(owner.email.toLowerCase());
  expect(text).not.toContain('@');

  // Graphs: a visitor opens a card's details and sees its day graph (history read without an account).
  await guest.getByRole('button', { name: 'Show details: Outdoor' }).click();
  await expectGraph(outdoorCard(guest), 'Day');

  // Installable as the kiosk display: the page links the station's own manifest (fullscreen, kiosk layout).
  const manifestHref = await guest.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe(`/manifests/station/${station.wsid}.webmanifest`);
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ start_url: `/station/${station.wsid}?kiosk=1`, display: 'fullscreen' });

  // A new reading arrives live.
  await upload(request, station, { t1tem: 19.6, t1hum: 54, t1ws: 2.4 });
  await expect(outdoorCard(guest)).toContainText('19.6');
  // The top bar says the visitor is online (a start-up race once wrote the socket back as offline).
  await expect(guest.getByRole('banner').getByRole('status')).toHaveAttribute('aria-label', /^Online/);
  await shoot(guest, 'public-station');

  // Offline after a first visit: the service worker serves the shell, Dexie the station.
  await controlled(guest);
  await expect(outdoorCard(guest)).toContainText('19.6');
  await visitor.setOffline(true);
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Harbour', level: 1 })).toBeVisible();
  await expect(outdoorCard(guest)).toContainText('19.6');
  await visitor.setOffline(false);

  // Nobody (the default): never shown, exactly like an unknown station ID.
  await guest.goto(`/station/${hidden.wsid}`);
  await expect(guest.getByText('Device not found')).toBeVisible();
  await expect(guest.getByText('Cellar')).toHaveCount(0);
  await shoot(guest, 'public-station-not-found');
  expect(info.wsid).toBe(station.wsid);
  await visitor.close();
});
