// @vitest-environment happy-dom
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../../domain/contract';

const setMacIdentification = vi.fn();
vi.mock('../../bridge/worker', () => ({
  dataWorker: { setMacIdentification: (...a: unknown[]) => setMacIdentification(...a) },
}));

const { MacIdentification } = await import('./MacIdentification');

const device = { _id: 'd1', wsid: 'w1', name: 'Garden', mac: 'AA:BB:CC:DD:EE:01', macAuth: false } as Device;

function renderIt(d: Device = device, online = true) {
  render(
    <I18nProvider i18n={i18n}>
      <MacIdentification device={d} online={online} />
    </I18nProvider>,
  );
}

const checkbox = () =>
  screen.getByRole('checkbox', { name: 'Accept uploads that identify this station by its MAC address' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const warning = () => screen.queryByRole('note');

describe('identification by MAC on the Weather Server page', () => {
  beforeEach(() => setMacIdentification.mockReset());

  it('shows the MAC, warns when turned on, and saves both', async () => {
    setMacIdentification.mockResolvedValueOnce({ ...device, macAuth: true });
    renderIt();
    expect(screen.getByLabelText('Console MAC address')).toHaveProperty('value', 'AA:BB:CC:DD:EE:01');
    expect(checkbox()).toHaveProperty('checked', false);
    expect(warning()).toBeNull();
    fireEvent.click(checkbox());
    expect(warning()?.textContent).toMatch(/Anyone who knows this MAC address/);
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(setMacIdentification).toHaveBeenCalledWith('d1', { mac: 'AA:BB:CC:DD:EE:01', macAuth: true });
  });

  it('turns it off, and shows the 409 for a MAC another station claimed', async () => {
    renderIt({ ...device, macAuth: true });
    fireEvent.click(checkbox());
    expect(warning()).toBeNull();
    setMacIdentification.mockResolvedValueOnce({ ...device, macAuth: false });
    save();
    await waitFor(() =>
      expect(setMacIdentification).toHaveBeenCalledWith('d1', { mac: 'AA:BB:CC:DD:EE:01', macAuth: false }),
    );
    fireEvent.click(checkbox());
    setMacIdentification.mockRejectedValueOnce({
      message: 'This MAC address already identifies another station',
      code: 409,
    });
    save();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This MAC address already identifies another station',
      ),
    );
  });

  it('checks the MAC before sending: a valid one, and one at all when identifying by it', () => {
    renderIt({ ...device, mac: null });
    fireEvent.click(checkbox());
    save();
    expect(screen.getByRole('alert').textContent).toBe('Enter the MAC address to identify the station by it');
    fireEvent.change(screen.getByLabelText('Console MAC address'), { target: { value: 'zz' } });
    save();
    expect(screen.getByRole('alert').textContent).toBe('Invalid MAC address format');
    expect(setMacIdentification).not.toHaveBeenCalled();
  });

  it('needs a connection to save', () => {
    renderIt(device, false);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });
});
