// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const worker = vi.hoisted(() => ({
  requestReset: vi.fn(async () => undefined),
  verifyResetCode: vi.fn(async () => undefined),
  resetPassword: vi.fn(async () => undefined),
  loadPublicConfig: vi.fn(async () => undefined),
}));
vi.mock('../../bridge/worker', () => ({ dataWorker: worker }));

const { ResetPasswordPage, ResetRequestPage, ResetVerifyPage } = await import('./ResetPages');

describe('password reset', () => {
  it('code by email → check the code → new password', async () => {
    const router = createMemoryRouter(
      [
        { path: '/login/reset', Component: ResetRequestPage },
        { path: '/login/reset/verify', Component: ResetVerifyPage },
        { path: '/login/reset/reset', Component: ResetPasswordPage },
        { path: '/login', element: <p>login page</p> },
      ],
      { initialEntries: ['/login/reset'] },
    );
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email format is wrong');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Verification code' });
    expect(worker.requestReset).toHaveBeenCalledWith('a@b.co');
    expect(router.state.location.search).toBe('?email=a%40b.co');

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'New password' });
    expect(worker.verifyResetCode).toHaveBeenCalledWith('a@b.co', '123456');

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password is different');
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByRole('heading', { name: 'Password changed' });
    expect(worker.resetPassword).toHaveBeenCalledWith('a@b.co', '123456', 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
