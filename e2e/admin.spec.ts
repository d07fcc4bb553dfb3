// The admin area (issue #15), as an admin uses it: ADMIN_EMAILS makes the account an admin once it is verified;
// they find a user by search and edit it, the table state survives a reload, the users table is exported as XLSX
// and CSV (checked cell by cell against the API), a plan is cloned, three orders are deleted in one batch after
// confirmation, and a rejected upload shows on the ingest-health page with its reason within seconds. A
// non-admin gets 403 from the admin API and cannot open the screens. Screens are saved at phone and desktop
// sizes, light and dark (SHOTS_DIR).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { ADMIN_EMAIL } from './admin-email';
import { verificationCode } from './mail';

const shots = process.env.SHOTS_DIR ?? join('test-results', 'admin-screens');
const PASSWORD = 'correct horse battery';
const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
  ['wide', { width: 1920, height: 1080 }],
] as const;

async function shoot(page: Page, name: string, dark = true): Promise<void> {
  mkdirSync(shots, { recursive: true });
  for (const theme of dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const [size, viewport] of SIZES) {
      if (theme === 'dark' && size === 'wide') continue;
      await page.setViewportSize(viewport);
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(shots, `${name}-${size}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  // At 1280 px every column is in view (issue 22: the orders table hid its last under the row actions).
  for (const table of await page.locator('table').all()) {
    const hidden = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(hidden, `${name}: a table wider than its box at 1280 px`).toBeLessThanOrEqual(0);
  }
}

/** Sign-up and verification over the API; answers the account's token and id. */
async function apiAccount(request: APIRequestContext, email: string, firstName: string) {
  const created = await request.post('/users', {
    data: { email, password: PASSWORD, termsAccepted: true, firstName, lastName: 'Buyer' },
  });
  expect(created.status()).toBe(201);
  const code = await verificationCode(email);
  expect((await request.post('/users/verify', { data: { email, code } })).status()).toBe(201);
  const auth = await request.post('/authentication', {
    data: { strategy: 'local', email, password: PASSWORD },
  });
  const body = await auth.json();
  return { token: body.accessToken as string, id: body.user._id as string };
}

const randomMac = () =>
  [
    '02',
    ...Array.from({ length: 5 }, () =>
      Math.floor(Math.random() * 256)
        .toString(16)
        .padStart(2, '0'),
    ),
  ]
    .join(':')
    .toUpperCase();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('an admin manages users, plans and orders, exports, and watches ingest health live', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The admin signs up through the screens with the address named in ADMIN_EMAILS.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('First name').fill('Root');
  await page.getByLabel('I have read and agree to the Terms and Conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\/verify/);
  await page.getByLabel('Verification code').fill(await verificationCode(ADMIN_EMAIL));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const adminAuth = await request.post('/authentication', {
    data: { strategy: 'local', email: ADMIN_EMAIL, password: PASSWORD },
  });
  const adminToken = (await adminAuth.json()).accessToken as string;

  // A buyer (first name that looks like a number: the sheet has it as a number) with a paid-type station and
  // three unpaid orders.
  const tag = Date.now().toString(36);
  const buyerEmail = `buyer-${tag}@example.com`;
  const buyer = await apiAccount(request, buyerEmail, '1234');
  const station = await request.post('/weatherDevices', {
    headers: bearer(buyer.token),
    data: { name: `Roof ${tag}`, consoletype: 7, mac: randomMac(), timezone: 'UTC' },
  });
  expect(station.status(), await station.text()).toBe(201);
  const stationBody = await station.json();
  const plans = await (await request.get('/subscriptionPlans?name=Premium%20monthly')).json();
  const monthly = (Array.isArray(plans) ? plans : plans.data)[0];
  for (let i = 0; i < 3; i++) {
    const order = await request.post('/orders', {
      headers: bearer(buyer.token),
      data: { subscriptionPlan: monthly._id, devices: [stationBody._id] },
    });
    expect(order.status(), await order.text()).toBe(201);
  }
  // A fourth order paid by card (the sandbox provider), to be refunded by the admin.
  const paid = await (
    await request.post('/orders', {
      headers: bearer(buyer.token),
      data: { subscriptionPlan: monthly._id, devices: [stationBody._id] },
    })
  ).json();
  const year = new Date().getFullYear() + 2;
  const charge = await request.post('/payments', {
    headers: bearer(buyer.token),
    data: { order: paid._id, card: { number: '4242424242424242', expMonth: 12, expYear: year, cvc: '123' } },
  });
  expect(charge.status(), await charge.text()).toBe(201);
  expect((await charge.json()).order.status).toBe('done');

  // A non-admin: 403 from the admin API, and the screens send them back to the dashboard.
  for (const path of ['/admin/users', '/admin/devices', '/admin/ingestHealth'])
    expect((await request.get(path, { headers: bearer(buyer.token) })).status()).toBe(403);
  expect(
    (
      await request.patch(`/orders/${'0'.repeat(24)}`, {
        headers: bearer(buyer.token),
        data: { status: 'done' },
      })
    ).status(),
  ).toBe(403);

  // Find the buyer by search, then edit them.
  await expect(page.getByRole('link', { name: 'Ingest health' })).toBeVisible();
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users/);
  const table = page.getByRole('table');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`buyer-${tag}`);
  await expect(page).toHaveURL(new RegExp(`search=buyer-${tag}`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(buyerEmail);
  await shoot(page, 'users');
  await page.getByRole('link', { name: `Edit ${buyerEmail}` }).click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\/[0-9a-f]{24}\?/);
  const editor = page.getByRole('dialog');
  await expect(editor.getByLabel('Email')).toHaveValue(buyerEmail);
  await shoot(page, 'user-editor', false);
  await editor.getByLabel('Last name').fill('Edited');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/users\?/);
  await expect(table.getByRole('row').nth(1)).toContainText('Edited');
  expect(
    (await (await request.get(`/admin/users/${buyer.id}`, { headers: bearer(adminToken) })).json()).lastName,
  ).toBe('Edited');

  // Table state in the query string: page size, order and search come back after a reload.
  await page.getByLabel('Rows per page').selectOption('5');
  await page.getByRole('button', { name: 'Email' }).click();
  await page.getByRole('button', { name: 'Email' }).click();
  await expect(page).toHaveURL(/rowsPerPage=5/);
  await expect(page).toHaveURL(/sortBy=email&descending=true/);
  await expect(page).toHaveURL(/total=\d+/);
  const before = await table.getByRole('row').allTextContents();
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByLabel('Rows per page')).toHaveValue('5');
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => table.getByRole('row').allTextContents()).toEqual(before);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(`buyer-${tag}`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(page).not.toHaveURL(/search=/);
  await expect(page).toHaveURL(/total=([2-9]|\d\d)/);

  // Export: every user in this order, XLSX then CSV, checked cell by cell against the API; the picture column
  // holds each account's picture URL as the server serves it, in rows 64 px (48 pt) high.
  const origin = new URL(page.url()).origin;
  const expected = [] as (string | number | null)[][];
  for (let skip = 0; ; skip += 100) {
    const res = await request.get(`/admin/users?$sort[email]=-1&$limit=100&$skip=${skip}`, {
      headers: bearer(adminToken),
    });
    const pageOf = await res.json();
    for (const u of pageOf.data)
      expected.push([
        `${origin}/users/pic/${u._id}`,
        u.email,
        u.firstName,
        u.lastName,
        String(u.verified),
        u.adminType ?? null,
        u.createdAt,
      ]);
    if (pageOf.data.length < 100) break;
  }
  expect(expected.some((r) => r[2] === '1234')).toBe(true);
  const exportAs = async (format: 'xlsx' | 'csv') => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export table' });
    if (format === 'csv') await dialog.getByLabel('Format').selectOption('csv');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Start export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^admin-users-\\d{4}-\\d{2}-\\d{2}-\\d{6}\\.${format}$`),
    );
    await expect(page.getByRole('dialog', { name: 'Export ready' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    return readFileSync((await file.path())!);
  };
  const header = ['Picture', 'Email', 'First name', 'Last name', 'Status', 'Role', 'Signed up'];
  const xlsx = await exportAs('xlsx');
  const sheet = (await readSheet(xlsx)) as unknown[][];
  expect(sheet[0]).toEqual(header);
  const rowsXml = strFromU8(unzipSync(new Uint8Array(xlsx))['xl/worksheets/sheet1.xml']);
  expect(rowsXml.match(/<row r="\d+" ht="48" customHeight="1">/g)).toHaveLength(expected.length);
  expect(sheet.length - 1).toBe(expected.length);
  for (const [i, row] of expected.entries())
    for (const [j, cell] of row.entries()) {
      // Numeric-looking text is a number in the sheet; empty text an empty cell.
      const want = typeof cell === 'string' && /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell || null;
      expect(sheet[i + 1][j], `xlsx row ${i + 2} column ${header[j]}`).toEqual(want);
    }

  const csv = (await exportAs('csv')).toString('utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(header.join(','));
  expect(lines.length - 1).toBe(expected.length);
  for (const [i, row] of expected.entries())
    expect(lines[i + 1], `csv row ${i + 2}`).toBe(row.map((c) => (c === null ? '' : String(c))).join(','));

  // Clone a plan: the copy is a new draft with the same terms.
  await page.goto('/admin/plans');
  await expect(page.getByRole('table')).toContainText('Premium yearly');
  await shoot(page, 'plans');
  await page.getByRole('link', { name: 'Clone Premium yearly' }).click();
  await expect(page).toHaveURL(/\/admin\/plans\/edit\?clone=[0-9a-f]{24}/);
  const planEditor = page.getByRole('dialog');
  await expect(planEditor.getByLabel('Name')).toHaveValue('Premium yearly (copy)');
  await expect(planEditor.getByLabel('Price')).toHaveValue('29.90');
  await shoot(page, 'plan-editor', false);
  await planEditor.getByRole('button', { name: 'Save' }).click();
  await expect(planEditor).toBeHidden();
  await expect(page.getByRole('table')).toContainText('Premium yearly (copy)');
  const copies = await (
    await request.get(`/subscriptionPlans?name=${encodeURIComponent('Premium yearly (copy)')}`, {
      headers: bearer(adminToken),
    })
  ).json();
  expect(copies.data).toHaveLength(1);
  expect(copies.data[0]).toMatchObject({ price: 2990, months: 12, status: 'draft' });

  // Refund the paid order through the payment provider.
  await page.goto(`/admin/orders?user=${buyer.id}`);
  const orders = page.getByRole('table');
  await expect(orders.getByRole('row')).toHaveCount(5);
  await expect(orders).toContainText(buyerEmail);
  await shoot(page, 'orders');
  const paidRow = orders.getByRole('row').filter({ hasText: 'Completed' });
  await expect(paidRow).toHaveCount(1);
  await paidRow.getByRole('combobox').selectOption('refunded');
  const refund = page.getByRole('alertdialog', { name: 'Refund' });
  await expect(refund).toContainText('given back through the payment provider');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();
  await expect(orders.getByRole('row').filter({ hasText: 'Refunded' })).toHaveCount(1);
  const refunded = await (await request.get(`/orders/${paid._id}`, { headers: bearer(adminToken) })).json();
  expect(refunded).toMatchObject({ status: 'refunded', refundRef: expect.stringMatching(/^sandbox_re_/) });

  // Batch-delete the buyer's three unpaid orders after confirmation.
  await page.goto(`/admin/orders?user=${buyer.id}&status=pending`);
  await expect(orders.getByRole('row')).toHaveCount(4);
  await page.getByRole('checkbox', { name: 'Select all rows of this page' }).check();
  await page.getByRole('button', { name: 'Delete 3 selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete' });
  await expect(confirm).toContainText('Delete 3 selected items? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No result')).toBeVisible();
  const left = await (await request.get(`/orders?user=${buyer.id}`, { headers: bearer(adminToken) })).json();
  expect(left.data.map((o: { _id: string }) => o._id)).toEqual([paid._id]);

  // Stations: the buyer's station with its owner, type and share mode.
  await page.goto('/admin/devices');
  await page.getByRole('searchbox', { name: 'Search' }).fill(stationBody.wsid);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table')).toContainText(buyerEmail);
  await shoot(page, 'devices');
  // The owner's cell links to the owner's account with its editor open (/{source}?query&editor={id}).
  await page.getByRole('link', { name: buyerEmail }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?_id=${buyer.id}(&total=1)?&editor=${buyer.id}`));
  const ownerEditor = page.getByRole('dialog', { name: `Edit ${buyerEmail}` });
  await expect(ownerEditor.getByLabel('Email')).toHaveValue(buyerEmail);
  await ownerEditor.getByRole('button', { name: 'Cancel' }).click();
  await expect(ownerEditor).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?_id=${buyer.id}`));
  await expect(page).not.toHaveURL(/editor=/);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);

  // Give the station to another account, picked by autocomplete on the accounts.
  await page.goto(`/admin/devices?search=${stationBody.wsid}`);
  await page.getByRole('link', { name: `Edit Roof ${tag} (${stationBody.wsid})` }).click();
  const stationEditor = page.getByRole('dialog');
  await expect(stationEditor.getByRole('combobox', { name: 'Owner' })).toHaveValue(
    `1234 Edited <${buyerEmail}>`,
  );
  await stationEditor.getByRole('combobox', { name: 'Owner' }).fill('admin@e2e');
  await page.getByRole('option', { name: `Root <${ADMIN_EMAIL}>` }).click();
  await stationEditor.getByLabel('Who can see its data').selectOption('public');
  await stationEditor.getByRole('button', { name: 'Save' }).click();
  await expect(stationEditor).toBeHidden();
  const stationRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(stationRow).toContainText(ADMIN_EMAIL);
  await expect(stationRow).toContainText('Everyone');

  // Ingest health: a rejected upload's reason shows within seconds.
  await page.goto('/admin/ingest');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const wrong = await request.get(`/data/upload.php?wsid=${stationBody.wsid}&wspw=not-the-key&t1tem=20`);
  expect(wrong.status()).toBe(401);
  const rejected = page.getByRole('list', { name: 'Rejected uploads' });
  const first = rejected.getByRole('listitem').filter({ hasText: stationBody.wsid }).first();
  await expect(first).toContainText('Wrong station ID or key', { timeout: 5000 });
  await expect(first).toContainText('Wrong station key');
  const ok = await request.get(
    `/data/upload.php?wsid=${stationBody.wsid}&wspw=${stationBody.stationKey}&t1tem=999&t1hum=50`,
  );
  expect(ok.status()).toBe(200);
  await expect(rejected.getByText('Values out of range (dropped)').first()).toBeVisible({ timeout: 5000 });
  await expect(rejected).toContainText('tempc0=999');
  await shoot(page, 'ingest-health');
});
