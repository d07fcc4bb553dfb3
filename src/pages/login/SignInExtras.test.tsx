// @vitest-environment happy-dom
// Sign-in extras (issue #12): social sign-in buttons for the providers GET /config names; the token a social
// sign-in hands back in /login#access_token=… signs in (and leaves the address bar), its #error= is shown; the
// captcha's failures have the spec's messages.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaError, captchaToken, loadCaptcha } from '../../components/captcha';
import { setHooksDb } from '../../db/hooks';
import { PortalDb } from '../../db/schema';
import { SETTING, setSetting } from '../../db/settings';
import { useUi } from '../../state/ui';

const loginWithToken = vi.hoisted(() => vi.fn());
vi.mock('../../bridge/worker', () => ({
  dataWorker: { login: vi.fn(), loginWithToken, loadPublicConfig: async () => undefined },
}));

const { default: LoginPage } = await import('./LoginPage');

const db = new PortalDb(`extras-${Math.random()}`);
setHooksDb(db);

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('social sign-in', () => {
  beforeEach(async () => {
    await db.settings.clear();
    loginWithToken.mockReset();
    useUi.getState().clearError();
    history.replaceState(null, '', '/login');
  });

  it('offers a button per configured provider, none when none is', async () => {
    renderLogin();
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    await setSetting(db, SETTING.publicConfig, { captcha: null, oauth: ['google', 'facebook'] });
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/oauth/google');
    expect(screen.getByRole('link', { name: 'Continue with Facebook' }).getAttribute('href')).toBe(
      '/oauth/facebook',
    );
  });

  it("signs in with the token in the address's fragment, which then leaves the address bar", async () => {
    history.replaceState(null, '', '/login#access_token=jwt-from-oauth');
    loginWithToken.mockResolvedValue({ _id: 'u1', email: 'a@b.c', verified: true });
    const router = renderLogin();
    await waitFor(() => expect(loginWithToken).toHaveBeenCalledWith('jwt-from-oauth'));
    expect(location.hash).toBe('');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the provider's error", async () => {
    history.replaceState(
      null,
      '',
      '/login#error=Your%20account%20with%20this%20provider%20has%20no%20e-mail',
    );
    renderLogin();
    await waitFor(() =>
      expect(useUi.getState().errorMessage).toBe('Your account with this provider has no e-mail'),
    );
    expect(loginWithToken).not.toHaveBeenCalled();
  });
});

describe('captcha', () => {
  afterEach(() => {
    delete (globalThis as { grecaptcha?: unknown }).grecaptcha;
  });

  it('needs a site key and a version', async () => {
    await expect(loadCaptcha(undefined, 3)).rejects.toMatchObject({ reason: 'noKey' });
    await expect(loadCaptcha('key', 0)).rejects.toMatchObject({ reason: 'noVersion' });
  });

  it('asks the provider for a token for the action; its failure is "Failed to execute"', async () => {
    const execute = vi.fn(async () => 'token-1');
    (globalThis as { grecaptcha?: unknown }).grecaptcha = { ready: (cb: () => void) => cb(), execute };
    expect(await captchaToken('key', 3, 'signup')).toBe('token-1');
    expect(execute).toHaveBeenCalledWith('key', { action: 'signup' });
    execute.mockRejectedValueOnce(new Error('boom'));
    const failed = await captchaToken('key', 3, 'signup').catch((e) => e);
    expect(failed).toBeInstanceOf(CaptchaError);
    expect(failed.reason).toBe('executeFailed');
  });
});
