// @vitest-environment happy-dom
// A matched route's code starts at once for the layout and the page side by side (routes.tsx startCode): React
// alone would ask for the page's code only once the layout's had loaded and rendered (issue 32).
import '../components/test-setup';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { expect, it, vi } from 'vitest';

const code = vi.hoisted(() => {
  let release!: () => void;
  return {
    layoutHeld: new Promise<void>((r) => (release = r)),
    release: () => release(),
    pageAsked: vi.fn(),
  };
});

// The layout's code arrives only when the test lets it; the page's records when it is asked for.
vi.mock('./layouts/AppLayout', async () => {
  await code.layoutHeld;
  return { DefaultLayout: () => <Outlet />, HelpLayout: () => <Outlet /> };
});
vi.mock('../pages/help/HelpPage', () => {
  code.pageAsked();
  return { default: () => <h1>Help page</h1> };
});
vi.mock('./session', () => ({ useSession: () => null, setBootSession: () => undefined }));
vi.mock('../db/later', () => ({
  useSelectedLatestLater: () => undefined,
  useConnectionLater: () => ({ online: true, auth: 'unauthenticated' }),
  useSettingLater: (_key: string, fallback?: unknown) => fallback,
}));
vi.mock('../bridge/worker', () => ({
  startDataWorker: vi.fn(async () => undefined),
  dataWorker: { selectDevice: vi.fn(async () => undefined), loadPublicConfig: vi.fn(async () => undefined) },
}));

const { AppRoutes } = await import('./routes');
const { openRoutes } = await import('./test-routes');

it("asks for the page's code while the layout's is still on its way, and shows the page once both are in", async () => {
  openRoutes(AppRoutes, '/help');
  await vi.waitFor(() => expect(code.pageAsked).toHaveBeenCalled());
  expect(screen.queryByRole('heading', { name: 'Help page' })).toBeNull();
  code.release();
  expect(await screen.findByRole('heading', { name: 'Help page' })).toBeTruthy();
});
