// @vitest-environment happy-dom
// Issue 22: the wettest day is the station-local day its bucket starts in; a Prague station's total that began
// at local midnight (23:00 UTC the day before) was dated one day early.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connected, signedInDb, TEST_DEVICE } from '../../db/testing';
import { emptyRecords } from '../../domain/records';

vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    loadRecords: vi.fn(async () => undefined),
    // The gaps under the records (issue 27).
    loadStationGaps: vi.fn(async () => ({ interval: 300, from: 0, to: 0, gaps: [], count: 0, coverage: 1 })),
  },
}));

const { default: RecordsPage } = await import('./RecordsPage');
const db = signedInDb('records-page');
beforeEach(() => connected(db));

describe('records page', () => {
  it('dates the wettest day by the station-local day (Europe/Prague)', async () => {
    await db.devices.put({ ...TEST_DEVICE, timezone: 'Europe/Prague' });
    const periods = emptyRecords();
    // 26/11/2026 00:00 in Prague: the day's first bucket.
    periods.month.dailyrain = { max: { value: 12.4, time: Date.UTC(2026, 10, 25, 23, 0) / 1000 } };
    await db.records.put({ device: 'd1', resetAt: null, computedAt: 0, periods });
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/records/d1']}>
          <Routes>
            <Route path="/records/:id" element={<RecordsPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>,
    );
    const month = await screen.findByTestId('records-month');
    const row = month.querySelector('[data-key="dailyrain-max"]') as HTMLElement;
    expect(within(row).getByText('26/11/2026')).toBeTruthy();
    // Under the records: the station's gaps (issue 27), for anyone who may read it.
    expect(await screen.findByText('No gaps in the last 7 days.')).toBeTruthy();
    expect(screen.getByTestId('gap-coverage').textContent).toBe('100%');
  });
});
