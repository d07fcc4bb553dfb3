// The account journeys a user makes through the screens (issue 30): a password reset by the mailed code, a
// password change, logging out, deleting the account, units chosen on the Unit & Display page, and the
// owner's own data export from /export with the file's content checked. The config's server: mails are files
// in E2E_DATA_DIR/outbox (no SMTP).
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, addStation, signUp, upload, zoneAwayFromMidnight } from './helpers';
import { resetCode } from './mail';

/** POST /authentication with the account's password: the HTTP status (201 signed in, 401 refused). */
async function signInStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const res = await request.post('/authentication', { data: { strategy: 'local', email, password } });
  return res.status();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** Log Out from the Account page's link: back on the login page, and signed out (the dashboard sends there). */
async function logOut(page: Page) {
  await page.goto('/account');
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: 'Log Out' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
}

test('a forgotten password is reset with the mailed code; the new one signs in, the old one no more', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'reset');
  await logOut(page);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/reset$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/login\/reset\/verify/);
  await page.getByLabel('Verification code').fill(await resetCode(account.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/login\/reset\/reset/);
  const password = 'a new and longer one';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('You can now log in with your new password.')).toBeVisible();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect(await signInStatus(request, account.email, account.password)).toBe(401);
  await logIn(page, account.email, password);
});

test('a password changed on its page: logged out, the new one signs in and the old one is refused', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'change');
  await page.goto('/account');
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: 'Change password' })
    .click();
  await expect(page).toHaveURL(/\/profile\/changePassword$/);
  const password = 'another good passphrase';
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await logOut(page);
  expect(await signInStatus(request, account.email, account.password)).toBe(401);
  await logIn(page, account.email, password);
  // The same account, under its address.
  await page.goto('/account');
  await expect(page.getByRole('definition').filter({ hasText: account.email })).toBeVisible();
});

test('deleting the account asks for the password and a tick, then nothing of it signs in again', async ({
  page,
  request,
}) => {
  const account: Account = await signUp(page, 'delete');
  const station = await addStation(page, 'Doomed', '', 'UTC');
  await upload(request, station, { t1tem: 10, t1hum: 50 });

  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  // Neither the password nor the tick given: it says so and deletes nothing.
  await expect(dialog.getByText('Tick the box to confirm.')).toBeVisible();
  expect(await signInStatus(request, account.email, account.password)).toBe(201);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByLabel('I understand that this cannot be undone.').check();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  // Back at the login page: by the dialog's own navigation, or first by the session's end reaching this tab
  // (issue 20: a deletion ends every session), which remembers the page it left (?next=).
  await expect(page).toHaveURL(/\/login(\?next=%2Faccount)?$/);

  expect(await signInStatus(request, account.email, account.password)).toBe(401);
  // The station went with it: its console's uploads are refused.
  const res = await request.get(`/data/upload.php?wsid=${station.wsid}&wspw=${station.key}&t1tem=11`);
  expect(res.status()).not.toBe(200);
});

test('units chosen on the Unit & Display page: the dashboard shows °F and the account keeps it', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'unitpage');
  const station = await addStation(page, 'Garden', '', 'UTC');
  await upload(request, station, { t1tem: 20, t1hum: 50 });
  const primary = page.getByTestId('card-outdoor-primary');
  await expect(primary).toContainText('20.0');
  await expect(primary).toContainText('°C');

  await page.goto('/displaySetting');
  await page.getByRole('group', { name: 'Temperature' }).getByLabel('°F').check();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(primary).toContainText('68.0');
  await expect(primary).toContainText('°F');

  // Kept by the server, not only in this browser.
  const auth = await (
    await request.post('/authentication', {
      data: { strategy: 'local', email: account.email, password: account.password },
    })
  ).json();
  // The edit goes through the outbox: delivered once the data worker runs, which may be after the screen shows it.
  const stored = async () =>
    (
      await (
        await request.get(`/users/${auth.user._id}`, {
          headers: { authorization: `Bearer ${auth.accessToken}` },
        })
      ).json()
    ).displaySetting;
  await expect.poll(stored).toMatchObject({ temperature: 'F' });
});

test("the owner's export from /export is a CSV of the station's 5-minute readings", async ({
  page,
  request,
}) => {
  await signUp(page, 'export');
  const timeZone = zoneAwayFromMidnight();
  const station = await addStation(page, 'Garden', '', timeZone);
  // Two readings in two 5-minute buckets of today (the zone is 03:00..21:00 now), sent with their times.
  const t0 = Math.floor(Date.now() / 1000 / 300) * 300 - 900;
  await upload(request, station, { t1tem: 12.3, t1hum: 40 }, { time: t0, timeZone });
  await upload(request, station, { t1tem: 14.5, t1hum: 45 }, { time: t0 + 300, timeZone });

  await page.goto('/export');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Export the readings of Garden');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${station.wsid}_\\d{8}_\\d{8}\\.csv$`));
  await expect(dialog).toContainText(`The file ${file.suggestedFilename()} has been downloaded.`);

  const text = readFileSync(await file.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [names, units, ...rows] = text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  const temp = names.indexOf('Outdoor · Temperature');
  const hum = names.indexOf('Outdoor · Humidity');
  expect(names[0]).toBe('Time');
  expect([units[temp], units[hum]]).toEqual(['°C', '%']);
  // Local wall times of the station's zone, as the console sent them.
  const local = (t: number) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(t * 1000);
  expect(rows.map((r) => [r[0], r[temp], r[hum]])).toEqual([
    [local(t0), '12.3', '40'],
    [local(t0 + 300), '14.5', '45'],
  ]);
});
