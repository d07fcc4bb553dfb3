// @vitest-environment happy-dom
// Help → About: the app's version (package.json), the server's when it differs (GET /config, kept in Dexie), the
// license, and the source code link when the server names one (SOURCE_URL).
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import pkg from '../../../package.json';
import { setHooksDb } from '../../db/hooks';
import { PortalDb } from '../../db/schema';
import { SETTING, setSetting } from '../../db/settings';

const loadPublicConfig = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../bridge/worker', () => ({ dataWorker: { loadPublicConfig } }));

const { default: HelpPage } = await import('./HelpPage');
const { version } = pkg;

const db = new PortalDb(`help-${Math.random()}`);
setHooksDb(db);

function renderHelp() {
  const router = createMemoryRouter([{ path: '/help', Component: HelpPage }], { initialEntries: ['/help'] });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('Help → About', () => {
  beforeEach(async () => {
    await db.settings.clear();
    loadPublicConfig.mockClear();
  });

  it('shows the app version and the license; asks the worker for the server config', async () => {
    renderHelp();
    expect(await screen.findByRole('heading', { name: 'About' })).toBeTruthy();
    expect(screen.getByTestId('about-version').textContent).toBe(`Weather Portal, version ${version}`);
    const license = screen.getByRole('link', { name: 'GNU Affero General Public License' });
    expect(license.getAttribute('href')).toBe('https://www.gnu.org/licenses/agpl-3.0.html');
    expect(screen.queryByRole('link', { name: 'Source code' })).toBeNull();
    expect(loadPublicConfig).toHaveBeenCalled();
  });

  it("names the server's version when it differs, and links the source the server names", async () => {
    await setSetting(db, SETTING.publicConfig, {
      captcha: null,
      oauth: [],
      version: '9.9.9',
      sourceUrl: 'https://git.example.com/weather-portal',
    });
    renderHelp();
    await waitFor(() =>
      expect(screen.getByTestId('about-version').textContent).toBe(
        `Weather Portal, version ${version} (server version 9.9.9)`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Source code' }).getAttribute('href')).toBe(
      'https://git.example.com/weather-portal',
    );
  });

  it('says nothing more when the server runs the same version', async () => {
    await setSetting(db, SETTING.publicConfig, { captcha: null, oauth: [], version, sourceUrl: null });
    renderHelp();
    await screen.findByRole('heading', { name: 'About' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('about-version').textContent).toBe(`Weather Portal, version ${version}`);
  });

  it("the console setup names the portal's PUBLIC_HOST, not the address the page was opened at (issue 33)", async () => {
    renderHelp();
    const server = () => screen.getByText('Server').nextElementSibling!.textContent;
    await waitFor(() => expect(server()).toBe(location.hostname));
    await setSetting(db, SETTING.publicConfig, {
      captcha: null,
      oauth: [],
      consoleAddress: { host: 'weather.example.net', port: 8080 },
    });
    await waitFor(() => expect(server()).toBe('weather.example.net'));
    expect(screen.getByText('Port').nextElementSibling!.textContent).toBe('8080');
  });
});
