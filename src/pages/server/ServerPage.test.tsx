// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WeatherServerView } from '../../../workers/api';
import { setHooksDb } from '../../db/hooks';
import { PortalDb } from '../../db/schema';
import { SETTING } from '../../db/settings';
import { connected } from '../../db/testing';
import type { Device } from '../../domain/contract';
import { stationFacts } from './useWeatherServer';

const worker = vi.hoisted(() => ({
  loadWeatherServer: vi.fn(),
  regenerateStationKey: vi.fn(),
  // The upload targets section (issue #17) loads its list; none here.
  loadUploadTargets: vi.fn(async () => undefined),
  // The gaps section (issue 27).
  loadStationGaps: vi.fn(),
  // The camera block (issue 28) reads the portal's public host from /config.
  loadPublicConfig: vi.fn(async () => undefined),
}));
vi.mock('../../bridge/worker', () => ({ dataWorker: worker }));

const { default: ServerPage } = await import('./ServerPage');

const db = new PortalDb(`server-page-${Math.random()}`);
setHooksDb(db);
afterAll(() => db.delete());

const device = {
  _id: 'd1',
  wsid: 'garden-1',
  name: 'Garden',
  user: 'u1',
  shareUsers: [],
  consoletype: 0,
  timezone: 'UTC',
  channelNameMapping: [],
  shareMode: 'private',
  stationKey: 'old-key',
  lastUpload: null,
} as unknown as Device;

const view: WeatherServerView = {
  serverName: 'weather.example.org',
  stationId: 'garden-1',
  stationKey: 'key-from-server',
  lastUpload: null,
  protocols: [
    {
      protocol: 'wslink',
      label: 'WSLink',
      kind: 'console',
      keyInPath: false,
      settings: [
        ['Server', 'weather.example.org'],
        ['Port', '80'],
      ],
    },
    {
      protocol: 'wunderground',
      label: 'Wunderground',
      kind: 'console',
      keyInPath: false,
      settings: [['Path', '/weatherstation/updateweatherstation.php']],
    },
    {
      protocol: 'pwsweather',
      label: 'PWSweather',
      kind: 'software',
      keyInPath: false,
      settings: [
        ['Server URL', 'http://weather.example.org/pwsupdate/pwsupdate.php'],
        ['Station ID', 'garden-1'],
        ['Station key', 'key-from-server'],
      ],
    },
  ],
  unmapped: { soilad1: '42' },
  fetchedAt: Date.UTC(2026, 0, 2, 10, 0),
};

beforeEach(async () => {
  worker.loadWeatherServer.mockReset().mockResolvedValue(view);
  worker.regenerateStationKey.mockReset();
  worker.loadStationGaps
    .mockReset()
    .mockResolvedValue({ interval: null, from: 0, to: 0, gaps: [], count: 0, coverage: null });
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.settings.put({
    key: SETTING.auth,
    value: { accessToken: 'jwt', user: { _id: 'u1', email: 'a@b.c', verified: true } },
  });
  await db.devices.put(device);
  await db.settings.put({ key: `${SETTING.weatherServerPrefix}d1`, value: view });
  await connected(db);
});

const renderPage = () =>
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <ServerPage />
      </MemoryRouter>
    </I18nProvider>,
  );

