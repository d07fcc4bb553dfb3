// Issue #14: a paid device type (WBGT, type 10) shows nothing until its plan is paid with the sandbox's test
// card; then its readings appear. A declined card shows its message; an expired or unknown order shows the
// spec's error page; the order list shows orders, deletes with confirmation, and its empty state.
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { jwt, outdoorCard, screenshots, signUp, upload } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/subscriptions';

const shoot = (page: Page, name: string) => screenshots(page, SHOTS, name);

const mac = () =>
  `AA:BB:CC:${Array.from({ length: 3 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  )
    .join(':')
    .toUpperCase()}`;

/** A paid-type station made over REST (the add form's type list is the edit screen's business). */
async function paidStation(request: APIRequestContext, token: string, consoletype = 10) {
  const res = await request.post('/weatherDevices', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Yard WBGT', consoletype, mac: mac(), timezone: 'UTC' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const d = await res.json();
  return { _id: d._id as string, wsid: d.wsid as string, key: d.stationKey as string };
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill(`12${String((new Date().getFullYear() + 3) % 100)}`);
  await page.getByLabel('Security code').fill('123');
}

test('a WBGT station shows its data once its plan is paid with the sandbox test card; a declined card says why', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'payer');
  const token = await jwt(request, account);
  const station = await paidStation(request, token);
  await upload(request, station, { t1tem: 23.4, t1hum: 55 });
  await page.goto('/dashboard');
  const locked = page.getByTestId('plan-locked');
  await expect(locked).toContainText('This station needs a subscription plan to show its data');
  await expect(locked).toContainText(
    'WBGT heat stress monitor stations show their readings with an active plan',
  );
  await expect(outdoorCard(page)).toHaveCount(0);
  await shoot(page, 'dashboard-locked');

  await locked.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/subscription\/plans\?device=/);
  await page.getByRole('radio', { name: /Premium monthly/ }).click();
  await expect(page.getByRole('checkbox', { name: /Yard WBGT/ })).toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText('Total: $2.99');
  await shoot(page, 'plans');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/subscription\/[0-9a-f]{24}\/payment$/);
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByTestId('countdown')).toContainText(/Time left to pay: (30:00|29:\d\d)/);
  await expect(page.getByText('Premium monthly · 1 month')).toBeVisible();

  // The form checks like a real provider before anything is sent.
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByRole('button', { name: /Pay now/ }).click();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  // Stripe's documented decline and insufficient-funds numbers: the sandbox answers their messages.
  await fillCard(page, '4000000000000002');
  await page.getByRole('button', { name: /Pay now/ }).click();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
  await shoot(page, 'payment-declined');
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
  await shoot(page, 'payment-declined-dark');
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light';
  });
  await fillCard(page, '4000000000009995');
  await page.getByRole('button', { name: /Pay now/ }).click();
  await expect(page.getByTestId('payment-error')).toHaveText('Your card has insufficient funds.');

  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /Pay now · \$2\.99/ }).click();
  await expect(page).toHaveURL(/\/subscription\/success\?order=/);
  await expect(page.getByTestId('payment-done')).toHaveText('Thank you! Your plan is active.');
  await shoot(page, 'success');
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('plan-locked')).toHaveCount(0);
  await expect(page.getByTestId('card-outdoor-primary')).toContainText('23.4');
  await shoot(page, 'dashboard-unlocked');

  // The account page names the membership from the plan.
  await page.goto('/account');
  await expect(page.getByText('Premium monthly')).toBeVisible();
});

test('an expired order and an unknown one show the error page', async ({ page, request }) => {
  const account = await signUp(page, 'late');
  const token = await jwt(request, account);
  const station = await paidStation(request, token, 7);
  const plans = await (await request.get('/subscriptionPlans?$paginate=false')).json();
  const yearly = plans.find((p: { name: string }) => p.name === 'Premium yearly');
  const made = await request.post('/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { subscriptionPlan: yearly._id, devices: [station._id] },
  });
  const order = await made.json();
  // The payment page counts down; at zero the order is dead and the page says so.
  const other = await (
    await request.post('/orders', {
      headers: { authorization: `Bearer ${token}` },
      data: { subscriptionPlan: yearly._id, devices: [station._id] },
    })
  ).json();
  await page.clock.install();
  await page.goto(`/subscription/${other._id}/payment`);
  await expect(page.getByTestId('countdown')).toContainText(/Time left to pay: (30:00|29:\d\d)/);
  await page.clock.fastForward('29:00');
  await expect(page.getByTestId('countdown')).toContainText(/Time left to pay: 00:\d\d/);
  await shoot(page, 'payment-last-minute');
  await page.clock.fastForward('01:01');
  await expect(page.getByTestId('order-gone')).toHaveText('Error Occuried');
  // Its time runs out (in the server's database, as 30 minutes would).
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'portal.db'));
  db.prepare('UPDATE orders SET expiresAt = ? WHERE _id = ?').run(Date.now() - 1000, order._id);
  db.close();
  await page.goto(`/subscription/${order._id}/payment`);
  await expect(page.getByTestId('order-gone')).toHaveText('Error Occuried');
  await expect(
    page.getByText('The order cannot be found or the order has expired. Please create a new order.'),
  ).toBeVisible();
  await shoot(page, 'order-expired');
  await page.goto('/subscription/0123456789abcdef01234567/payment');
  await expect(page.getByTestId('order-gone')).toHaveText('Error Occuried');
  await page.getByRole('link', { name: 'Create a new order' }).click();
  await expect(page).toHaveURL(/\/subscription\/plans$/);
});

test('the order list: empty state with a hint to subscribe, orders with their status, delete with confirmation', async ({
  page,
  request,
}) => {
  const account = await signUp(page, 'lister');
  await page.goto('/subscription/orders');
  await expect(page.getByText('No orders found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await shoot(page, 'orders-empty');

  const token = await jwt(request, account);
  const station = await paidStation(request, token, 13);
  await page.goto('/subscription/plans');
  await page.getByRole('radio', { name: /Premium yearly/ }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Subscription Orders' }).click();
  await expect(page).toHaveURL(/\/subscription\/orders$/);
  const orders = page.getByTestId('orders').getByRole('listitem');
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText('Premium yearly');
  await expect(orders.first()).toContainText('$29.90');
  await expect(orders.first().getByTestId('order-status')).toHaveText('Pending');
  await expect(orders.first().getByTestId('countdown')).toBeVisible();
  // A free plan is granted at once: Completed.
  await page.goto(`/subscription/plans?device=${station._id}`);
  await page.getByRole('radio', { name: /Free/ }).click();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('payment-done')).toBeVisible();
  await page.goto('/subscription/orders');
  await expect(orders).toHaveCount(2);
  await expect(orders.first().getByTestId('order-status')).toHaveText('Completed');
  await shoot(page, 'orders');

  await orders.nth(1).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this order?' });
  await expect(dialog).toContainText('The order is cancelled and removed from your list.');
  await shoot(page, 'orders-delete');
  await dialog.getByRole('button', { name: 'Delete order' }).click();
  await expect(orders).toHaveCount(1);
  await orders.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete order' }).click();
  await expect(page.getByText('No orders found')).toBeVisible();
});
