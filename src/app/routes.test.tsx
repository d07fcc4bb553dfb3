// @vitest-environment happy-dom
// The real route table: guards (spec §4 start-up), the 404 page, and that every spec route resolves.
import '../components/test-setup';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../domain/contract';

const session = vi.hoisted(() => ({
  auth: null as null | { accessToken: string; user: { _id: string; email: string; verified: boolean } },
  devices: [] as Device[],
}));

vi.mock('../db/hooks', async () => {
  const { DEFAULT_UNIT_PREFS } = await import('../domain');
  return {
    PAINT_FROM_KEPT: { kept: true },
    useAuth: () => session.auth,
    useDevices: () => session.devices,
    useSelectedDeviceId: () => undefined,
    useDevice: () => undefined,
    useLatest: () => undefined,
    useLatestOf: () => ({}),
    useSeenKeys: () => [],
    readSeenKeysNow: async () => [],
    useTodayMinMax: () => undefined,
    useDisplaySettings: () => undefined,
    useConnection: () => ({ online: true, auth: 'authenticated' }),
    useConnectionField: (key: string) =>
      (({ online: true, auth: 'authenticated' }) as Record<string, unknown>)[key],
    useUnits: () => DEFAULT_UNIT_PREFS,
    useSetting: (_key: string, fallback?: unknown) => fallback,
    useAlertSettings: () => null,
    useAlerts: () => [],
    useOutboxCount: () => 0,
  };
});
// The guard's session and the shell's store reads after the first paint (app/session.ts, db/later.ts).
vi.mock('./session', () => ({ useSession: () => session.auth, setBootSession: () => undefined }));
vi.mock('../db/later', () => ({
  useSelectedLatestLater: () => undefined,
  useConnectionLater: () => ({ online: true, auth: 'authenticated' }),
  useSettingLater: (_key: string, fallback?: unknown) => fallback,
}));
vi.mock('../bridge/worker', () => ({
  // Root starts the data worker after the first paint.
  startDataWorker: vi.fn(async () => undefined),
  dataWorker: {
    selectDevice: vi.fn(async () => undefined),
    loadAccount: vi.fn(async () => null),
    loadAvatar: vi.fn(async () => null),
    loadWeatherServer: vi.fn(async () => null),
    loadStationGaps: vi.fn(async () => ({ interval: null, gaps: [], count: 0, coverage: null })),
    loadPublicConfig: vi.fn(async () => undefined),
  },
}));

const { AppRoutes } = await import('./routes');
const { openRoutes } = await import('./test-routes');

const open = (path: string) => openRoutes(AppRoutes, path);

const user = (verified: boolean) => ({ accessToken: 't', user: { _id: 'u1', email: 'a@b.co', verified } });

describe('route guards', () => {
  beforeEach(() => {
    session.auth = null;
    session.devices = [];
  });

  it('sends a signed-out visitor to the login page', async () => {
    const router = open('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('remembers where a signed-out visitor wanted to go', async () => {
    const router = open('/account');
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(router.state.location.search).toBe('?next=%2Faccount');
  });

  it('lets signed-out visitors read help and the FAQ', async () => {
    const router = open('/help');
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/help');
    open('/faq');
    expect(await screen.findByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
  });

  it('sends an unverified user to verification, except on help and FAQ', async () => {
    session.auth = user(false);
    const router = open('/devices');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup/verify');
    const help = open('/faq');
    await screen.findByRole('heading', { name: 'Frequently asked questions' });
    expect(help.state.location.pathname).toBe('/faq');
  });

  it('takes a signed-in user from the login page and the index to the dashboard', async () => {
    session.auth = user(true);
    const router = open('/login');
    expect(await screen.findByText('No stations are found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    const index = open('/');
    await waitFor(() => expect(index.state.location.pathname).toBe('/dashboard'));
  });
});

describe('404', () => {
  it('shows the not-found page for an unknown path, signed in or not', async () => {
    open('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it.each(['/records/6560f0a1b2c3d4e5f6a7b8c9', '/devices/6560f0a1b2c3d4e5f6a7b8c9/edit'])(
    'shows it for a station the user does not have: %s',
    async (path) => {
      session.auth = user(true);
      session.devices = [{ _id: 'd1', name: 'Home', wsid: 'W1', user: 'u1', timezone: 'UTC' } as Device];
      open(path);
      expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to dashboard' })).toBeTruthy();
    },
  );
});

describe('every route of spec §2', () => {
  const paths: [string, string][] = [
    ['/account/edit', 'Edit account'],
    ['/alert', 'Alert Setting'],
    ['/displaySetting', 'Unit & Display'],
    ['/export', 'Data Export'],
    ['/import', 'Import history'],
    ['/profile', 'Profile'],
    ['/profile/changePassword', 'Change password'],
    ['/profile/changeProfile', 'Change profile'],
    ['/subscription/orders', 'Subscription Orders'],
    // /subscription/success is the error page without an order (src/pages/subscription/OrderPages.test.tsx).
    ['/subscription/payment', 'Payment'],
    ['/subscription/abc123/payment', 'Payment'],
    ['/server', 'Weather Server'],
    ['/stations', 'All stations'],
    ['/test', 'Test'],
    ['/devicefaq', 'Device FAQ'],
    ['/terms', 'Terms of service'],
    ['/privacy', 'Privacy policy'],
    ['/login/reset', 'Reset password'],
    ['/login/reset/verify', 'Verification code'],
    ['/login/reset/reset', 'New password'],
    ['/signup', 'Create account'],
  ];
  it.each(paths)('%s has its heading', async (path, heading) => {
    session.auth = path.startsWith('/login') || path === '/signup' ? null : user(true);
    open(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
  });
});
