// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEditsDb, setOutboxFlusher } from '../../db/edits';
import { setHooksDb } from '../../db/hooks';
import { PortalDb } from '../../db/schema';
import { SETTING } from '../../db/settings';
import UnitsPage from './UnitsPage';

vi.mock('../../bridge/worker', () => ({ dataWorker: {} }));

const db = new PortalDb(`units-page-${Math.random()}`);
setHooksDb(db);
setEditsDb(db);
setOutboxFlusher(null);
afterAll(() => db.delete());

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.settings.put({
    key: SETTING.auth,
    value: { accessToken: 'jwt', user: { _id: 'u1', email: 'a@b.c', verified: true } },
  });
});

const group = (name: string) => screen.getByRole('group', { name });

describe('unit & display page', () => {
  it('saves a choice at once (settings and the profile patch) and the preview follows', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <UnitsPage />
      </I18nProvider>,
    );
    const preview = screen.getByTestId('units-preview');
    expect(within(preview).getByText('°C')).toBeTruthy();
    expect(
      (within(group('Temperature')).getByRole('radio', { name: '°C' }) as HTMLInputElement).checked,
    ).toBe(true);

    fireEvent.click(within(group('Temperature')).getByRole('radio', { name: '°F' }));
    await waitFor(async () =>
      expect((await db.settings.get(SETTING.units))?.value).toMatchObject({ temperature: 'F' }),
    );
    await waitFor(() => expect(within(preview).getByText('°F')).toBeTruthy());
    expect(within(preview).getByText('74.2')).toBeTruthy(); // 23.46 °C

    fireEvent.click(within(group('Wind speed')).getByRole('radio', { name: 'km/h' }));
    fireEvent.click(within(group('Decimals')).getByRole('radio', { name: '2' }));
    await waitFor(async () =>
      expect((await db.settings.get(SETTING.units))?.value).toMatchObject({
        temperature: 'F',
        windSpeed: 'km/h',
        decimals: 2,
      }),
    );
    const queued = await db.outbox.toArray();
    expect(queued.at(-1)).toMatchObject({
      service: 'users',
      method: 'patch',
      recordId: 'u1',
      data: { displaySetting: { temperature: 'F', windSpeed: 'km/h', decimals: 2 }, temperatureUnit: 'F' },
    });
    expect((await screen.findByRole('status')).textContent).toBe('Saved — will sync when online');
  });

  it('restores the defaults: settings and preview back to °C', async () => {
    await db.settings.put({ key: SETTING.units, value: { temperature: 'F', decimals: 2 } });
    render(
      <I18nProvider i18n={i18n}>
        <UnitsPage />
      </I18nProvider>,
    );
    const preview = screen.getByTestId('units-preview');
    await waitFor(() => expect(within(preview).getByText('°F')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    await waitFor(() => expect(within(preview).getByText('°C')).toBeTruthy());
    await waitFor(async () =>
      expect((await db.settings.get(SETTING.units))?.value).toMatchObject({ temperature: 'C', decimals: 1 }),
    );
    expect(
      (within(group('Temperature')).getByRole('radio', { name: '°C' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
