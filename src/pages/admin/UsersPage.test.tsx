// @vitest-environment happy-dom
// The admin users screen's picture column (spec §3 User avatar, §9 "Image rows in sheets are 64 high"): each row
// shows the account's picture (a data image from the worker) or its initials, and the screen's xlsx export
// writes the picture's URL as the server serves it (GET users/pic/{userId}) in rows 64 px (48 pt) high.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { MemoryRouter } from 'react-router';
import { readSheet } from 'read-excel-file/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminExport } from '../../../workers/admin';
import type { AdminExportRequest } from '../../../workers/api';
import type { Connection } from '../../../workers/connection';
import UsersPage from './UsersPage';

const ORIGIN = 'https://portal.example';
const PICTURE = 'data:image/png;base64,iVBORw0KGgo=';

const worker = vi.hoisted(() => ({
  adminFind: vi.fn(),
  adminExport: vi.fn(),
  cancelAdminExport: vi.fn(),
  userPicture: vi.fn(),
}));
vi.mock('../../bridge/worker', () => ({ dataWorker: worker }));
vi.mock('../export/useExportJob', () => ({ saveFile: vi.fn() }));

/** The accounts as admin/users answers them. */
const accounts = [
  { _id: 'a'.repeat(24), email: 'ada@example.com', firstName: 'Ada', verified: true, disabled: false },
  { _id: 'b'.repeat(24), email: 'bob@example.com', firstName: 'Bob', verified: true, disabled: false },
];

/** The worker's connection to a server that answers `accounts` (the export runs the real worker code). */
const connection = {
  origin: ORIGIN,
  call: (fn: () => Promise<unknown>) => fn(),
  app: {
    service: () => ({
      find: async ({ query }: { query: { $skip?: number } }) => ({
        total: accounts.length,
        limit: 100,
        skip: query.$skip ?? 0,
        data: (query.$skip ?? 0) === 0 ? accounts : [],
      }),
    }),
  },
} as unknown as Connection;

beforeEach(() => {
  vi.clearAllMocks();
  worker.adminFind.mockImplementation(async () => ({
    total: accounts.length,
    limit: 10,
    skip: 0,
    data: accounts.map((a) => ({ ...a, avatar: `${ORIGIN}/users/pic/${a._id}` })),
  }));
  worker.userPicture.mockImplementation(async (id: string) => (id === accounts[0]._id ? PICTURE : null));
  worker.adminExport.mockResolvedValue({ blob: new Blob([]), name: 'admin-users.xlsx' });
});

describe('admin users: the picture column', () => {
  it('shows each picture, or the initials without one; the export has the URLs in 64 px rows', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/admin/users']}>
          <UsersPage />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(await screen.findByRole('columnheader', { name: 'Picture' })).toBeTruthy();
    const ada = (await screen.findByText('ada@example.com')).closest('tr')!;
    await waitFor(() => expect(ada.querySelector('img')?.getAttribute('src')).toBe(PICTURE));
    const bob = screen.getByText('bob@example.com').closest('tr')!;
    await waitFor(() => expect(worker.userPicture).toHaveBeenCalledWith(accounts[1]._id));
    expect(bob.querySelector('img')).toBeNull();
    expect(within(bob).getByText('BE')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(worker.adminExport).toHaveBeenCalled());
    const request = worker.adminExport.mock.calls[0][1] as AdminExportRequest;
    expect(request.columns[0]).toEqual({ key: 'avatar', label: 'Picture', image: true });

    // That request through the worker's export, as the real worker runs it.
    const { blob } = await adminExport(connection, 'users', request);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const sheet = await readSheet(Buffer.from(bytes));
    expect(sheet.map((row) => row[0])).toEqual([
      'Picture',
      `${ORIGIN}/users/pic/${accounts[0]._id}`,
      `${ORIGIN}/users/pic/${accounts[1]._id}`,
    ]);
    const xml = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']);
    expect(xml).toContain('<row r="1">');
    for (const r of [2, 3]) expect(xml).toContain(`<row r="${r}" ht="48" customHeight="1">`);
  });
});
