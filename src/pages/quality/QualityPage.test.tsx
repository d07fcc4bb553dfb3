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
import type { SampleCorrection, SourcedSample } from '../../domain/corrections';
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
let log: SampleCorrection[] = [];
let samples: SourcedSample[] = [];
const loadCorrections = vi.fn(async (_device: string) => log);
const loadSourcedSamples = vi.fn(async (_device: string, _from: number, _to: number) => samples);
vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    loadQcFlags: (d: string, n: number) => loadQcFlags(d, n),
    decideQcFlag: (id: string, s: string) => decideQcFlag(id, s),
    loadCorrections: (d: string) => loadCorrections(d),
    loadSourcedSamples: (d: string, f: number, t: number) => loadSourcedSamples(d, f, t),
    flushOutbox: async () => ({ sent: 0, dropped: 0, remaining: 0 }),
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
  log = [];
  samples = [];
  await db.outbox.clear();
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

  it('queues a correction of a range with its reason, lists the edit log with undo and each reading’s source', async () => {
    log = [
      {
        _id: 'c1',
        device: 'd1',
        metric: 'dailyrain',
        from: T,
        to: T + 1800,
        action: 'remove',
        value: null,
        reason: 'Gauge cleaning',
        user: 'u1',
        userName: 'Ann',
        createdAt: (T + 3600) * 1000,
        samples: 4,
        before: { count: 2, min: 3.5, max: 6.5 },
        after: { count: 2, min: 0.5, max: 0.5 },
        undoneAt: null,
        undoneBy: null,
      },
    ];
    samples = [
      { time: T, values: { tempc0: 12.5 }, source: 'ecowitt', edited: [] },
      { time: T + 60, values: { tempc0: 15 }, source: 'edit', edited: ['tempc0'] },
    ];
    open();
    const entries = await screen.findAllByTestId('correction');
    expect(entries[0].textContent).toMatch(/Removed.*3\.5 mm … 6\.5 mm → 0\.5 mm.*Gauge cleaning — Ann/);
    const sourced = await screen.findAllByTestId('sourced-sample');
    expect(sourced.map((s) => s.getAttribute('data-source'))).toEqual(['ecowitt', 'edit']);
    expect(sourced[0].textContent).toMatch(/Console upload \(ecowitt\)/);
    expect(sourced[1].textContent).toMatch(/Corrected/);

    // A bad range or a missing reason is said at once, nothing queued.
    const form = screen.getByRole('form', { name: 'Correct readings' });
    fireEvent.change(within(form).getByLabelText('Change'), { target: { value: 'set' } });
    fireEvent.change(within(form).getByLabelText('Metric to correct'), { target: { value: 'tempc0' } });
    fireEvent.change(within(form).getByLabelText('Corrected value (°C)'), { target: { value: '15,5' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-26T15:00' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-26T14:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply the correction' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('The start must not be after the end.');
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-26T15:10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply the correction' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Give a reason.');
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Sun on the shield' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply the correction' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    // The station is on UTC (TEST_DEVICE): 15:00 to the end of 15:10.
    expect((await db.outbox.toArray())[0]).toMatchObject({
      service: 'sampleCorrections',
      method: 'create',
      data: {
        device: 'd1',
        metric: 'tempc0',
        action: 'set',
        value: 15.5,
        from: Date.UTC(2026, 10, 26, 15) / 1000,
        to: Date.UTC(2026, 10, 26, 15, 10) / 1000 + 59,
        reason: 'Sun on the shield',
      },
    });
    expect((await screen.findByTestId('correction-pending')).textContent).toMatch(/Waiting to be sent/);

    fireEvent.click(screen.getByRole('button', { name: /^Undo the correction of/ }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    expect((await db.outbox.toArray())[1]).toMatchObject({
      service: 'sampleCorrections',
      method: 'patch',
      recordId: 'c1',
      data: { undone: true },
    });
  });

  it('says at once that a later correction over the same readings must be undone first', async () => {
    const base: SampleCorrection = {
      _id: 'c1',
      device: 'd1',
      metric: 'tempc0',
      from: T,
      to: T + 600,
      action: 'set',
      value: 11,
      reason: 'first',
      user: 'u1',
      userName: 'Ann',
      createdAt: T * 1000,
      samples: 2,
      before: { count: 2, min: 12, max: 13 },
      after: { count: 2, min: 11, max: 11 },
      undoneAt: null,
      undoneBy: null,
    };
    log = [{ ...base, _id: 'c2', action: 'remove', reason: 'second', createdAt: (T + 60) * 1000 }, base];
    open();
    const entries = await screen.findAllByTestId('correction');
    fireEvent.click(within(entries[1]).getByRole('button', { name: /^Undo the correction of/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A later correction changed the same readings: undo it first.',
    );
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(within(entries[0]).getByRole('button', { name: /^Undo the correction of/ }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await db.outbox.toArray())[0]).toMatchObject({ method: 'patch', recordId: 'c2' });
  });
});
