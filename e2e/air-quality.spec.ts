// Issue #13: a console that sends PM2.5 but no AQI; the server derives the US EPA AQI at ingest and the PM card
// shows it with its level; the Unit & Display page switches the card to the EU or UK index.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addStation, signUp, upload } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/air-quality';

/** The PM card appears by itself once its sensor reports (issue 22: cards follow the sensors). */
async function showPmCard(page: Page) {
  await expect(page.locator('article[data-card="pmChannel1"]')).toBeVisible();
}

async function shoot(page: Page, name: string, locator = page.locator('article[data-card="pmChannel1"]')) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await locator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
}

test('an upload of PM2.5 35.4 µg/m³ without an AQI shows AQI 100 (moderate) on the dashboard', async ({
  page,
  request,
}) => {
  await signUp(page);
  const station = await addStation(page);
  await upload(request, station, { t1tem: 21.5, t1hum: 55, t8pm25: 35.4, t8pm10: 40 });
  await showPmCard(page);

  const card = page.locator('article[data-card="pmChannel1"]');
  await expect(card.getByTestId('card-pmChannel1-aqi')).toContainText('US AQI');
  await expect(card.getByTestId('card-pmChannel1-aqi-value')).toHaveText('100');
  await expect(card.getByTestId('card-pmChannel1-aqi')).toContainText('Moderate');
  await shoot(page, 'pm-card-epa');

  // The European index, chosen on the Unit & Display page: 35.4 µg/m³ of PM2.5 is 55, "Medium".
  await page.goto('/displaySetting');
  const choice = page.getByRole('group', { name: 'Air quality index' });
  await choice.getByRole('radio', { name: 'EU CAQI' }).check();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await shoot(page, 'units-aqi-choice', choice);
  await page.goto('/dashboard');
  await expect(card.getByTestId('card-pmChannel1-aqi')).toContainText('EU CAQI');
  await expect(card.getByTestId('card-pmChannel1-aqi-value')).toHaveText('55');
  await expect(card.getByTestId('card-pmChannel1-aqi')).toContainText('Medium');
  await shoot(page, 'pm-card-caqi');
});
