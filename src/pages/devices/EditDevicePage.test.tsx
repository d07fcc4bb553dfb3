// @vitest-environment happy-dom
// Edit station (issue #12): the form refuses what spec §5 refuses (with its messages) and queues only the
// changed fields; channel names keep their order; min/max reset and deleting ask first and then go through
// the outbox; deleting from the list asks too.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInDb, TEST_DEVICE } from '../../db/testing';
import DevicesPage from './DevicesPage';
import EditDevicePage from './EditDevicePage';
import { editPatch, editValues, validateEdit } from './editDevice';

vi.mock('../../bridge/worker', () => ({
  dataWorker: { loadDevicePlan: async () => null, reload: async () => undefined },
}));

const db = signedInDb('edit-device');

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/devices', element: <DevicesPage /> },
      { path: '/devices/:id/edit', element: <EditDevicePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('edit rules', () => {
  it('refuses an empty name, half a position, an elevation out of range and an empty backlight period', () => {
    const v = editValues(TEST_DEVICE);
    expect(validateEdit(v)).toEqual({});
    expect(validateEdit({ ...v, name: '  ' })).toEqual({ name: 'required' });
    expect(validateEdit({ ...v, latitude: '22.3' })).toEqual({ position: 'invalidLatLng' });
    expect(validateEdit({ ...v, latitude: '95', longitude: '10' })).toEqual({ position: 'invalidLatLng' });
    expect(validateEdit({ ...v, elevation: '9001' })).toEqual({ elevation: 'wrongInputRange' });
    expect(validateEdit({ ...v, elevation: 'high' })).toEqual({ elevation: 'wrongInput' });
    expect(validateEdit({ ...v, backlight: 'period', highFrom: '07:00', lowFrom: '07:00' })).toEqual({
      backlight: 'invalidTimePeriod',
    });
  });

  it('climate settings (issue 26): bounds like the server, empty is the default, only changes are patched', () => {
    const v = editValues(TEST_DEVICE);
    expect(validateEdit({ ...v, anemometerHeight: '0.2' })).toEqual({ anemometerHeight: 'wrongInputRange' });
    expect(validateEdit({ ...v, degreeDayBase: 'warm' })).toEqual({ degreeDayBase: 'wrongInput' });
    expect(validateEdit({ ...v, gddBase: '31' })).toEqual({ gddBase: 'wrongInputRange' });
    expect(
      editPatch(TEST_DEVICE, { ...v, anemometerHeight: '3', rainSeasonStart: '7', degreeDayBase: '15.5' }),
    ).toEqual({
      anemometerHeight: 3,
      rainSeasonStart: 7,
      degreeDayBase: 15.5,
    });
    const set = { ...TEST_DEVICE, gddBase: 8 };
    expect(editPatch(set, { ...editValues(set), gddBase: '' })).toEqual({ gddBase: null });
  });

  it('patches only what changed', () => {
    const v = editValues(TEST_DEVICE);
    expect(editPatch(TEST_DEVICE, v)).toEqual({});
    expect(
      editPatch(TEST_DEVICE, { ...v, name: ' Roof ', latitude: '1.5', longitude: '2', shareMode: 'unlist' }),
    ).toEqual({
      name: 'Roof',
      latitude: 1.5,
      longitude: 2,
      shareMode: 'unlist',
    });
  });
});

describe('edit station page', () => {
  it('shows the spec messages and queues nothing until the form is valid, then only the changed fields', async () => {
    open('/devices/d1/edit');
    const name = (await screen.findByLabelText('Station name')) as HTMLInputElement;
    // The form fills in from Dexie after its first render: edit only once the station's values are there.
    await waitFor(() => expect(name.value).toBe('Garden'));
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '91' } });
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save station' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Invalid Latitude or Longitude')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(name, { target: { value: 'Roof' } });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '22.5' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Asia/Tokyo' } });
    fireEvent.change(screen.getByLabelText('Station data sharing'), { target: { value: 'public' } });
    fireEvent.click(screen.getByLabelText('Show visitors the exact position'));
    fireEvent.click(screen.getByRole('button', { name: 'Save station' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      service: 'weatherDevices',
      method: 'patch',
      recordId: 'd1',
      data: {
        name: 'Roof',
        latitude: 22.5,
        longitude: 10,
        timezone: 'Asia/Tokyo',
        shareMode: 'public',
        exactPosition: true,
      },
    });
    expect(await db.devices.get('d1')).toMatchObject({ name: 'Roof', timezone: 'Asia/Tokyo' });
    // The store's new answer reaches the page a moment later (db/store.ts batches them).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Roof'));
  });

  it('saves channel names in the order the user puts them', async () => {
    open('/devices/d1/edit');
    fireEvent.change(await screen.findByLabelText('Channel 1'), { target: { value: 'Cellar' } });
    fireEvent.change(screen.getByLabelText('Channel 3'), { target: { value: 'Attic' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move channel 3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move channel 3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save channel names' }));
    await waitFor(async () =>
      expect((await db.devices.get('d1'))?.channelNameMapping).toEqual([
        { channel: 3, name: 'Attic' },
        { channel: 1, name: 'Cellar' },
      ]),
    );
  });

  it('resets the min/max only after confirming', async () => {
    open('/devices/d1/edit');
    fireEvent.click(await screen.findByRole('button', { name: "Reset today's min/max" }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: "Reset today's min/max" }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const reset = (await db.devices.get('d1'))?.lastMinMaxReset ?? 0;
    expect(Math.abs(reset - Date.now() / 1000)).toBeLessThan(5);
    expect(await screen.findByTestId('last-reset')).toBeTruthy();
  });

  it('deletes the station after confirming, through the outbox', async () => {
    const router = open('/devices/d1/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete station' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete Garden?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await db.devices.count()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Delete station' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete station' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
    expect(await db.devices.count()).toBe(0);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ service: 'weatherDevices', method: 'remove', recordId: 'd1' }),
    ]);
  });

  it('asks before deleting from the list; a station of someone else has no edit or delete', async () => {
    await db.devices.put({
      ...TEST_DEVICE,
      _id: 'p1',
      wsid: 'P1',
      name: 'Harbour',
      user: 'u9',
      shareMode: 'public',
    });
    open('/devices');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Garden' }));
    expect(within(await screen.findByRole('alertdialog')).getByRole('heading').textContent).toBe(
      'Delete Garden?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await db.devices.count()).toBe(2);
    expect(screen.queryByRole('link', { name: 'Edit Harbour' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Harbour' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Harbour from your list' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Garden' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete station' }),
    );
    await waitFor(async () => expect(await db.devices.get('d1')).toBeUndefined());
    await waitFor(() => expect(screen.queryByText('Garden')).toBeNull());
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ method: 'remove', recordId: 'd1' }),
    ]);
  });

  it('shows a failed list load with a retry', async () => {
    await db.settings.put({
      key: 'connection',
      value: { online: true, auth: 'authenticated', devices: 'error' },
    });
    open('/devices');
    expect((await screen.findByRole('alert')).textContent).toContain('The station list could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
