// @vitest-environment happy-dom
// Issue 22: every station at a glance — the user's and shared stations with live values and online/silent
// state; a tile opens the station's dashboard.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getSetting, SETTING } from '../../db/settings';
import { signedInDb, TEST_DEVICE } from '../../db/testing';

const worker = vi.hoisted(() => ({ selectDevice: vi.fn(async () => undefined) }));
vi.mock('../../bridge/worker', () => ({ dataWorker: worker }));
const { default: StationsPage } = await import('./StationsPage');
const db = signedInDb('stations-page');
const now = Math.floor(Date.now() / 1000);

describe('all stations', () => {
  it("shows each station's live values and whether it is online or silent, and opens its dashboard", async () => {
    await db.devices.put({
      ...TEST_DEVICE,
      _id: 'd2',
      wsid: 'W2',
      name: 'Cottage',
      user: 'u9',
      shareUsers: ['u1'],
    });
    await db.devices.put({ ...TEST_DEVICE, _id: 'd3', wsid: 'W3', name: 'Roof', lastUpload: null });
    await db.live.put({ device: 'd1', time: now - 60, tempc0: 21.5, humc0: 55, relbaro: 1012 } as never);
    await db.live.put({ device: 'd2', time: Date.UTC(2026, 10, 20, 8, 0) / 1000, tempc0: 3 } as never);
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/stations']}>
          <Routes>
            <Route path="/stations" element={<StationsPage />} />
            <Route path="/dashboard" element={<p>dashboard page</p>} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>,
    );
    const garden = await screen.findByRole('article', { name: 'Garden' });
    await waitFor(() =>
      expect(within(garden).getByTestId('station-state').textContent).toMatch(/^Online · updated/),
    );
    expect(within(garden).getByText('Outdoor').nextElementSibling?.textContent).toBe('21.5 °C');
    // The pressure the station has, though the setting is Absolute.
    expect(within(garden).getByText('Pressure').nextElementSibling?.textContent).toBe('1,012.0 hPa');

    const cottage = screen.getByRole('article', { name: 'Cottage' });
    expect(within(cottage).getByText('Shared')).toBeTruthy();
    expect(within(cottage).getByTestId('station-state').textContent).toBe('Silent since 20/11/2026 8:00 AM');
    expect(
      within(screen.getByRole('article', { name: 'Roof' })).getByTestId('station-state').textContent,
    ).toBe('No upload yet');
    // Every station is watched while the overview is open.
    expect(worker.selectDevice).toHaveBeenCalledWith(expect.anything(), true);

    fireEvent.click(within(cottage).getByRole('button', { name: 'Open dashboard: Cottage' }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(await getSetting(db, SETTING.lastViewDevice)).toBe('d2');
  });
});
