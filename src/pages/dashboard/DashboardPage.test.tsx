// @vitest-environment happy-dom
// The dashboard (issue #12): `/dashboard?device=<id>` (the link of an alert e-mail or notification) opens that
// station even when another one is selected, then drops the parameter; an unknown id changes nothing. A failed
// station list with nothing kept says so with a retry, not 'No stations are found'. 'Not uploaded yet' is said
// only when the server knows of no upload.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSetting, SETTING, setSetting } from '../../db/settings';
import { signedInDb, TEST_DEVICE } from '../../db/testing';

const selectDevice = vi.hoisted(() => vi.fn(async () => undefined));
const reload = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    selectDevice,
    reload,
    loadSeries: vi.fn(() => new Promise(() => {})),
    loadForecast: vi.fn(async () => undefined),
  },
}));

const { default: DashboardPage } = await import('./DashboardPage');

const db = signedInDb('device-link');

beforeEach(async () => {
  selectDevice.mockClear();
  await db.devices.put({ ...TEST_DEVICE, _id: 'd2', wsid: 'W2', name: 'Roof' });
  await db.devices.delete('d3');
  await setSetting(db, SETTING.lastViewDevice, 'd1');
  await setSetting(db, SETTING.connection, undefined);
});

function open(path: string) {
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: [path],
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('dashboard ?device=', () => {
  it('opens the alerting station although another one is selected, and drops the parameter', async () => {
    const router = open('/dashboard?device=d2');
    await waitFor(async () => expect(await getSetting(db, SETTING.lastViewDevice)).toBe('d2'));
    expect(selectDevice).toHaveBeenCalledWith('d2');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('an id not in the loaded list changes nothing', async () => {
    await setSetting(db, SETTING.connection, { online: true, auth: 'authenticated', devices: 'loaded' });
    const router = open('/dashboard?device=nope');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await getSetting(db, SETTING.lastViewDevice)).toBe('d1');
  });

  it('a station not kept yet is waited for until the list from the server is in', async () => {
    await setSetting(db, SETTING.connection, { online: true, auth: 'authenticated', devices: 'loading' });
    const router = open('/dashboard?device=d3');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.search).toBe('?device=d3');
    // The list arrives with the station shared a moment ago.
    await db.devices.put({ ...TEST_DEVICE, _id: 'd3', wsid: 'W3', name: 'Shed' });
    await setSetting(db, SETTING.connection, { online: true, auth: 'authenticated', devices: 'loaded' });
    await waitFor(async () => expect(await getSetting(db, SETTING.lastViewDevice)).toBe('d3'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a failed station list with nothing kept: the error and a retry, not "No stations are found"', async () => {
    await db.devices.clear();
    await setSetting(db, SETTING.connection, { online: true, auth: 'authenticated', devices: 'error' });
    open('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain('The station list could not be loaded.');
    expect(screen.queryByText('No stations are found')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('says the station sent nothing only when the server knows of no upload, not while its readings are on the way', async () => {
    // Nothing held here for d1: a station that never uploaded gets the notice.
    await db.devices.put({ ...TEST_DEVICE, lastUpload: null });
    open('/dashboard');
    expect(await screen.findByText('This station has not uploaded any readings yet.')).toBeTruthy();
    // The server knows of an upload (a cold start's sync stored the station before its readings): no notice that
    // would come and go under the reader, moving the cards.
    await db.devices.put({ ...TEST_DEVICE, lastUpload: 1_700_000_000 });
    await waitFor(() =>
      expect(screen.queryByText('This station has not uploaded any readings yet.')).toBeNull(),
    );
  });
});
