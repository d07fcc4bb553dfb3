// @vitest-environment happy-dom
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const login = vi.fn();
vi.mock('../../bridge/worker', () => ({
  dataWorker: { login: (...a: unknown[]) => login(...a), loadPublicConfig: async () => undefined },
}));

const { default: LoginPage } = await import('./LoginPage');

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/signup/verify', element: <p>verify page</p> },
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

describe('login form', () => {
  beforeEach(() => login.mockReset());

  it('says what is missing before it asks the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Required', 'Required']);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email format is wrong');
    expect(login).not.toHaveBeenCalled();
  });

  it('logs in and opens the dashboard; an unverified user goes to verification', async () => {
    login.mockResolvedValueOnce({ _id: 'u1', email: 'a@b.co', verified: true });
    const router = renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' a@b.co ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('dashboard page');
    expect(login).toHaveBeenCalledWith('a@b.co', 'secret-pass');

    login.mockResolvedValueOnce({ _id: 'u2', email: 'new@b.co', verified: false });
    await router.navigate('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('verify page');
    expect(router.state.location.search).toBe('?email=new%40b.co');
  });

  it('shows the server’s refusal in the error snackbar state', async () => {
    const { useUi } = await import('../../state/ui');
    login.mockRejectedValueOnce(Object.assign(new Error('Invalid login'), { code: 401 }));
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(useUi.getState().errorMessage).toBe('Invalid login'));
  });
});
