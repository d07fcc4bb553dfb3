// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM": {"url": "http://localhost:3030/devices"}}
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { WeatherServerView } from '../../../workers/api';
import { setSetting, weatherServerKey } from '../../db/settings';
import { signedInDb } from '../../db/testing';
import type { Device } from '../../domain/contract';
import { AddDeviceFinish } from './AddDeviceFinish';

vi.mock('../../api/worker', () => ({ dataWorker: { loadWeatherServer: vi.fn(async () => null) } }));
const db = signedInDb('add-finish');

const device = { _id: 'd1', wsid: 'abc123', stationKey: 'Key42xyz', name: 'Garden' } as Device;
const renderFinish = () =>
  render(
    <I18nProvider i18n={i18n}>
      <AddDeviceFinish device={device} onDone={() => {}} />
    </I18nProvider>,
  );

it('gives the Ecowitt path with the station key, the setting to type into the console', () => {
  renderFinish();
  expect(screen.getByTestId('ecowitt-path').textContent).toBe('/data/report/Key42xyz');
  expect(screen.getByText('/data/report/Key42xyz', { selector: 'code:not([data-testid])' })).toBeTruthy();
  expect(document.body.textContent).toContain('The station key in the path identifies the station.');
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
