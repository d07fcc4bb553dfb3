// @vitest-environment happy-dom
// The backfill block of the import page: the days default to the station's gaps, the keys asked are the chosen
// vendor's (stored ones shown masked), Start sends the local days as a [from, to) range, the running backfill's
// progress and Stop, and the outcome or the error in words.
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BackfillJob, BackfillState } from '../../domain/backfill';
import { BackfillPanel } from './BackfillPanel';
import type { BackfillApi } from './useBackfill';

vi.mock('../../db/hooks', async () => {
  const { DEFAULT_UNIT_PREFS } = await import('../../domain');
  return { useUnits: () => DEFAULT_UNIT_PREFS };
});
vi.mock('../../bridge/worker', () => ({ dataWorker: {} }));

const ZONE = 'Europe/Prague';
/** 27 November 2026, 12:00 in Prague. */
const NOW = Date.UTC(2026, 10, 27, 11) / 1000;
const midnight = (d: number) => Date.UTC(2026, 10, d - 1, 23) / 1000; // Prague midnight of 2026-11-d (CET)

function job(over: Partial<BackfillJob>): BackfillJob {
  return {
    _id: 'a'.repeat(24),
    device: 'dev1',
    format: 'ecowitt-cloud',
    source: 'backfill',
    fileName: 'Ecowitt.net 2026-11-20 – 2026-11-21',
    policy: 'keep',
    status: 'running',
    position: 0,
    imported: 0,
    skipped: 0,
    error: null,
    createdAt: NOW * 1000,
    updatedAt: NOW * 1000,
    vendor: 'ecowitt',
    from: midnight(20),
    to: midnight(22),
    requests: { done: 0, planned: 2 },
    waitingUntil: null,
    days: 0,
    ...over,
  };
}

function fakeApi(states: BackfillState[]) {
  let i = 0;
  const api = {
    backfillState: vi.fn(async () => states[Math.min(i++, states.length - 1)]),
    startBackfill: vi.fn(async () => job({})),
    cancelBackfill: vi.fn(async () => job({ status: 'cancelled' })),
    forgetBackfillKeys: vi.fn(async () => undefined),
    loadStationGaps: vi.fn(async () => ({
      interval: 300,
      from: NOW - 31 * 86400,
      to: NOW,
      count: 1,
      coverage: 0.9,
      gaps: [{ from: midnight(20) + 3600, to: midnight(21) + 7200, missing: 300, ongoing: false }],
    })),
  } satisfies BackfillApi;
  return api;
}

const show = (api: BackfillApi) =>
  render(
    <I18nProvider i18n={i18n}>
      <BackfillPanel device="dev1" timeZone={ZONE} online api={api} now={NOW} />
    </I18nProvider>,
  );

describe('Backfill from the vendor’s cloud', () => {
  it('offers the gaps’ days, asks the chosen vendor’s keys and starts with the local days as a range', async () => {
    const api = fakeApi([{ source: null, jobs: [] }]);
    show(api);
    expect(screen.getByRole('heading', { name: 'Backfill from the vendor’s cloud' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('From (first day)')).toHaveProperty('value', '2026-11-20'),
    );
    expect(screen.getByLabelText('To (last day)')).toHaveProperty('value', '2026-11-21');
    expect(api.loadStationGaps).toHaveBeenCalledWith('dev1', 31);
    const start = screen.getByRole('button', { name: 'Start the backfill' });
    expect(start).toHaveProperty('disabled', true); // no keys yet
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'wunderground' } });
    expect(screen.queryByLabelText('Application key')).toBeNull();
    fireEvent.change(screen.getByLabelText('Station ID'), { target: { value: 'IPRAGUE123' } });
    const key = screen.getByLabelText('API key');
    expect(key).toHaveProperty('type', 'password');
    fireEvent.change(key, { target: { value: 'wu-key-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the backfill' }));
    await waitFor(() =>
      expect(api.startBackfill).toHaveBeenCalledWith({
        device: 'dev1',
        vendor: 'wunderground',
        keys: { stationId: 'IPRAGUE123', apiKey: 'wu-key-0123' },
        from: midnight(20),
        to: midnight(22),
      }),
    );
  });

  it('shows the stored keys masked, a running backfill’s progress with Stop, then its outcome', async () => {
    const source = {
      vendor: 'ecowitt' as const,
      keys: { applicationKey: '••••6789', apiKey: '••••t-42', mac: 'AA:BB:CC:DD:EE:FF' },
      updatedAt: NOW * 1000,
    };
    const running = job({ requests: { done: 1, planned: 2 }, imported: 288 });
    const api = fakeApi([
      { source, jobs: [running] },
      {
        source,
        jobs: [
          job({ status: 'done', imported: 564, skipped: 12, days: 2, requests: { done: 2, planned: 2 } }),
        ],
      },
    ]);
    show(api);
    await screen.findByText('Fetching from Ecowitt.net: 1 of 2 days, 288 readings added so far');
    await waitFor(() =>
      expect(screen.getByLabelText('MAC address of the console')).toHaveProperty(
        'value',
        'AA:BB:CC:DD:EE:FF',
      ),
    );
    expect(screen.getByLabelText('API key')).toHaveProperty('value', '••••t-42');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(api.cancelBackfill).toHaveBeenCalledWith(running._id));
    await screen.findByText(
      'Added 564 readings over 2 days from Ecowitt.net; 12 skipped because the station has its own readings for those times.',
    );
  });

  it('keeps the days the owner picked when the gaps answer comes later', async () => {
    const api = fakeApi([{ source: null, jobs: [] }]);
    let answer: (r: Awaited<ReturnType<BackfillApi['loadStationGaps']>>) => void = () => undefined;
    api.loadStationGaps.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as never)));
    show(api);
    fireEvent.change(screen.getByLabelText('From (first day)'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To (last day)'), { target: { value: '2026-11-02' } });
    answer({ interval: 300, from: 0, to: NOW, count: 0, coverage: 1, gaps: [] });
    await waitFor(() => expect(api.loadStationGaps).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByLabelText('From (first day)')).toHaveProperty('value', '2026-11-01');
    expect(screen.getByLabelText('To (last day)')).toHaveProperty('value', '2026-11-02');
  });

  it('says why a backfill stopped, in words', async () => {
    const api = fakeApi([
      {
        source: null,
        jobs: [job({ status: 'failed', error: 'auth: Ecowitt.net refused the keys (40011)', imported: 0 })],
      },
    ]);
    show(api);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The vendor refused the keys. Check them in your account there and enter them again. 0 readings were added before it stopped.',
    );
  });
});
