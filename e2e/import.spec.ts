// Moving in (issue 25) through the browser on the real server: a WeeWX archive and a CumulusMX log are checked
// (dry run), imported with their progress, and the station's Year graph then draws the imported months.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { addStation, DESKTOP, expectGraph, PHONE, showOutdoorGraph, signUp } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'import-e2e-'));
const shots = join(process.cwd(), 'test-results', 'import-screens');
const DAY = 86400;
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;

/** A WeeWX archive (wview_extended, US units) of hourly records from 200 to 40 days ago. */
function weewx(): string {
  const path = join(dir, 'weewx.sdb');
  const db = new Database(path);
  db.exec(readFileSync(join('server', 'import', 'fixtures', 'weewx-schema.sql'), 'utf8'));
  const insert = db.prepare(
    'INSERT INTO archive (dateTime, usUnits, interval, outTemp, outHumidity, barometer, windSpeed, rain) VALUES (?, 1, 60, ?, ?, 30.0, 5.0, 0.0)',
  );
  db.transaction(() => {
    for (let t = today - 200 * DAY; t < today - 40 * DAY; t += 3600)
      insert.run(t, 50 + 20 * Math.sin((t / DAY) * 0.1), 60);
  })();
  db.close();
  return path;
}

/** A CumulusMX v4 log of 10-minute records from 30 to 20 days ago (°C, m/s, hPa, mm). */
function cumulus(): string {
  const path = join(dir, 'cumulus-log.txt');
  const p = (n: number) => String(n).padStart(2, '0');
  const lines: string[] = [];
  for (let t = today - 30 * DAY; t < today - 20 * DAY; t += 600) {
    const d = new Date(t * 1000);
    const stamp = `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCFullYear() % 100)} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
    lines.push(`${stamp},${t},12.5,70,7.2,1.5,3.0,200,0.00,0.00,1012.30,0.00,21.0,45,2.0,12.5,12.5,0.0,0`);
  }
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}

async function importFile(page: Page, file: string, format: string, rows: number) {
  await page.goto('/import');
  await page.getByLabel('File').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.getByRole('definition').first();
  await expect(report).toHaveText(format);
  await expect(page.getByText(rows.toLocaleString('en'), { exact: true })).toBeVisible();
  await expect(page.getByText('Nothing: the station has no data in this period')).toBeVisible();
}

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((th) => {
      document.documentElement.dataset.theme = th;
    }, theme);
    for (const [size, viewport] of [
      ['390', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      // What a person sees from the top of the page: nothing focused by the last click, not scrolled.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(shots, `${name}-${size}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => {
    delete document.documentElement.dataset.theme;
  });
  await page.setViewportSize(DESKTOP);
}

test('a WeeWX archive and a CumulusMX log imported through the browser reach the Year graph', async ({
  page,
}) => {
  await signUp(page, 'import');
  await addStation(page, 'Garden', '', 'UTC');

  const weewxRows = 160 * 24;
  await importFile(page, weewx(), 'WeeWX', weewxRows);
  await expect(page.getByRole('listitem').filter({ hasText: 'tempc0' })).toContainText(
    'Temperature tempc0 (F)',
  );
  await shoot(page, 'import-dry-run');
  // The page with its report: no serious accessibility finding, light or dark.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((th) => {
      document.documentElement.dataset.theme = th;
    }, theme);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme}: ${v.id}`),
    ).toEqual([]);
  }
  await page.evaluate(() => {
    delete document.documentElement.dataset.theme;
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    page.getByText(`Imported ${weewxRows.toLocaleString('en')} rows; 0 kept as the station had them.`, {
      exact: false,
    }),
  ).toBeVisible({ timeout: 60_000 });
  await shoot(page, 'import-done');

  const cumulusRows = 10 * 144;
  await importFile(page, cumulus(), 'CumulusMX', cumulusRows);
  await expect(page.getByLabel('Wind speed')).toHaveValue('m/s');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    page.getByText(`Imported ${cumulusRows.toLocaleString('en')} rows`, { exact: false }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('listitem').filter({ hasText: 'weewx.sdb' })).toContainText('Imported');

  await page.goto('/dashboard');
  const card = await showOutdoorGraph(page);
  await expectGraph(card, 'Year');
  const points = Number(await card.locator('[data-points]').getAttribute('data-points'));
  // One point per day: 160 days of WeeWX and 10 of Cumulus.
  expect(points).toBeGreaterThanOrEqual(160);
});
