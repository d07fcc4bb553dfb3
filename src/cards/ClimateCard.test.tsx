// @vitest-environment happy-dom
// Issue 26: the evapotranspiration and degree-day card shows the day so far in the user's units, and today's mean
// against the station's own normal (from the month's climate summary the data worker keeps).
import 'fake-indexeddb/auto';
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInDb, TEST_DEVICE } from '../db/testing';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS, type UnitPrefs } from '../domain';
import type { ClimateAnswer } from '../domain/climate/summary';
import { ClimateCard } from './ClimateCard';
import type { Latest } from './types';

const worker = vi.hoisted(() => ({ loadClimate: vi.fn() }));
vi.mock('../bridge/worker', () => ({ dataWorker: worker }));

signedInDb('climate-card');
const device = { ...TEST_DEVICE, timezone: 'UTC' };
const NOW = Date.UTC(2026, 10, 26, 15) / 1000;
const latest: Latest = {
  sample: { time: NOW, et0day: 1.84, hddday: 6.25, cddday: 0, gddday: 1.5 },
  time: NOW,
  changes: {},
};

/** A month's answer with today's mean and, when given, today's normal. */
function answer(tempMean: number | null, normal?: { tempMean: number; tempP10: number; tempP90: number }) {
  return {
    days: [{ date: '2026-11-26', tempMean }],
    normals: normal ? [{ date: '2026-11-26', years: 3, rain: 1, ...normal }] : null,
  } as unknown as ClimateAnswer;
}

function renderCard(prefs: UnitPrefs = DEFAULT_UNIT_PREFS) {
  render(
    <I18nProvider i18n={i18n}>
      <ClimateCard
        def={CARD_BY_KEY.climate}
        device={device}
        latest={latest}
        prefs={prefs}
        minMax={undefined}
        expanded={false}
        onToggle={() => undefined}
        now={NOW * 1000}
      />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  worker.loadClimate.mockReset();
});

describe('evapotranspiration and degree-day card', () => {
  it('shows ET₀ today large and the degree days under it', async () => {
    worker.loadClimate.mockResolvedValue(answer(12.1, undefined));
    renderCard();
    expect(screen.getByRole('heading', { name: 'ET₀ & degree days' })).toBeTruthy();
    expect(screen.getByTestId('card-climate-primary').textContent).toBe('1.8mm');
    expect(screen.getByText('Heating degree days').nextElementSibling?.textContent).toBe('6.3°C·d');
    expect(screen.getByText('Growing degree days').nextElementSibling?.textContent).toBe('1.5°C·d');
    // The month of the station's day, with its normals (asked after the first paint: components/firstPaint.ts).
    await waitFor(() =>
      expect(worker.loadClimate).toHaveBeenCalledWith(device._id, '2026-11', 'json', { normals: true }),
    );
  });

  it('in Fahrenheit and inches: °F·day (×1.8, no offset) and inches of water', async () => {
    worker.loadClimate.mockResolvedValue(answer(null));
    renderCard({ ...DEFAULT_UNIT_PREFS, temperature: 'F', rain: 'in' });
    expect(screen.getByTestId('card-climate-primary').textContent).toBe('0.07in');
    expect(screen.getByText('Heating degree days').nextElementSibling?.textContent).toBe('11.3°F·d');
  });

  it('says how far today is from the normal, and where it falls in the station’s years', async () => {
    worker.loadClimate.mockResolvedValue(answer(12.1, { tempMean: 9.8, tempP10: 7, tempP90: 11.5 }));
    renderCard();
    const line = await screen.findByTestId('card-climate-normal');
    expect(line.textContent).toContain('+2.3 °C vs normal');
    expect(line.textContent).toContain("Today's mean 12.1 °C, normal 9.8 °C: warmer than 9 years in 10");
  });

  it('in Fahrenheit the difference is ×1.8 without the offset; a cold day is below the band', async () => {
    worker.loadClimate.mockResolvedValue(answer(5, { tempMean: 9.8, tempP10: 7, tempP90: 11.5 }));
    renderCard({ ...DEFAULT_UNIT_PREFS, temperature: 'F' });
    const line = await screen.findByTestId('card-climate-normal');
    expect(line.textContent).toContain('−8.6 °F vs normal');
    expect(line.textContent).toContain('colder than 9 years in 10');
  });

  it('no line without a normal (less than a year of history) or when nothing is kept offline', async () => {
    worker.loadClimate.mockResolvedValue(answer(12.1));
    renderCard();
    await vi.waitFor(() => expect(worker.loadClimate).toHaveBeenCalled());
    // The answer has been applied (an answer with a normal shows its line by then: the test above).
    await act(async () => {
      await worker.loadClimate.mock.results[0].value;
    });
    expect(screen.queryByTestId('card-climate-normal')).toBeNull();
    cleanup();
    worker.loadClimate.mockResolvedValue(null);
    renderCard();
    await vi.waitFor(() => expect(worker.loadClimate).toHaveBeenCalled());
    await act(async () => {
      await worker.loadClimate.mock.results[0].value;
    });
    expect(screen.queryByTestId('card-climate-normal')).toBeNull();
  });
});
