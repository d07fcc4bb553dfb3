// @vitest-environment happy-dom
// The chart hands the worker's typed arrays to uPlot as they are (uPlot is replaced: happy-dom has no canvas).
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SeriesData } from '../../workers/api';
import { UPlotChart } from './UPlotChart';

const made: { opts: { series: { label?: string }[] }; data: unknown[]; setData: ReturnType<typeof vi.fn> }[] =
  [];
vi.mock('uplot', () => ({
  default: class {
    setData = vi.fn();
    constructor(opts: { series: { label?: string }[] }, data: unknown[]) {
      made.push({ opts, data, setData: this.setData });
    }
    setSize() {}
    destroy() {}
  },
}));

const series = (t0: number, values: number[]): SeriesData => ({
  keys: ['tempc0'],
  units: ['°C'],
  x: Float64Array.from(values, (_v, i) => t0 + i * 300),
  ys: [Float64Array.from(values)],
  bucket: '5m',
  from: t0,
  to: t0 + 86_400,
  fromCache: false,
});

describe('uPlot chart', () => {
  it("draws the worker's Float64Arrays without copying them, on build and on new data", () => {
    const first = series(1_700_000_000, [1, Number.NaN, 3]);
    const lines = [{ label: 'Temperature', color: '#e25' }];
    const view = (data: SeriesData) => (
      <I18nProvider i18n={i18n}>
        <UPlotChart data={data} series={lines} timeZone="UTC" />
      </I18nProvider>
    );
    const { container, rerender } = render(view(first));
    expect(made).toHaveLength(1);
    expect(made[0].data[0]).toBe(first.x);
    expect(made[0].data[1]).toBe(first.ys[0]);
    expect(made[0].opts.series.map((s) => s.label)).toEqual(['Time', 'Temperature (°C)']);
    // Two of the three times have a value (the bench and tests wait on this).
    expect(container.querySelector('[data-points]')?.getAttribute('data-points')).toBe('2');

    const next = series(1_700_000_900, [4, 5]);
    rerender(view(next));
    expect(made).toHaveLength(1); // same shape: the plot is kept
    const [data] = made[0].setData.mock.lastCall as [unknown[]];
    expect(data[0]).toBe(next.x);
    expect(data[1]).toBe(next.ys[0]);
  });

  it("is built again when the theme changes, so grid and text take the new theme's colours", async () => {
    made.length = 0;
    const data = series(1_700_000_000, [1, 2]);
    render(
      <I18nProvider i18n={i18n}>
        <UPlotChart data={data} series={[{ label: 'Temperature', color: '#e25' }]} timeZone="UTC" />
      </I18nProvider>,
    );
    expect(made).toHaveLength(1);
    await act(async () => {
      document.documentElement.dataset.theme = 'dark';
      await new Promise((r) => setTimeout(r, 0)); // the MutationObserver's callback
    });
    expect(made).toHaveLength(2);
    delete document.documentElement.dataset.theme;
  });
});