describe('weather server page', () => {
  it("shows the station's facts, the console settings per protocol and the unmapped fields", async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('station-key').textContent).toBe('key-from-server'));
    expect(worker.loadWeatherServer).toHaveBeenCalledWith('d1');
    expect(screen.getByText('weather.example.org', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('No upload yet')).toBeTruthy();
    const settings = await screen.findByRole('tabpanel');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['WSLink', 'Wunderground']);
    expect(within(settings).getByRole('rowheader', { name: 'Port' })).toBeTruthy();
    expect(within(settings).getByRole('button', { name: 'Copy Server' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'soilad1' })).toBeTruthy();
  });

  it("tells the camera's upload URL: the public host from /config with this station's key (issue 28)", async () => {
    await db.settings.put({
      key: SETTING.publicConfig,
      value: { consoleAddress: { host: 'weather.example.org', port: 8080 } } as never,
    });
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('camera-url').textContent).toBe(
        'http://weather.example.org:8080/data/camera/key-from-server',
      ),
    );
    expect(screen.getByTestId('camera-command').textContent).toBe(
      'curl -T snapshot.jpg http://weather.example.org:8080/data/camera/key-from-server',
    );
    expect(screen.getByRole('button', { name: 'Copy the camera upload URL' })).toBeTruthy();
  });

  it("lists other networks' formats as further ways to send, with the URL and credentials to type", async () => {
    renderPage();
    const further = await screen.findByRole('region', {
      name: "Further ways to send: other networks' formats",
    });
    expect(within(further).getByRole('heading', { name: 'PWSweather' })).toBeTruthy();
    expect(within(further).getByRole('rowheader', { name: 'Server URL' })).toBeTruthy();
    expect(within(further).getByText('http://weather.example.org/pwsupdate/pwsupdate.php')).toBeTruthy();
    expect(within(further).getByRole('button', { name: 'Copy Station key' })).toBeTruthy();
    // Not a console tab (the tabs come with the station's server view, which may arrive after this section).
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).not.toContain('PWSweather');
  });

  it('regenerates the key after confirming, and shows why when that fails', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('station-key').textContent).toBe('key-from-server'));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate key' }));
    const dialog = await screen.findByRole('alertdialog');
    worker.regenerateStationKey.mockResolvedValueOnce({ ...device, stationKey: 'new-key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(worker.regenerateStationKey).toHaveBeenCalledWith('d1');

    fireEvent.click(screen.getByRole('button', { name: 'Regenerate key' }));
    worker.regenerateStationKey.mockRejectedValueOnce({ message: 'Device not found', code: 404 });
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Regenerate' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });

  it('asks for the gaps once the socket is up, not while it connects (the worker would answer offline)', async () => {
    await db.settings.delete(SETTING.connection);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Gaps in the data' })).toBeTruthy();
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    expect(worker.loadStationGaps).not.toHaveBeenCalled();
    await connected(db);
    await waitFor(() => expect(worker.loadStationGaps).toHaveBeenCalledWith('d1', 7));
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('lists the gaps in the data, newest first, the ongoing one as a stop', async () => {
    const at = (h: number, m = 0) => Date.UTC(2026, 0, 2, h, m) / 1000;
    worker.loadStationGaps.mockResolvedValue({
      interval: 300,
      from: at(0) - 7 * 86400,
      to: at(12),
      count: 2,
      coverage: 0.912,
      gaps: [
        { from: at(11), to: at(12), missing: 11, ongoing: true },
        { from: at(8), to: at(8, 45), missing: 8, ongoing: false },
      ],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Gaps in the data' })).toBeTruthy();
    await waitFor(() => expect(worker.loadStationGaps).toHaveBeenCalledWith('d1', 7));
    const list = await screen.findByTestId('gap-list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toMatch(/^No readings since .*11:00:00/);
    expect(items[0].textContent).toMatch(/1 hr|1 h/);
    expect(items[1].textContent).toMatch(/8:00:00 AM to .*8:45:00 AM45 min/);
    expect(screen.getByTestId('gap-coverage').textContent).toBe('91.2%');
    expect(screen.getByTestId('gap-count').textContent).toBe('2');
    expect(screen.getByText(/more than twice the station's usual interval \(5 min\)/)).toBeTruthy();
  });

  it('says when there is too little data, and when there are no gaps', async () => {
    renderPage();
    expect(await screen.findByText('Not enough readings yet to find gaps.')).toBeTruthy();
  });

  it('offers a relay: the command with this portal, and the relay as the portal last saw it', async () => {
    const relayed = {
      ...view,
      relay: {
        portal: 'https://weather.example.org',
        status: { version: 'relay/0.2.0', queued: 12, seenAt: Date.UTC(2026, 0, 2, 9, 30) / 1000 },
      },
    };
    worker.loadWeatherServer.mockResolvedValue(relayed);
    await db.settings.put({ key: `${SETTING.weatherServerPrefix}d1`, value: relayed });
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('relay-command').textContent).toBe(
        'npm run relay -- --portal https://weather.example.org --listen 8080 --queue /var/lib/weather-relay',
      ),
    );
    expect(screen.getByRole('heading', { name: 'Use a relay' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the relay command' })).toBeTruthy();
    expect(screen.getByTestId('relay-queued').textContent).toBe('12');
    expect(screen.getByTestId('relay-seen').textContent).toMatch(/2026/);
    expect(screen.getByText('relay/0.2.0')).toBeTruthy();
  });

  it('says no upload came through a relay yet', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('relay-seen').textContent).toBe('None yet'));
    expect(screen.queryByTestId('relay-queued')).toBeNull();
  });

  it("takes the facts from the server's view, else from the device record", () => {
    expect(stationFacts(view, device)).toEqual({
      stationId: 'garden-1',
      stationKey: 'key-from-server',
      lastUpload: null,
    });
    expect(stationFacts(null, { ...device, lastUpload: 1_800_000_000 } as Device)).toEqual({
      stationId: 'garden-1',
      stationKey: 'old-key',
      lastUpload: 1_800_000_000,
    });
    expect(stationFacts(undefined, undefined)).toEqual({
      stationId: undefined,
      stationKey: undefined,
      lastUpload: null,
    });
  });
});
