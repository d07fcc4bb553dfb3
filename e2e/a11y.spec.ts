// Accessibility (issue #12): axe (WCAG 2.1 A and AA rules) finds no serious or critical violation on any
// route, signed out and signed in, in the light and the dark theme. The dark theme is the user's background
// preference (Unit & Display), applied here the way the app applies it: `data-theme` on the root element.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addStation, device, jwt, signUp, upload } from './helpers';

const SIGNED_OUT = [
  '/login',
  '/signup',
  '/login/reset',
  '/help',
  '/faq',
  '/devicefaq',
  '/terms',
  '/privacy',
  '/no-such-page',
];

const SIGNED_IN = [
  '/dashboard',
  '/account',
  '/account/edit',
  '/devices',
  '/shares',
  '/displaySetting',
  '/alert',
  '/server',
  '/export',
  '/profile',
  '/profile/changePassword',
  '/profile/changeProfile',
  '/subscription/orders',
  '/subscription/success',
  '/subscription/payment',
  '/test',
  '/help',
  '/faq',
];

interface Finding {
  route: string;
  theme: string;
  rule: string;
  impact: string;
  targets: string[];
  help: string;
}

async function audit(page: Page, route: string, findings: Finding[]): Promise<void> {
  await page.goto(route);
  await page.locator('#main, main').first().waitFor({ state: 'attached' });
  // Lazy screens and live data settle (no spinner left).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((th) => {
      document.documentElement.dataset.theme = th;
    }, theme);
    await page.waitForTimeout(150); // CSS transitions of colours
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    for (const v of result.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        findings.push({
          route,
          theme,
          rule: v.id,
          impact: v.impact,
          targets: v.nodes
            .slice(0, 4)
            .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`),
          help: v.help,
        });
  }
}

test('axe finds no serious violation on any route, signed out and signed in, light and dark', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const findings: Finding[] = [];

  // The owner's routes, with a station that has readings (every card filled as far as the upload goes).
  const owner = await signUp(page, 'a11y');
  const station = await addStation(page, 'Garden');
  await upload(request, station, {
    t1tem: -0.2,
    t1hum: 61,
    rbar: 1013.2,
    t1ws: 2.5,
    t1wgust: 4.1,
    t1wdir: 200,
  });
  const token = await jwt(request, owner);
  const { _id } = await device(request, token, station.wsid);
  const patched = await request.patch(`/weatherDevices/${_id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { shareMode: 'public' },
  });
  expect(patched.status()).toBe(200);
  for (const route of [...SIGNED_IN, `/devices/${_id}/edit`]) await audit(page, route, findings);

  // The keyboard's first stop is the skip link; it moves focus to the main content.
  await page.goto('/dashboard');
  await expect(page.locator('article[data-card="outdoor"]')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // A visitor's routes, the public station page among them.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  for (const route of [...SIGNED_OUT, `/station/${station.wsid}`]) await audit(guest, route, findings);
  await visitor.close();

  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
});

test('layout: the closed phone drawer leaves nothing on screen; top-bar titles are whole while room remains', async ({
  page,
  request,
}) => {
  const shots = process.env.SHOTS_DIR ?? join('test-results', 'layout-screens');
  mkdirSync(shots, { recursive: true });
  await signUp(page, 'layout');
  const station = await addStation(page, 'A station with a rather long name for the title');
  await upload(request, station, { t1tem: -0.2, t1hum: 80, t1ws: 6, t1wgust: 9 });

  // Phone: the drawer is closed and fully hidden (no shadow strip at the edge), and opens on the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.locator('article[data-card="outdoor"]')).toContainText('\u22120.2');
  const drawer = page.locator('#app-drawer');
  await expect(drawer).toBeHidden();
  await page.screenshot({ path: join(shots, 'dashboard-phone.png') });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(drawer).toBeVisible();
  await page.waitForTimeout(300); // the slide-in
  await page.screenshot({ path: join(shots, 'drawer-open-phone.png') });
  await page.keyboard.press('Escape');

  // Desktop: titles that fit between the bar's two sides are not cut.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const route of ['/displaySetting', '/subscription/orders', '/profile/changePassword', '/dashboard']) {
    await page.goto(route);
    const title = page.locator('header div[aria-hidden]').first();
    await expect(title).not.toBeEmpty();
    const cut = await title.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, `${route}: ${await title.textContent()}`).toBe(false);
  }
  await page.screenshot({ path: join(shots, 'dashboard-desktop.png') });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, 'dashboard-desktop-dark.png') });
});
