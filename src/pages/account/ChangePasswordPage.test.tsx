// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setHooksDb } from '../../db/hooks';
import { PortalDb } from '../../db/schema';
import { SETTING } from '../../db/settings';
import { DEMO_EMAIL } from '../../domain/demo';

const db = new PortalDb(`change-password-${Math.random()}`);
setHooksDb(db);
const signIn = (email: string) =>
  db.settings.put({
    key: SETTING.auth,
    value: { accessToken: 'jwt', user: { _id: 'u1', email, verified: true } },
  });

const changePassword = vi.fn();
vi.mock('../../bridge/worker', () => ({
  dataWorker: { changePassword: (...a: unknown[]) => changePassword(...a) },
}));

const { default: ChangePasswordPage } = await import('./ChangePasswordPage');

function renderPage() {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <ChangePasswordPage />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('change password form', () => {
  beforeEach(async () => {
    changePassword.mockReset();
    await signIn('someone@example.org');
  });

  it('is disabled for the shared demo account, and says why (issue #20)', async () => {
    await signIn(DEMO_EMAIL);
    renderPage();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(screen.getByRole('note').textContent).toBe(
      'Not available for the demo account: every visitor shares it.',
    );
  });

  it('asks for the old password and the confirmation before sending', () => {
    renderPage();
    submit();
    expect(alerts()).toEqual(['Please Enter Old Password', 'Required', 'Please Confirm New Password']);
    fill('Current password', 'old-secret');
    fill('New password', 'short');
    fill('Confirm new password', 'short');
    submit();
    expect(alerts()).toEqual(['At least 8 alphas']);
    fill('New password', 'long-enough-1');
    fill('Confirm new password', 'long-enough-2');
    submit();
    expect(alerts()).toEqual(['Password is different']);
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('sends a valid form and shows the server’s refusal of a wrong old password', async () => {
    changePassword.mockRejectedValueOnce({ message: 'Fail to Change Password', code: 400 });
    renderPage();
    fill('Current password', 'wrong-old');
    fill('New password', 'long-enough-1');
    fill('Confirm new password', 'long-enough-1');
    submit();
    await waitFor(() => expect(alerts()).toEqual(['Fail to Change Password']));
    expect(changePassword).toHaveBeenCalledWith({
      oldPassword: 'wrong-old',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
    });

    changePassword.mockResolvedValueOnce(undefined);
    fill('Current password', 'right-old');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe('Your password has been changed.');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });
});
