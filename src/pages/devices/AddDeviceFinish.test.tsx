// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM": {"url": "http://localhost:3030/devices"}}
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { setupTemplates } from '../../../server/ingest/protocols';
import type { WeatherServerView } from '../../../workers/api';
import { SETTING, setSetting, weatherServerKey } from '../../db/settings';
import { signedInDb } from '../../db/testing';
import type { Device } from '../../domain/contract';
import { AddDeviceFinish } from './AddDeviceFinish';

vi.mock('../../bridge/worker', () => ({
  dataWorker: { loadWeatherServer: vi.fn(async () => null), loadPublicConfig: vi.fn(async () => null) },
}));
const db = signedInDb('add-finish');

const device = { _id: 'd1', wsid: 'abc123', stationKey: 'Key42xyz', name: 'Garden' } as Device;
const renderFinish = () =>
  render(
    <I18nProvider i18n={i18n}>
      <AddDeviceFinish device={device} onDone={() => {}} />
    </I18nProvider>,
  );

it('before the server view arrives, gives every console protocol from /config, filled with this station', async () => {
  // The templates as the server's /config answers them (from the protocol descriptors).
  await setSetting(db, SETTING.publicConfig, { captcha: null, oauth: [], uploadConsoles: setupTemplates() });
  renderFinish();
  expect(screen.getByTestId('ecowitt-path').textContent).toBe('/data/report/Key42xyz');
  expect(
    await screen.findByText('/data/report/Key42xyz', { selector: 'code:not([data-testid])' }),
  ).toBeTruthy();
  expect(document.body.textContent).toContain(
    'Type the path exactly as shown: the station key in it identifies this station.',
  );
  const wslink = screen.getByRole('heading', { name: 'WSLink' }).parentElement!;
  expect(within(wslink).getByText('/data/upload.php')).toBeTruthy();
  expect(within(wslink).getByText('abc123')).toBeTruthy();
  expect(within(wslink).getByText('Key42xyz')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Wunderground' })).toBeTruthy();
  // Station software's formats are on the Weather Server page, not here; no placeholder is left unfilled.
  expect(screen.queryByRole('heading', { name: 'Windy' })).toBeNull();
  expect(document.body.textContent).not.toMatch(/\{(host|port|stationId|stationKey)\}/);
});

it('opened as localhost, tells the console a LAN address instead, with why (issue 22)', async () => {
  expect(location.hostname).toBe('localhost');
  const view = {
    serverName: '192.168.1.20:3030',
    protocols: [{ protocol: 'wslink', host: '192.168.1.20', port: 3030 }],
    loopback: { addresses: ['192.168.1.20', '10.0.0.7'] },
  } as unknown as WeatherServerView;
  await setSetting(db, weatherServerKey('d1') as never, view as never);
  renderFinish();
  const list = await screen.findByRole('list', { name: 'Addresses on your network' });
  const note = screen.getByTestId('loopback-note');
  expect(note.textContent).toContain('This page is open as localhost');
  expect(within(note).getByRole('list')).toBe(list);
  expect(list.textContent).toBe('192.168.1.20' + '10.0.0.7');
  // The server field a console is told is the LAN address, not localhost.
  expect(screen.getByText('Server').nextElementSibling?.textContent).toBe('192.168.1.20');
});
