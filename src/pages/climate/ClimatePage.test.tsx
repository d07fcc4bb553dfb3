// @vitest-environment happy-dom
// The Climate page (issue 26): asks the worker for the month in the station's zone, shows the totals in the
// user's units, a row per day, the water balance; a year follows the rain season; the NOAA text downloads.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SETTING, setSetting } from '../../db/settings';
import { signedInDb } from '../../db/testing';
import {
  type ClimateAnswer,
  climateDays,
  climateMonths,
  climateTotals,
  defaultClimateSettings,
  periodBounds,
} from '../../domain/climate/summary';
import ClimatePage from './ClimatePage';

const settings = defaultClimateSettings('UTC');
function answerFor(period: string): ClimateAnswer {
  const year = period.length === 4;
  const p = year
    ? ({ kind: 'year', y: Number(period) } as const)
    : ({ kind: 'month', y: Number(period.slice(0, 4)), m: Number(period.slice(5)) } as const);
  const [from, to] = periodBounds(p, 'UTC', 7);
  const day = from + 9 * 86400;
  const b = (t: number, temp: number, rain: number) => ({
    time: t,
    span: 300,
    aggs: {
      tempc0: [1, temp, temp, temp, temp] as [number, number, number, number, number],
      dailyrain: [1, rain, rain, rain, rain] as [number, number, number, number, number],
    },
  });
  const days = climateDays([b(day, 2, 0), b(day + 14 * 3600, 12, 2.4)], from, to, settings);
  const { timeZone: _z, ...rest } = settings;
  return {
    device: 'd1',
    period,
    from,
    to,
    timeZone: 'UTC',
    settings: { ...rest, rainSeasonStart: 7 },
    days,
    totals: climateTotals(days),
    months: year ? climateMonths(days) : undefined,
  };
}

type Options = { normals?: boolean; compare?: string | null };
const loadClimate = vi.fn(async (_d: string, period: string, format: string, options: Options = {}) => {
  if (format === 'noaa') return 'MONTHLY CLIMATOLOGICAL SUMMARY';
  const a = answerFor(period);
  if (options.normals)
    a.normals = a.days.map((d) => ({ date: d.date, years: 3, tempMean: 5, tempP10: 1, tempP90: 9, rain: 1 }));
  if (options.compare) {
    const other = answerFor(`${options.compare}${period.slice(4)}`);
    a.compare = {
      period: other.period,
      from: other.from,
      to: other.to,
      days: other.days,
      totals: other.totals,
    };
  }
  return a;
});
vi.mock('../../bridge/worker', () => ({
  dataWorker: { loadClimate: (...a: [string, string, string, Options]) => loadClimate(...a) },
}));

const db = signedInDb('climate-page');

function open() {
  const router = createMemoryRouter([{ path: '/climate/:id?', element: <ClimatePage /> }], {
    initialEntries: ['/climate/d1'],
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('Climate page', () => {
  it('shows the month in the user’s units, a row per day and the water balance', async () => {
    await setSetting(db, SETTING.units, { temperature: 'F' });
    open();
    const totals = await screen.findByTestId('climate-totals');
    const month = loadClimate.mock.calls[0][1];
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    expect(loadClimate).toHaveBeenCalledWith('d1', month, 'json', { normals: true, compare: null });
    // Mean 7 °C = 44.6 °F; high 12 °C = 53.6 °F; HDD 11.3 °C·d = 20.3 °F·d.
    await waitFor(() => expect(within(totals).getByText('44.6 °F')).toBeTruthy());
    expect(within(totals).getByText('53.6 °F')).toBeTruthy();
    expect(within(totals).getByText('20.3 °F·d')).toBeTruthy();
    const rows = within(screen.getByTestId('climate-days')).getAllByRole('row');
    expect(rows.length).toBe(answerFor(month).days.length + 1);
    expect(screen.getByTestId('water-balance').textContent).toContain('+2.4 mm');
  });

  it('draws the normal band, and another year over this one when chosen', async () => {
    open();
    const chart = await screen.findByTestId('temperature-normals');
    expect(within(chart).getAllByTestId('normal-band').length).toBe(1);
    expect(within(chart).queryByTestId('compare-line')).toBeNull();
    const month = loadClimate.mock.calls.at(-1)![1];
    const last = String(Number(month.slice(0, 4)) - 1);
    fireEvent.change(screen.getByLabelText('Compare with'), { target: { value: last } });
    await waitFor(() =>
      expect(loadClimate).toHaveBeenLastCalledWith('d1', month, 'json', { normals: true, compare: last }),
    );
    expect(await screen.findByTestId('compare-line')).toBeTruthy();
    expect(screen.getByTestId('temperature-normals').textContent).toContain(`${last}${month.slice(4)}`);
  });

  it('a year follows the rain season, and the NOAA text downloads', async () => {
    open();
    await screen.findByTestId('climate-totals');
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'year' } });
    await screen.findByTestId('climate-months');
    const year = loadClimate.mock.calls.at(-1)![1];
    expect(year).toMatch(/^\d{4}$/);
    expect(screen.getByText(/The year starts in July/)).toBeTruthy();
    const click = vi.fn();
    const create = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const el = create(tag);
      if (tag === 'a') el.click = click;
      return el;
    });
    fireEvent.click(screen.getByRole('button', { name: 'NOAA text' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(loadClimate).toHaveBeenCalledWith('d1', year, 'noaa');
  });
});
