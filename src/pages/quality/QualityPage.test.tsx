// @vitest-environment happy-dom
// The Data quality page (issue 24): the owner sees the values quality control left out by the station's day with
// that day's gaps, accepts or rejects them (a refused decision is shown), and sets limits of their own, stored at
// once and queued for the server; others see no list.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connected, signedInDb, TEST_DEVICE } from '../../db/testing';
import { COLLECTIONS } from '../../domain/collections';
import type { QcAnswer, QcFlag } from '../../domain/qc';
import QualityPage from './QualityPage';

// 2026-11-26 14:02 UTC, and a gap that evening.
const T = Date.UTC(2026, 10, 26, 14, 2) / 1000;
const spike: QcFlag = {
  _id: 'f1',
  device: 'd1',
  time: T,
  key: 'tempc0',
  value: 80,
  reason: 'spike',
  status: 'flagged',
};
const range: QcFlag = { ...spike, _id: 'f2', time: T + 60, key: 'humc0', value: 120, reason: 'limit' };
let answer: QcAnswer;
const loadQcFlags = vi.fn(async (_device: string, _days: number) => answer);
const decideQcFlag = vi.fn(async (id: string, status: string) => ({ ...spike, _id: id, status }) as QcFlag);
vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    loadQcFlags: (d: string, n: number) => loadQcFlags(d, n),
    decideQcFlag: (id: string, s: string) => decideQcFlag(id, s),
  },
}));

const db = signedInDb('quality-page');
beforeEach(async () => {
  await connected(db);
  answer = {
    days: [{ day: '2026-11-26', flags: [spike, range] }],
    gaps: { interval: 60, from: T - 86400, to: T + 86400, gaps: [], count: 0, coverage: 1 },
    truncated: false,
  };
  decideQcFlag.mockClear();
});

function open() {
  const router = createMemoryRouter([{ path: '/quality/:id?', element: <QualityPage /> }], {
    initialEntries: ['/quality/d1'],
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('Data quality page', () => {
  it('lists flagged values by day with their reason, and accepts one', async () => {
    answer.gaps.gaps = [{ from: T + 6 * 3600, to: T + 7 * 3600, missing: 60, ongoing: false }];
    open();
    const day = await screen.findByRole('region', { name: '26/11/2026' });
    expect(
      within(day).getByText(/^No readings from 26\/11\/2026 8:02 PM to 26\/11\/2026 9:02 PM/),
    ).toBeTruthy();
    const rows = within(day).getAllByTestId('qc-flag');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^2:02 PM.*80 °C.*Changed too fast \(spike\).*Waiting for your decision/),
      expect.stringMatching(/^2:03 PM.*120 %.*Outside what the sensor can measure/),
    ]);
    // A value outside the physical range can only be rejected.
    expect(within(rows[1]).queryByRole('button', { name: /^Accept/ })).toBeNull();
    fireEvent.click(within(rows[0]).getByRole('button', { name: /^Accept .* 80 °C at 2:02 PM$/ }));
    await waitFor(() => expect(rows[0].getAttribute('data-status')).toBe('accepted'));
    expect(decideQcFlag).toHaveBeenCalledWith('f1', 'accepted');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
  });

  it('shows a refused decision', async () => {
    decideQcFlag.mockRejectedValueOnce(new Error('An accepted value is already in the data'));
    open();
    const [row] = await screen.findAllByTestId('qc-flag');
    fireEvent.click(within(row).getByRole('button', { name: /^Reject/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('An accepted value is already in the data');
    expect(row.getAttribute('data-status')).toBe('flagged');
  });

  it('adds a limit of the owner’s own, stored at once and queued for the server', async () => {
    answer.days = [];
    open();
    expect(await screen.findByText('Nothing was left out and no readings are missing.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a limit' }));
    fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'tempc0' } });
    fireEvent.change(screen.getByLabelText('Lowest (°C)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Highest (°C)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The lowest value must be below the highest.',
    );
    fireEvent.change(screen.getByLabelText('Lowest (°C)'), { target: { value: '-30,5' } });
    fireEvent.change(screen.getByLabelText('Highest (°C)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const list = await screen.findByRole('list', { name: 'Your limits' });
    expect(within(list).getByText('At least −30.5 °C')).toBeTruthy();
    expect((await db.table(COLLECTIONS.qcLimits.table).get('d1')).limits).toEqual([
      { key: 'tempc0', min: -30.5 },
    ]);
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({
      service: COLLECTIONS.qcLimits.service,
      data: { weatherDevice: 'd1', limits: [{ key: 'tempc0', min: -30.5 }] },
    });
  });

  it('someone the station is shared with sees no list', async () => {
    await db.devices.put({ ...TEST_DEVICE, user: 'someone-else', shareUsers: ['u1'] });
    loadQcFlags.mockClear();
    open();
    expect(await screen.findByText("Only the station's owner sees its data quality.")).toBeTruthy();
    expect(loadQcFlags).not.toHaveBeenCalled();
    await db.devices.put(TEST_DEVICE);
  });
});
