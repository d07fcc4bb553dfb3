// @vitest-environment happy-dom
// Issue 22: offline, a graph shows what the device keeps and says more needs a connection (not "No Data"); a
// custom period is not saved as a bare 'custom' range (an empty graph next visit).
import 'fake-indexeddb/auto';
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SeriesData } from '../../workers/api';
import { signedInDb, TEST_DEVICE } from '../db/testing';

const worker = vi.hoisted(() => ({ loadSeries: vi.fn() }));
vi.mock('../bridge/worker', () => ({ dataWorker: worker }));
vi.mock('uplot', () => ({
  default: class {
    setData() {}
    setSize() {}
    destroy() {}
  },
}));
const { GraphPanel } = await import('./GraphPanel');
signedInDb('graph-panel');

const series = (values: number[], fromCache: boolean): SeriesData => ({
  keys: ['tempc0'],
  units: ['°C'],
  x: Float64Array.from(values, (_v, i) => 1_700_000_000 + i * 300),
  ys: [Float64Array.from(values)],
  bucket: '5m',
  from: 1_700_000_000,
  to: 1_700_086_400,
  fromCache,
});

function renderPanel(initialRange: 'day' | 'custom' = 'day', onRangeChange = vi.fn()) {
  render(
    <I18nProvider i18n={i18n}>
      <GraphPanel
        device={TEST_DEVICE}
        keys={['tempc0']}
        series={[{ label: 'Temperature', color: '#e25' }]}
        initialRange={initialRange}
        onRangeChange={onRangeChange}
      />
    </I18nProvider>,
  );
  return onRangeChange;
}

describe('graph panel', () => {
  it('offline with nothing kept: says it needs a connection, not "No Data"', async () => {
    worker.loadSeries.mockResolvedValue(series([], true));
    renderPanel();
    expect((await screen.findByTestId('graph-empty')).textContent).toBe(
      'This device keeps nothing of this period. Connect to see it.',
    );
  });

  it('offline with rows kept: draws them and says more needs a connection', async () => {
    worker.loadSeries.mockResolvedValue(series([1, 2, 3], true));
    renderPanel();
    expect((await screen.findByTestId('graph-offline')).textContent).toContain('More needs a connection');
  });

  it('opens a custom range without its dates as a day, and does not save a bare custom range', async () => {
    worker.loadSeries.mockResolvedValue(series([1, 2], false));
    const onRangeChange = renderPanel('custom');
    expect(await screen.findByRole('button', { name: 'Day', pressed: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    expect(onRangeChange).not.toHaveBeenCalledWith('custom');
  });
});
