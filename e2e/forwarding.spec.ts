// Forwarding (issue #17) end to end: the owner adds a custom Wunderground-format target pointing at a local fake
// server on the Weather Server page; the next upload of the station reaches the fake, and the page shows the
// target's last upload time and result (the forwarder's live event).
import { expect, test } from '@playwright/test';
import { FakeNetwork } from '../server/integrations/testing/fake-network';
import { addStation, signUp, upload } from './helpers';

const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp/forwarding-screens';

test('a custom Wunderground-format target receives the next upload and the page shows its time', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const fake = await new FakeNetwork().start();
  try {
    await signUp(page, 'forward');
    const station = await addStation(page, 'Garden', '', 'UTC');
    await page.goto('/server');
    await expect(page.getByRole('heading', { name: 'Forward to weather networks' })).toBeVisible();
    await expect(page.getByText('No upload targets yet.', { exact: false })).toBeVisible();

    await page.getByRole('button', { name: 'Add target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add upload target' });
    await dialog.getByLabel('Network', { exact: true }).selectOption('custom');
    await dialog
      .getByLabel('Server address', { exact: true })
      .fill(`${fake.base}/chain/updateweatherstation.php`);
    await expect(dialog.getByLabel('Format', { exact: true })).toHaveValue('wunderground');
    await dialog.getByLabel('Station ID at the network').fill('CHAIN1');
    await dialog.getByLabel('Key or password at the network').fill('chain-secret-1234');
    await dialog.getByLabel('Interval (seconds)').fill('16');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const target = page.getByTestId('upload-target');
    await expect(target).toHaveCount(1);
    await expect(target.getByTestId('target-key')).toHaveText('••••1234');
    await expect(target.getByTestId('target-last-upload')).toHaveText('Not sent yet');
    await target.getByRole('button', { name: 'Show key' }).click();
    await expect(target.getByTestId('target-key')).toHaveText('chain-secret-1234');
    await target.getByRole('button', { name: 'Hide key' }).click();

    // The console uploads (WSLink, metric): the forwarder passes it on in Wunderground format.
    await upload(request, station, { t1tem: 21.5, t1hum: 63 });
    await expect.poll(() => fake.at('/chain/updateweatherstation.php').length, { timeout: 30_000 }).toBe(1);
    const [sent] = fake.at('/chain/updateweatherstation.php');
    expect(sent.query.get('ID')).toBe('CHAIN1');
    expect(sent.query.get('PASSWORD')).toBe('chain-secret-1234');
    expect(sent.query.get('tempf')).toBe('70.7');
    expect(sent.query.get('humidity')).toBe('63');
    expect(sent.query.get('action')).toBe('updateraw');

    await expect(target.getByTestId('target-last-upload')).not.toHaveText('Not sent yet', {
      timeout: 15_000,
    });
    await expect(target.getByTestId('target-last-result')).toHaveText('Accepted');

    await page.setViewportSize({ width: 390, height: 844 });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/server-targets-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/server-targets-desktop.png`, fullPage: true });
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.screenshot({ path: `${SCREENS}/server-target-dialog-desktop.png` });
  } finally {
    await fake.close();
  }
});
