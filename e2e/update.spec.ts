// Updates reach every tab and the kiosk (issue 32): a new build deployed under three open tabs is found on
// reconnect; every tab shows the prompt; the kiosk, untouched for a minute, takes the update by itself; a tab with
// typed, unsaved input is not reloaded under the user (the other plain tab is).
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addStation, controlled, signUp } from './helpers';

const DIST = join(import.meta.dirname, '..', 'dist');
const SW = join(DIST, 'sw.js');
const PROMPT = 'A new version is available';

/** A new build: sw.js changes by a byte (its compressed copies moved aside so the new text is served). */
function deploy(): () => void {
  const original = readFileSync(SW);
  copyFileSync(SW, `${SW}.keep`);
  for (const ext of ['br', 'gz'])
    if (existsSync(`${SW}.${ext}`)) renameSync(`${SW}.${ext}`, `${SW}.${ext}.keep`);
  writeFileSync(SW, `${original}\n// next build\n`);
  return () => {
    renameSync(`${SW}.keep`, SW);
    for (const ext of ['br', 'gz'])
      if (existsSync(`${SW}.${ext}.keep`)) renameSync(`${SW}.${ext}.keep`, `${SW}.${ext}`);
  };
}

/** Marks the document: the mark is gone once the tab has reloaded. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const reloaded = (page: Page) => page.evaluate(() => !(window as { __notReloaded?: boolean }).__notReloaded);

test('a new build: the prompt in every tab, the idle kiosk updates itself, unsaved input is kept', async ({
  page,
  context,
}) => {
  await signUp(page, 'update');
  const station = await addStation(page, 'Garden');
  await controlled(page);

  const form = await context.newPage();
  await form.goto('/profile/changeProfile');
  await form.getByLabel('First name').fill('Typed but not saved');

  const kiosk = await context.newPage();
  await kiosk.clock.install();
  await kiosk.goto(`/station/${station.wsid}?kiosk=1`);
  await expect(kiosk.getByRole('heading', { name: 'Garden' }).first()).toBeVisible();
  for (const p of [page, form, kiosk]) await mark(p);

  const restore = deploy();
  try {
    // The network comes back: every tab looks for an update, and every tab shows the prompt.
    await context.setOffline(true);
    await context.setOffline(false);
    for (const p of [page, form, kiosk]) await expect(p.getByText(PROMPT)).toBeVisible({ timeout: 30_000 });

    // The kiosk, untouched for a minute, applies the update: the new worker takes over every tab.
    await kiosk.clock.fastForward(61_000);
    await expect.poll(() => reloaded(kiosk).catch(() => false), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => reloaded(page).catch(() => false), { timeout: 30_000 }).toBe(true);
    await expect(page.getByText(PROMPT)).toHaveCount(0);

    // The tab with typed input was not reloaded: its text is still there, and so is the prompt (Reload is theirs).
    expect(await reloaded(form)).toBe(false);
    await expect(form.getByLabel('First name')).toHaveValue('Typed but not saved');
    await expect(form.getByText(PROMPT)).toBeVisible();
  } finally {
    restore();
  }
});
