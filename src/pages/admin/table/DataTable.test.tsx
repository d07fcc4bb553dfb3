// @vitest-environment happy-dom
// The generic admin table (issue #15): it reads a page through the worker with the query string's state, picks
// rows (none → pageSome → pageAll → all), deletes a batch after confirmation, and puts a failure in the global
// error snackbar (logged too).
import 'fake-indexeddb/auto';
import '../../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUi } from '../../../state/ui';
import { DataTable } from './DataTable';
import type { TableConfig } from './types';

const worker = vi.hoisted(() => ({
  adminFind: vi.fn(),
  adminRemove: vi.fn(),
  adminSave: vi.fn(),
  adminGet: vi.fn(),
}));
vi.mock('../../../bridge/worker', () => ({ dataWorker: worker }));

const rows = Array.from({ length: 12 }, (_, i) => ({ _id: `id${i}`, name: `Plan ${i}`, price: i * 100 }));

const config: TableConfig = {
  path: '/admin/plans',
  service: 'subscriptionPlans',
  searchFields: ['name'],
  columns: [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'price', label: 'Price', numeric: true },
  ],
  nameOf: (r) => String(r.name),
};

let lastSearch = '';
function Where() {
  lastSearch = useLocation().search;
  return null;
}

const table = (url = '/admin/plans') =>
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/admin/plans"
            element={
              <>
                <DataTable config={config} title="Plans" />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );

beforeEach(() => {
  vi.clearAllMocks();
  useUi.setState({ errorMessage: null, successMessage: null });
  worker.adminFind.mockImplementation(async (_path: string, q: { $skip?: number; $limit: number }) => {
    const skip = q.$skip ?? 0;
    return { total: rows.length, limit: q.$limit, skip, data: rows.slice(skip, skip + q.$limit) };
  });
});

describe('DataTable', () => {
  it('reads the page of the query string and keeps the total in it', async () => {
    table('/admin/plans?page=2&rowsPerPage=5&sortBy=name&descending=true');
    await screen.findByText('Plan 5');
    expect(worker.adminFind).toHaveBeenCalledWith('subscriptionPlans', {
      $limit: 5,
      $skip: 5,
      $sort: { name: -1 },
    });
    expect(screen.getByText('6–10 of 12')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(lastSearch).toContain('total=12'));
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
  });

  it('selection states, then a batch delete after confirmation; a failure goes to the error snackbar', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    worker.adminRemove.mockImplementation(async (_p: string, id: string) => {
      if (id === 'id1')
        throw { name: 'Conflict', message: 'This plan has been granted to devices', code: 409 };
      return {};
    });
    table('/admin/plans?rowsPerPage=5');
    await screen.findByText('Plan 4');
    const scroller = screen.getByRole('table').parentElement!;
    expect(scroller.dataset.state).toBe('none');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Plan 0' }));
    expect(scroller.dataset.state).toBe('pageSome');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows of this page' }));
    expect(scroller.dataset.state).toBe('pageAll');
    // A count is a plural (issue 33: "1 rows are selected.").
    expect(screen.getByRole('status').textContent).toContain('5 rows are selected.');
    fireEvent.click(screen.getByRole('button', { name: 'Select all 12 rows' }));
    expect(scroller.dataset.state).toBe('all');
    expect(screen.getByRole('status').textContent).toContain('All 12 rows are selected.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows of this page' }));
    expect(scroller.dataset.state).toBe('none');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Plan 0' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Plan 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Plan 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete 3 selected' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Delete 3 selected items? This cannot be undone.');
    expect(worker.adminRemove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(worker.adminRemove).toHaveBeenCalledTimes(3));
    await waitFor(() =>
      expect(useUi.getState().errorMessage).toBe(
        '1 of 3 could not be deleted: This plan has been granted to devices',
      ),
    );
    expect(logged).toHaveBeenCalledWith('[admin] deleting subscriptionPlans id1 failed', expect.anything());
    logged.mockRestore();
  });

  it('searches with $or of $regex after a pause, from page 1', async () => {
    table('/admin/plans?page=2');
    await screen.findByText('Plan 10');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Plan 1' } });
    await waitFor(() => expect(lastSearch).toContain('search=Plan+1'));
    expect(lastSearch).not.toContain('page=2');
    await waitFor(() =>
      expect(worker.adminFind).toHaveBeenLastCalledWith('subscriptionPlans', {
        $limit: 10,
        $skip: 0,
        $or: [{ name: { $regex: 'Plan 1', $options: 'i' } }],
      }),
    );
  });
});
