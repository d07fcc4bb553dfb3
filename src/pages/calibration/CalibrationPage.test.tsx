// @vitest-environment happy-dom
// The Calibration page (issue 24): the owner adds a calibration with a preview of what it does, it is stored at
// once and queued for the server (offline too), listed with its correction and time, and can be removed; others
// see it and cannot change it.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connected, signedInDb, TEST_DEVICE } from '../../db/testing';
import { COLLECTIONS } from '../../domain/collections';
import type { NeighbourAnswer } from '../../domain/neighbours';
import type { RecalibrationReport } from '../../domain/recalibration';
import CalibrationPage from './CalibrationPage';

let neighbours: NeighbourAnswer = { radiusKm: 25, neighbours: 0, positioned: false, hints: [] };
const loadNeighbourHints = vi.fn(async (_device: string) => neighbours);
const DAY = 86400;
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
const report = (applied: boolean): RecalibrationReport => ({
  device: 'd'.repeat(24),
  key: 'tempc0',
  from: today - 2 * DAY,
  target: { offset: -0.5, multiplier: 1, quadratic: 0 },
  rows: { samples: 3, buckets5m: 576, buckets1h: 48, buckets1d: 2 },
  days: [
    { day: today - 2 * DAY, before: { min: 4.2, max: 15.5 }, after: { min: 3.7, max: 15 }, fiveMinute: 288 },
    { day: today - DAY, before: { min: 6, max: 17.25 }, after: { min: 5.5, max: 16.75 }, fiveMinute: 288 },
  ],
  applied,
});
const recalibrateHistory = vi.fn(async (_d: string, _k: string, _from: number, apply: boolean) =>
  report(apply),
);
vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    loadNeighbourHints: (d: string) => loadNeighbourHints(d),
    recalibrateHistory: (d: string, k: string, from: number, apply: boolean) =>
      recalibrateHistory(d, k, from, apply),
  },
}));

const db = signedInDb('calibration-page');
beforeEach(() => connected(db));
const table = () => db.table(COLLECTIONS.calibration.table);

function open() {
  const router = createMemoryRouter([{ path: '/calibration/:id?', element: <CalibrationPage /> }], {
    initialEntries: ['/calibration/d1'],
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('Calibration page', () => {
  it('adds a calibration with a preview, stores it and queues it for the server', async () => {
    await db.live.put({ device: 'd1', time: Math.floor(Date.now() / 1000), tempc0: 21.3 } as never);
    open();
    expect(await screen.findByText(/No calibrations/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a calibration' }));
    fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'tempc0' } });
    fireEvent.change(screen.getByLabelText('Offset (°C)'), { target: { value: '-0,5' } });
    // The latest reading, as it would be stored.
    await waitFor(() =>
      expect(screen.getByTestId('calibration-preview').textContent).toBe(
        'The latest reading, 21.3 °C, would be stored as 20.8 °C.',
      ),
    );
    fireEvent.change(screen.getByLabelText('Multiplier'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The multiplier cannot be 0.');
    expect(await table().count()).toBe(0);
    fireEvent.change(screen.getByLabelText('Multiplier'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    const list = await screen.findByRole('list', { name: 'Calibrations' });
    expect(within(list).getByText('−0.5 °C')).toBeTruthy();
    expect(within(list).getByText(/^In effect since/)).toBeTruthy();
    const stored = await table().get('d1');
    expect(stored.entries).toEqual([
      { key: 'tempc0', offset: -0.5, multiplier: 1, quadratic: 0, since: expect.any(Number) },
    ]);
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({
      service: COLLECTIONS.calibration.service,
      method: 'patch',
      recordId: null,
      data: { weatherDevice: 'd1', entries: stored.entries },
    });

    fireEvent.click(within(list).getByRole('button', { name: /^Remove the calibration of/ }));
    expect(await screen.findByText(/No calibrations/)).toBeTruthy();
    expect((await table().get('d1')).entries).toEqual([]);
  });

  it('someone the station is shared with sees its calibrations and cannot change them', async () => {
    await db.devices.put({ ...TEST_DEVICE, user: 'someone-else', shareUsers: ['u1'] });
    await table().put({
      _id: 'c1',
      weatherDevice: 'd1',
      entries: [{ key: 'relbaro', offset: 1.2, multiplier: 1, quadratic: 0, since: 0 }],
    });
    open();
    const list = await screen.findByRole('list', { name: 'Calibrations' });
    expect(within(list).getByText('+1.2 hPa')).toBeTruthy();
    expect(screen.getByText('Only the owner can change this station')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a calibration' })).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('the neighbour check: a lasting offset is shown with the calibration that removes it, one click away', async () => {
    neighbours = {
      radiusKm: 25,
      neighbours: 4,
      positioned: true,
      hints: [{ key: 'tempc0', offset: 2.1, neighbours: 4, hours: 70, days: 3 }],
    };
    open();
    const hints = await screen.findByTestId('neighbour-hints');
    expect(loadNeighbourHints).toHaveBeenCalledWith('d1');
    expect(hints.textContent).toContain('Temperature reads 2.1 °C above 4 nearby stations for 3 days.');
    fireEvent.click(within(hints).getByRole('button', { name: 'Calibrate by −2.1 °C' }));
    await waitFor(async () =>
      expect((await table().get('d1'))?.entries).toEqual([
        { key: 'tempc0', offset: -2.1, multiplier: 1, quadratic: 0, since: expect.any(Number) },
      ]),
    );
    expect(screen.queryByTestId('neighbour-hints')).toBeNull();
  });

  it('the neighbour check says what is missing: a position, or enough neighbours', async () => {
    neighbours = { radiusKm: 25, neighbours: 0, positioned: false, hints: [] };
    open();
    expect(
      await screen.findByText('Give the station its position to compare it with stations nearby.'),
    ).toBeTruthy();
  });

  it('applies a saved calibration to history after a preview of each day’s low and high', async () => {
    await table().put({
      _id: 'c1',
      weatherDevice: 'd1',
      entries: [{ key: 'tempc0', offset: -0.5, multiplier: 1, quadratic: 0, since: Date.now() }],
    });
    open();
    const section = (await screen.findByRole('heading', { name: 'Apply to history' })).closest('section')!;
    fireEvent.change(within(section).getByLabelText('From'), { target: { value: '2026-01-10' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('recalibration-preview');
    const [device, key, from, apply] = recalibrateHistory.mock.calls[0];
    expect([device, key]).toEqual(['d1', 'tempc0']);
    expect(apply).toBe(false);
    expect(new Date(from * 1000).getDate()).toBe(10);
    expect(section.textContent).toContain('2 days change (576 five-minute readings)');
    const rows = within(preview).getAllByRole('row');
    expect(rows[1].textContent).toContain('4.2 – 15.5 °C');
    expect(rows[1].textContent).toContain('3.7 – 15 °C');
    expect(rows[2].textContent).toContain('6 – 17.25 °C');
    expect(recalibrateHistory).toHaveBeenCalledTimes(1);
    fireEvent.click(within(section).getByRole('button', { name: /^Apply to history from/ }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Applied: 2 days of Outdoor · Temperature recalculated. Graphs, records and exports now show the new values.',
    );
    expect(recalibrateHistory).toHaveBeenLastCalledWith('d1', 'tempc0', from, true);
    expect(screen.queryByTestId('recalibration-preview')).toBeNull();
  });
});
