// One data worker and one socket per browser (issue 32): three tabs of one browser share the socket of the tab
// that leads (Web Lock), the others send their calls to it. The server counts its sockets (`portal_sockets` in
// /metrics, with the operators' bearer token): 1 with three tabs open. Each tab shows live values of its own
// station (the socket watches the union of the tabs' stations). When the leading tab closes, another takes
// over: live values go on in the other two, still over one socket. Signing out in one tab signs out all.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  addStation,
  api,
  controlled,
  device,
  jwt,
  outdoorCard,
  readStore,
  signUp,
  upload,
  zoneAwayFromMidnight,
} from './helpers';
import { OwnServer } from './server';

const METRICS_TOKEN = 'one-socket-metrics-token-0123456789';

let server: OwnServer;
test.beforeEach(async () => {
  server = await OwnServer.create(undefined, { METRICS_TOKEN });
  await server.start();
});
test.afterEach(async () => {
  await server?.stop();
});

async function sockets(request: APIRequestContext): Promise<number> {
  // A fresh connection each time: a kept-alive one the server closed as idle (5 s) answers ECONNRESET.
  const res = await request.get(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}`, accept: 'text/plain', connection: 'close' },
  });
  expect(res.status()).toBe(200);
  const m = /^portal_sockets (\d+)$/m.exec(await res.text());
  expect(m, 'portal_sockets in /metrics').not.toBeNull();
  return Number(m![1]);
}

/** Does this tab run the data worker (src/bridge/worker.ts marks the role on <html>)? */
const leads = async (page: Page) =>
  (await page.locator('html').getAttribute('data-data-worker')) === 'leader';

/** The leader lock as the browser sees it: held by one tab, the others waiting in line. */
const lock = (page: Page) =>
  page.evaluate(async () => {
    const s = await navigator.locks.query();
    const mine = (l: { name?: string }) => l.name === 'portal-data-leader';
    return { held: (s.held ?? []).filter(mine).length, waiting: (s.pending ?? []).filter(mine).length };
  });

test('three tabs share one socket, each sees its station live, and a tab takes over when the leader closes', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const base = server.base;
  await signUp(page, 'one-socket', { base, dataDir: server.dataDir });
  const zone = zoneAwayFromMidnight();
  const garden = await addStation(page, 'Garden', base, zone);
  const shed = await addStation(page, 'Shed', base, zone);
  await upload(request, garden, { t1tem: 10.1, t1hum: 50 }, undefined, base);
  await upload(request, shed, { t1tem: 5.1, t1hum: 50 }, undefined, base);

  // Tab 1 (the first, so the leader) on the dashboard; tab 2 on Garden's page, tab 3 on Shed's page. Opening a
  // station makes it the dashboard's station too (the choice is kept per browser): the dashboard then shows Shed.
  // Before issue 32 the server counted 1 → 2 → 3 sockets here (one per tab's worker).
  await page.goto(`${base}/dashboard`);
  await expect(outdoorCard(page)).toBeVisible();
  await expect.poll(() => sockets(request), { timeout: 15_000 }).toBe(1);
  const tab2 = await context.newPage();
  await tab2.goto(`${base}/station/${garden.wsid}`);
  await expect(tab2.getByRole('heading', { name: 'Garden', level: 1 })).toBeVisible();
  expect(await sockets(request)).toBe(1);
  const tab3 = await context.newPage();
  await tab3.goto(`${base}/station/${shed.wsid}`);
  await expect(tab3.getByRole('heading', { name: 'Shed', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shed' })).toBeVisible();

  expect([await leads(page), await leads(tab2), await leads(tab3)]).toEqual([true, false, false]);
  expect(await lock(tab2)).toEqual({ held: 1, waiting: 2 });
  await expect.poll(() => sockets(request), { timeout: 15_000 }).toBe(1);

  // Live: each tab its station's new value, through the one socket (Garden is watched for tab 2 only).
  await upload(request, garden, { t1tem: 21.4, t1hum: 50 }, undefined, base);
  await upload(request, shed, { t1tem: 11.3, t1hum: 50 }, undefined, base);
  await expect(outdoorCard(tab2)).toContainText('21.4');
  await expect(outdoorCard(tab3)).toContainText('11.3');
  await expect(outdoorCard(page)).toContainText('11.3');
  expect(await sockets(request)).toBe(1);

  // The leader closes: one of the others takes the lock and the socket within a second or two.
  const closing = Date.now();
  await page.close();
  const closedAt = Date.now();
  await expect
    .poll(async () => (await leads(tab2)) || (await leads(tab3)), { timeout: 5_000, intervals: [100] })
    .toBe(true);
  const takeover = Date.now() - closedAt;
  console.log(`[one-socket] close took ${closedAt - closing} ms, takeover ${takeover} ms after`);
  expect(takeover).toBeLessThan(2_000);
  expect(await lock(tab2)).toEqual({ held: 1, waiting: 1 });

  // Live values go on in both tabs; the old socket is gone and the new leader's is the only one.
  await upload(request, garden, { t1tem: 22.6, t1hum: 50 }, undefined, base);
  await upload(request, shed, { t1tem: 12.7, t1hum: 50 }, undefined, base);
  await expect(outdoorCard(tab2)).toContainText('22.6');
  await expect(outdoorCard(tab3)).toContainText('12.7');
  await expect.poll(() => sockets(request), { timeout: 15_000 }).toBe(1);

  // Signing out in one tab signs out the browser: the other tab's dashboard goes to the login page.
  await tab2.goto(`${base}/dashboard`);
  await expect(outdoorCard(tab2)).toBeVisible();
  await tab3.goto(`${base}/logout`);
  await expect(tab3).toHaveURL(/\/login/);
  await expect(tab2).toHaveURL(/\/login/);
  await expect.poll(() => sockets(request), { timeout: 15_000 }).toBe(1);
});

test('an edit made offline in a follower tab reaches the server once, after the leader closed', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const base = server.base;
  const account = await signUp(page, 'one-socket-outbox', { base, dataDir: server.dataDir });
  const station = await addStation(page, 'Garden', base);
  const token = await jwt(request, account, base);
  const { _id: id } = await device(request, token, station.wsid, base);
  await upload(request, station, { t1tem: 19.5, t1hum: 55, rbar: 1012 }, undefined, base);
  await expect(outdoorCard(page)).toContainText('19.5');
  const follower = await context.newPage();
  await follower.goto(`${base}/dashboard`);
  // The card menu's code loads when it first opens: offline, only the service worker can serve it, so it must
  // control the tab first (without it the menu never opened offline, a failure seen on main too).
  await controlled(follower);
  const outdoor = outdoorCard(follower);
  await expect(outdoor).toContainText('19.5');
  // The bridge loads after the first paint (bridge/worker.ts): the stored value may be on screen before the role.
  await expect(follower.locator('html')).toHaveAttribute('data-data-worker', 'follower');

  // Offline, the follower hides a card: written to IndexedDB and queued in the outbox.
  await context.setOffline(true);
  await outdoor.getByRole('button', { name: 'Card menu: Outdoor' }).click();
  await follower.getByRole('menuitem', { name: 'Hide card' }).click();
  await expect(outdoor).toHaveCount(0);
  await expect.poll(() => follower.evaluate(readStore, 'outbox').then((r) => r.length)).toBeGreaterThan(0);

  // The leader closes while offline; the follower takes over. Online again, the edit (kept in IndexedDB, not in
  // the closed tab) is sent once, by the new leader's worker or the service worker's Background Sync.
  await page.close();
  await expect(follower.locator('html')).toHaveAttribute('data-data-worker', 'leader');
  await context.setOffline(false);
  const display = () =>
    api<{ total: number; data: { metricsList: string[] }[] }>(
      request,
      token,
      `/deviceDisplaySettings?weatherDevice=${id}&$limit=1`,
      base,
    );
  await expect
    .poll(async () => (await display()).data[0]?.metricsList.includes('outdoor'), { timeout: 30_000 })
    .toBe(false);
  await expect
    .poll(() => follower.evaluate(readStore, 'outbox').then((r) => r.length), { timeout: 30_000 })
    .toBe(0);
  expect((await display()).total).toBe(1);
  await expect.poll(() => sockets(request), { timeout: 15_000 }).toBe(1);
});
