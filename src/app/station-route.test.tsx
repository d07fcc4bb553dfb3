// @vitest-environment happy-dom
// The public station page through the real route table (issue #12): a signed-out visitor may open it (no
// redirect to the login page), sees the station read only (no card menu); a private or unknown station ID is
// 'Device not found'; ?kiosk=1 opens the kiosk (fullscreen) layout.
import '../components/test-setup';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../domain/contract';
import { useUi } from '../state/ui';

const station = vi.hoisted(() => ({
  kept: null as Device | null,
  answer: null as null | { code: number; message: string },
  latest: null as null | { sample: Record<string, number>; time: number; changes: Record<string, number> },
  seen: null as null | string[],
}));

vi.mock('../db/hooks', async () => {
  const { DEFAULT_UNIT_PREFS } = await import('../domain');
  return {
    useAuth: () => null,
    useDevices: () => [],
    useSelectedDeviceId: () => undefined,
    useDevice: () => undefined,
    useDeviceByWsid: (wsid: string) => (station.kept?.wsid === wsid ? station.kept : null),
    useLatest: () =>
      station.latest ?? { sample: { tempc0: 21.4, humc0: 50 }, time: 1_700_000_000, changes: {} },
    useSeenKeys: () => station.seen ?? ['tempc0', 'humc0'],
    readSeenKeysNow: async () => station.seen ?? ['tempc0', 'humc0'],
    useTodayMinMax: () => undefined,
    useDisplaySettings: () => undefined,
    useConnection: () => ({ online: true, auth: 'unauthenticated' }),
    useConnectionField: (key: string) =>
      (({ online: true, auth: 'unauthenticated' }) as Record<string, unknown>)[key],
    useUnits: () => DEFAULT_UNIT_PREFS,
    useSetting: (_key: string, fallback?: unknown) => fallback,
    useOutboxCount: () => 0,
  };
});
const openStation = vi.hoisted(() => vi.fn());
// The guard's session and the shell's store reads after the first paint (app/session.ts, db/later.ts).
vi.mock('./session', () => ({ useSession: () => null, setBootSession: () => undefined }));
vi.mock('../db/later', () => ({
  useSelectedLatestLater: () => undefined,
  useConnectionLater: () => ({ online: true, auth: 'authenticated' }),
  useSettingLater: (_key: string, fallback?: unknown) => fallback,
}));
vi.mock('../bridge/worker', () => ({
  // Root starts the data worker after the first paint.
  startDataWorker: vi.fn(async () => undefined),
  dataWorker: { openStation, selectDevice: vi.fn(async () => undefined) },
}));

const { AppRoutes } = await import('./routes');
const { openRoutes } = await import('./test-routes');

const PUBLIC: Device = {
  _id: '0123456789abcdef01234567',
  wsid: 'pubstation',
  name: 'Harbour weather',
  user: 'owner1',
  shareUsers: [],
  consoletype: 0,
  timezone: 'Europe/Prague',
  shareMode: 'public',
} as unknown as Device;

const open = (path: string) => openRoutes(AppRoutes, path);

describe('/station/:wsid', () => {
  beforeEach(() => {
    station.kept = null;
    station.answer = null;
    station.latest = null;
    station.seen = null;
    openStation.mockReset();
    openStation.mockImplementation(async (wsid: string) => {
      if (station.answer) throw station.answer;
      station.kept = { ...PUBLIC, wsid };
      return station.kept;
    });
    useUi.getState().setFullscreen(false);
  });

  it('opens for a signed-out visitor, read only', async () => {
    station.kept = PUBLIC;
    const router = open('/station/pubstation');
    expect(await screen.findByRole('heading', { name: 'Harbour weather', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/station/pubstation');
    // The kept station paints before the page asks the worker for a fresh copy: wait for the call itself.
    await waitFor(() => expect(openStation).toHaveBeenCalledWith('pubstation'));
    expect(screen.getByText('pubstation')).toBeTruthy();
    expect(document.querySelector('[data-card="outdoor"]')).toBeTruthy();
    // No card menu (hide, move, graph list) for a visitor.
    expect(screen.queryByRole('button', { name: /Card menu/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Kiosk display' })).toBeTruthy();
  });

  it('says the station has sent nothing only once the lookup has settled, not while its last data is on the way', async () => {
    station.kept = PUBLIC;
    // A first visit: the worker has stored the station, not yet what it has sent.
    station.latest = { sample: {}, time: 0, changes: {} };
    station.seen = [];
    let answer!: (d: Device) => void;
    openStation.mockImplementation(() => new Promise<Device>((r) => (answer = r)));
    open('/station/pubstation');
    await screen.findByRole('heading', { name: 'Harbour weather', level: 1 });
    await waitFor(() => expect(openStation).toHaveBeenCalled());
    expect(screen.queryByText('This station has not uploaded any readings yet.')).toBeNull();
    answer(PUBLIC);
    expect(await screen.findByText('This station has not uploaded any readings yet.')).toBeTruthy();
  });

  it('answers a private station exactly like an unknown station ID', async () => {
    station.answer = { code: 404, message: 'Device not found' };
    const router = open('/station/privatestation');
    expect(await screen.findByText('Device not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/station/privatestation');
    expect(screen.queryByText('Harbour weather')).toBeNull();
  });

  it('?kiosk=1 opens the kiosk layout', async () => {
    station.kept = PUBLIC;
    open('/station/pubstation?kiosk=1');
    await screen.findByRole('heading', { name: 'Harbour weather', level: 1 });
    expect(useUi.getState().fullscreen).toBe(true);
    expect(await screen.findByRole('button', { name: 'Exit fullscreen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kiosk display' })).toBeNull();
  });
});
