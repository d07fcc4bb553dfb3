// @vitest-environment happy-dom
// Issue 22: an active alert shows on the dashboard (it was only on the Alert Setting page).
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInDb } from '../../db/testing';

vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    selectDevice: vi.fn(async () => undefined),
    loadSeries: vi.fn(() => new Promise(() => {})),
    loadForecast: vi.fn(async () => undefined),
  },
}));

const { default: DashboardPage } = await import('./DashboardPage');
const db = signedInDb('dashboard-alerts');

describe('dashboard alerts', () => {
  it('shows an active alert of the station, with a link to Alert Setting, and hides it', async () => {
    await db.alerts.put({
      _id: 'a1',
      device: 'd1',
      status: 'active',
      item: 'tempc0',
      lastTrigger: Date.UTC(2026, 10, 26, 9, 30) / 1000,
    });
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </I18nProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    const alert = within(list).getByRole('alert');
    expect(alert.textContent).toContain('Outdoor · Temperature');
    expect(alert.textContent).toContain('Alert since 26/11/2026 9:30 AM');
    expect(within(alert).getByRole('link', { name: 'Alert Setting' }).getAttribute('href')).toBe('/alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Hide alert: Outdoor · Temperature' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Active alerts' })).toBeNull());
  });
});
