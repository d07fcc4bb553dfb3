// Sign-in extras and the account's country (issue #12) on a server that has social sign-in and captcha
// configured (its own server, port E2E_EXTRAS_PORT, default 4701): the login page offers Google and Facebook
// and the server starts their flow; sign-up loads the captcha, says 'Failed to load script' when it cannot,
// and sends the widget's token (which the server then checks with the provider); the profile form saves a
// country and the Account page shows it with the payment method. Screens at phone and desktop size.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { screenshots, signUp } from './helpers';
import { OwnServer } from './server';

const shots = process.env.SHOTS_DIR ?? join('test-results', 'sign-in-extras-screens');

const shoot = (page: Page, name: string) => screenshots(page, shots, name);

let server: OwnServer;
test.beforeAll(async () => {
  server = await OwnServer.create(Number(process.env.E2E_EXTRAS_PORT ?? 4701), {
    GOOGLE_CLIENT_ID: 'google-id',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    FACEBOOK_CLIENT_ID: 'facebook-id',
    FACEBOOK_CLIENT_SECRET: 'facebook-secret',
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_SECRET: 'captcha-secret',
  });
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
});

test('social sign-in buttons and the captcha appear when configured, with the spec messages', async ({
  page,
  request,
}) => {
  await page.goto(`${server.base}/login`);
  const google = page.getByRole('link', { name: 'Continue with Google' });
  await expect(google).toHaveAttribute('href', '/oauth/google');
  await expect(page.getByRole('link', { name: 'Continue with Facebook' })).toHaveAttribute(
    'href',
    '/oauth/facebook',
  );
  // The server starts the provider's flow (no network here: only the redirect is checked).
  const start = await request.get(`${server.base}/oauth/google`, { maxRedirects: 0 });
  expect([302, 303]).toContain(start.status());
  expect(start.headers().location).toMatch(/^https:\/\/accounts\.google\.com\//);
  await shoot(page, 'login-social');

  // The provider's script cannot load: the spec's message, before anything is sent.
  await page.route('https://www.google.com/recaptcha/**', (route) => route.abort());
  await page.goto(`${server.base}/signup`);
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load script' })).toBeVisible();
  await expect(page.getByText('This form is protected by reCAPTCHA.')).toBeVisible();
  await shoot(page, 'signup-captcha-failed');

  // A widget that answers: its token goes with the sign-up; the server checks it with the provider, which
  // it cannot reach here, and says so (no account is made without the check).
  await page.unroute('https://www.google.com/recaptcha/**');
  await page.route('https://www.google.com/recaptcha/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'window.grecaptcha={ready:function(f){f()},execute:function(){return Promise.resolve("widget-token")}};',
    }),
  );
  await page.goto(`${server.base}/signup`);
  await page.getByLabel('Email').fill(`captcha-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse battery');
  await page.getByLabel('I have read and agree to the Terms and Conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  // (Without a token the answer would be 'captcha token missing': this one means the token was sent.)
  await expect(page.getByText(/captcha could not be checked/i)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the profile form saves a country; the Account page shows it and the payment method', async ({
  page,
}) => {
  // The suite's own server (no captcha there).
  await signUp(page, 'country');
  await page.goto('/account/edit');
  await page.getByLabel('Country').selectOption('CZ');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Saved/ })
      .first(),
  ).toBeVisible();
  await page.goto('/account');
  const facts = page.locator('dl').filter({ hasText: 'Email address' });
  await expect(facts).toContainText('Country');
  await expect(facts).toContainText('Czechia');
  await expect(facts).toContainText('Payment method');
  await shoot(page, 'account');
  // Saved on the server: a fresh sign-in elsewhere shows it too.
  await page.reload();
  await expect(facts).toContainText('Czechia');
});
