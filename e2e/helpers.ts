// Shared steps of the e2e suites: a fresh account per test (sign-up + mailed code), a station, uploads as a
// console would send them, and the server's REST API with the user's JWT.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { verificationCode } from './mail';

export interface Account {
  email: string;
  password: string;
}

export interface Station {
  wsid: string;
  key: string;
}

/** Where a test's own server runs (default: the config's webServer, baseURL and E2E_DATA_DIR). */
export interface Target {
  base?: string;
  dataDir?: string;
}

/** Sign up through the screens and verify with the mailed code; ends on the (empty) dashboard. */
export async function signUp(page: Page, prefix = 'owner', target: Target = {}): Promise<Account> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'correct horse battery';
  await page.goto(`${target.base ?? ''}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('I have read and agree to the Terms and Conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\/verify/);
  await page.getByLabel('Verification code').fill(await verificationCode(email, 10_000, target.dataDir));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return { email, password };
}

/** Add a station through the screens; ends on the dashboard showing it. */
export async function addStation(
  page: Page,
  name = 'Garden',
  base = '',
  timeZone?: string,
): Promise<Station> {
  await page.goto(`${base}/devices`);
  await page.getByRole('button', { name: 'Add station' }).click();
  await page.getByLabel('Station name').fill(name);
  if (timeZone) await page.getByLabel('Time zone').selectOption(timeZone);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const wsid = (await page.getByTestId('station-id').textContent())!.trim();
  const key = (await page.getByTestId('station-key').textContent())!.trim();
  await page.getByRole('button', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  return { wsid, key };
}

/**
 * A time zone where it is now between 03:00 and 21:00, so "today" in it holds the last two hours (a day graph
 * of data uploaded just now is never cut by midnight).
 */
export function zoneAwayFromMidnight(now = Date.now()): string {
  const hour = (timeZone: string) =>
    Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  return ['UTC', 'Asia/Dhaka', 'America/Chicago', 'Asia/Tokyo'].find((z) => hour(z) >= 3 && hour(z) < 21)!;
}

/**
 * A browser time zone where it is now about noon: a kiosk without a station position turns dark at night by the
 * clock, so a screenshot of its light theme needs a daytime clock.
 */
export function zoneAtNoon(now = Date.now()): string {
  const offset = 12 - new Date(now).getUTCHours(); // -11 … +12, all of them Etc/GMT zones (signs inverted)
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** Console wall time 'YYYY-MM-DD HH:MM:SS' of unix seconds `t` in `timeZone` (WSLink `datetime`). */
export function consoleTime(t: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(t * 1000)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const lastServerStamped = new Map<string, number>();

/** Waits until the second of the station's last reply (its upload's stamp or later) has passed. */
async function nextSecondFor(wsid: string): Promise<void> {
  const last = lastServerStamped.get(wsid);
  const now = Date.now();
  if (last !== undefined && Math.floor(now / 1000) <= last)
    await new Promise((r) => setTimeout(r, (last + 1) * 1000 - now + 20));
}

/** One WSLink upload; `at` (unix s) sends a console `datetime` in the device's zone. */
export async function upload(
  request: APIRequestContext,
  station: Station,
  fields: Record<string, number>,
  at?: { time: number; timeZone: string },
  base = '',
): Promise<void> {
  // Without a console time the server stamps the upload with its own second, and a second upload of a station
  // in the same second is a console's resend (not stored). A real console sends every 16 s or more; a test that
  // uploads twice in a row must not depend on crossing a second boundary by chance.
  if (!at) await nextSecondFor(station.wsid);
  const q = new URLSearchParams({ wsid: station.wsid, wspw: station.key, apiver: '1.00' });
  for (const [k, v] of Object.entries(fields)) q.set(k, String(v));
  if (at) q.set('datetime', consoleTime(at.time, at.timeZone));
  const res = await request.get(`${base}/data/upload.php?${q}`);
  if (!at) lastServerStamped.set(station.wsid, Math.floor(Date.now() / 1000));
  expect(res.status(), await res.text()).toBe(200);
}

/** The user's JWT from the server's local strategy. */
export async function jwt(request: APIRequestContext, account: Account, base = ''): Promise<string> {
  const res = await request.post(`${base}/authentication`, {
    data: { strategy: 'local', email: account.email, password: account.password },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).accessToken as string;
}

/** GET a REST path with the JWT; returns the JSON body. */
export async function api<T>(request: APIRequestContext, token: string, path: string, base = ''): Promise<T> {
  const res = await request.get(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

export interface DeviceInfo {
  _id: string;
  wsid: string;
  timezone: string;
}

/** The station's device record (id, time zone) from the server. */
export async function device(
  request: APIRequestContext,
  token: string,
  wsid: string,
  base = '',
): Promise<DeviceInfo> {
  const answer = await api<DeviceInfo[] | { data: DeviceInfo[] }>(
    request,
    token,
    `/weatherDevices?wsid=${wsid}&$paginate=false`,
    base,
  );
  const list = Array.isArray(answer) ? answer : answer.data;
  expect(list).toHaveLength(1);
  return list[0];
}

/**
 * Wait until the service worker controls the page (an offline reload is then served from the precache). The worker
 * claims the open pages while it activates (sw/sw.ts clientsClaim); a page (re)loaded while it was still activating
 * can miss both the claim and the control, and stays uncontrolled: once the worker is activated, any navigation is
 * controlled, so such a page is reloaded then. Polled by time, not by animation frames.
 */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
    undefined,
    { polling: 100 },
  );
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { polling: 100 });
}

/** Rows of an IndexedDB store of the app's Dexie database `portal`; evaluate it in a page or the SW. */
export const readStore = (store: string) =>
  new Promise<unknown[]>((resolve, reject) => {
    const open = indexedDB.open('portal');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction(store).objectStore(store).getAll();
      req.onsuccess = () => {
        open.result.close();
        resolve(req.result);
      };
      req.onerror = () => reject(req.error);
    };
  });

/** The outdoor card on the dashboard. */
export const outdoorCard = (page: Page) => page.locator('article[data-card="outdoor"]');

/** Show the outdoor card's graph through its menu ('Show graph'; a new station has no graph open). */
export async function showOutdoorGraph(page: Page): Promise<Locator> {
  const card = outdoorCard(page);
  await card.getByRole('button', { name: 'Card menu: Outdoor' }).click();
  await page.getByRole('menuitem', { name: 'Show graph' }).click();
  await expect(card.getByRole('button', { name: 'Day', exact: true })).toBeVisible();
  return card;
}

/** Pick a graph period and wait for a uPlot chart drawn from at least two points (not 'No Data'). */
export async function expectGraph(card: Locator, period: 'Day' | 'Week' | 'Month' | 'Year'): Promise<void> {
  const button = card.getByRole('button', { name: period, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const chart = card.locator('[data-points]');
  await expect(chart).toBeVisible();
  await expect
    .poll(async () => Number(await chart.getAttribute('data-points')), { message: `${period} graph points` })
    .toBeGreaterThan(1);
  await expect(card.getByText('No Data')).toHaveCount(0);
  await expect(card.getByRole('alert')).toHaveCount(0);
  // uPlot painted its canvas (axes and the series) at the chart's size.
  const painted = await chart.locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
    return n;
  });
  expect(painted).toBeGreaterThan(100);
}

/** Close the outdoor card's graph through its menu ('Hide graph'). */
export async function hideOutdoorGraph(page: Page): Promise<void> {
  const card = outdoorCard(page);
  await card.getByRole('button', { name: 'Card menu: Outdoor' }).click();
  await page.getByRole('menuitem', { name: 'Hide graph' }).click();
  await expect(card.getByRole('button', { name: 'Day', exact: true })).toHaveCount(0);
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Full-page screenshots of what a person sees, at phone (390 px) and desktop (1280 px) width, into `dir`. */
export async function screenshots(page: Page, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(dir, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
