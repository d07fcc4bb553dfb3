// Storage that stays (issue 32): after sign-in the app has asked for persistent storage, and Account says what
// this browser holds and how much, in the reader's language.
import { expect, test } from '@playwright/test';
import { addStation, signUp, upload } from './helpers';

test('Account shows what is kept on this device and how much space it takes', async ({ page, request }) => {
  await signUp(page, 'storage');
  const station = await addStation(page, 'Garden');
  await upload(request, station, { t1tem: 19.5, t1hum: 50 });
  await expect(page.getByTestId('card-outdoor-primary')).toContainText('19.5');
  await page.goto('/account');
  const kept = page.getByRole('region', { name: 'Kept on this device' });
  await expect(kept).toBeVisible();
  const used = kept.locator('dt', { hasText: 'Space used' }).locator('+ dd');
  await expect(used).toHaveText(/^[\d.,]+\s?(byte|kB|MB|GB) of [\d.,]+\s?(kB|MB|GB|TB)$/);
  await expect(kept.locator('dt', { hasText: 'Stations' }).locator('+ dd')).toHaveText('1');
  await expect(kept.locator('dt', { hasText: 'Kept when space runs short' }).locator('+ dd')).toHaveText(
    /^(Yes|No)/,
  );

  await page.goto('/account?lang=de');
  await expect(page.getByRole('region', { name: 'Auf diesem Gerät gespeichert' })).toBeVisible();
  await expect(page.getByText('Belegter Speicher')).toBeVisible();
});
