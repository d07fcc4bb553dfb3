// Offline said plainly (issue 32): with the network gone the top bar says "Offline" (not "Connecting…") and the
// cards' dots turn grey at once, not a green "Up to date" for the minutes until the reading ages.
import { expect, test } from '@playwright/test';
import { addStation, outdoorCard, signUp, upload } from './helpers';

test('offline: the top bar says Offline and the dots are grey; back online they are green again', async ({
  page,
  context,
  request,
}) => {
  await signUp(page, 'plain');
  const station = await addStation(page, 'Garden');
  await upload(request, station, { t1tem: 21.5, t1hum: 55 });
  const card = outdoorCard(page);
  await expect(card.getByRole('img', { name: 'Up to date' })).toBeVisible();
  const status = page.locator('header output').first();

  await context.setOffline(true);
  await expect(status).toHaveAttribute('aria-label', /^Offline/);
  await expect(status).not.toContainText('Connecting');
  await expect(card.getByRole('img', { name: 'Offline: not updating' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Up to date' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(card.getByRole('img', { name: 'Up to date' })).toBeVisible();
});
