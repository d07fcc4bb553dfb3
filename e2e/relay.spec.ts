// The home relay on the Weather Server page (issue 27): the page offers "Use a relay" with the one-line command
// naming this portal, and once a console's upload came through a relay (a real relay, relay/, started here) the
// page shows the relay as the portal saw it: when, its queue length and version.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RELAY_VERSION } from '../relay/destination';
import { startRelay } from '../relay/relay';
import type { ServerView } from '../src/domain/contract';
import { addStation, api, device, jwt, signUp } from './helpers';

const SCREENS = process.env.E2E_SCREENS_DIR ?? '/tmp/relay-screens';

test('the Weather Server page gives the relay command and shows the relay once uploads come through it', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await signUp(page, 'relay');
  const station = await addStation(page, 'Garden', '', 'UTC');
  await page.goto('/server');
  await expect(page.getByRole('heading', { name: 'Use a relay' })).toBeVisible();
  const command = page.getByTestId('relay-command');
  await expect(command).toHaveText(
    /^npm run relay -- --portal http:\/\/\S+ --listen 8080 --queue \/var\/lib\/weather-relay$/,
  );
  await expect(page.getByTestId('relay-seen')).toHaveText('None yet');

  const queue = mkdtempSync(join(tmpdir(), 'relay-e2e-'));
  const relay = await startRelay({ portal: baseURL!, listen: 0, host: '127.0.0.1', queue, log: () => {} });
  try {
    // The console uploads to the relay (WSLink, no clock of its own); the relay sends it on.
    const q = new URLSearchParams({ wsid: station.wsid, wspw: station.key, t1tem: '18.5', t1hum: '60' });
    const res = await fetch(`${relay.url}/data/upload.php?${q}`);
    expect(await res.text()).toBe('OK');
    await expect.poll(() => relay.status().sent, { timeout: 15_000 }).toBe(1);
  } finally {
    await relay.close();
    rmSync(queue, { recursive: true, force: true });
  }
  // The portal notes the relay after it answered the upload (the console never waits for it): wait for the note,
  // then load the page that reads it.
  const token = await jwt(request, account);
  const { _id } = await device(request, token, station.wsid);
  await expect
    .poll(
      async () =>
        (await api<ServerView>(request, token, `/weatherServer?device=${_id}`)).relay?.status ?? null,
    )
    .not.toBeNull();
  await page.reload();
  await expect(page.getByTestId('relay-seen')).not.toHaveText('None yet', { timeout: 15_000 });
  await expect(page.getByTestId('relay-queued')).toHaveText('0');
  await expect(page.getByText(RELAY_VERSION, { exact: true })).toBeVisible();
  await page.getByRole('heading', { name: 'Use a relay' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/server-relay-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('relay-command').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/server-relay-phone.png` });
});
