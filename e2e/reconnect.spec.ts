// The server restarts while the dashboard is open: the data worker reconnects by itself, live updates resume
// without a reload, and the 5-minute history it held is filled up to now (rows the socket missed while it was
// down: the consoles' backlog uploaded when the server came back).
import { expect, type Page, test } from '@playwright/test';
import {
  addStation,
  device,
  expectGraph,
  hideOutdoorGraph,
  jwt,
  readStore,
  showOutdoorGraph,
  signUp,
  upload,
  zoneAwayFromMidnight,
} from './helpers';
import { OwnServer } from './server';

let server: OwnServer;
test.beforeEach(async () => {
  server = await OwnServer.create();
  await server.start();
});
test.afterEach(async () => {
  await server?.stop();
});

interface Held {
  device: string;
  fiveMinFrom?: number;
  fiveMinTo?: number;
}

const settingOf = async (page: Page, key: string) =>
  ((await page.evaluate(readStore, 'settings')) as { key: string; value: unknown }[]).find(
    (s) => s.key === key,
  )?.value as Record<string, unknown> | undefined;

const heldOf = async (page: Page, id: string) =>
  ((await page.evaluate(readStore, 'syncState')) as Held[]).find((s) => s.device === id);

test('after a server restart live updates resume and the missed history is filled', async ({
  page,
  request,
}) => {
  // The server starts twice; on a loaded machine one start took 18 s and the page's socket, backing off, 7 s more:
  // the default minute was exceeded (no event was lost: measured, the readings came in order).
  test.setTimeout(120_000);
  const base = server.base;
  const account = await signUp(page, 'restart', { base, dataDir: server.dataDir });
  const station = await addStation(page, 'Garden', base, zoneAwayFromMidnight());
  const token = await jwt(request, account, base);
  const { _id: id, timezone } = await device(request, token, station.wsid, base);

  const now = Math.floor(Date.now() / 1000);
  for (const s of [2400, 1800, 1200, 600])
    await upload(request, station, { t1tem: 15, t1hum: 50 }, { time: now - s, timeZone: timezone }, base);
  await upload(request, station, { t1tem: 21.1, t1hum: 50 }, undefined, base);
  const primary = page.getByTestId('card-outdoor-primary');
  await expect(primary).toContainText('21.1');

  // A graph of today makes the worker hold 5-minute history up to now; then it is closed again (an open graph
  // would reload on its own when new data comes).
  const card = await showOutdoorGraph(page);
  await expectGraph(card, 'Day');
  await hideOutdoorGraph(page);
  const before = await heldOf(page, id);
  expect(before?.fiveMinTo).toBeGreaterThanOrEqual(now);

  // Down: the page notices and keeps showing what it has.
  const down = Math.floor(Date.now() / 1000);
  await server.stop();
  await expect.poll(async () => (await settingOf(page, 'connection'))?.online).toBe(false);
  await expect(primary).toContainText('21.1');

  // Back on the same port and database; the consoles send their backlog at once (before the page's socket,
  // which backs off, is back), then a new reading.
  await server.start();
  const up = Math.floor(Date.now() / 1000);
  for (const t of [down + 1, Math.floor((down + up) / 2), up - 1])
    await upload(request, station, { t1tem: 18, t1hum: 77 }, { time: t, timeZone: timezone }, base);
  await upload(request, station, { t1tem: 24.2, t1hum: 60 }, undefined, base);
  await expect(primary).toContainText('24.2', { timeout: 30_000 });
  await expect.poll(async () => (await settingOf(page, 'connection'))?.online).toBe(true);

  // Live again: one new reading shows without a reload, sent once (the watch was joined before the reload that
  // showed 24.2: workers/features/session.ts). It carries its own time, a second ahead: the server stamps an
  // upload without one with its current second and drops a second sample in the same second (a console's resend).
  const next = Math.floor(Date.now() / 1000) + 1;
  await upload(request, station, { t1tem: 30.1, t1hum: 60 }, { time: next, timeZone: timezone }, base);
  await expect(primary).toContainText('30.1');

  // The held 5-minute range now reaches past the downtime, with a row for every bucket it spans.
  await expect.poll(async () => (await heldOf(page, id))?.fiveMinTo ?? 0).toBeGreaterThanOrEqual(up);
  const rows = ((await page.evaluate(readStore, 'metrics')) as { device: string; time: number }[])
    .filter((r) => r.device === id)
    .map((r) => r.time);
  for (let b = Math.floor((down + 1) / 300) * 300; b <= up - 1; b += 300)
    expect(rows, `5-minute row at ${b}`).toContain(b);
});
