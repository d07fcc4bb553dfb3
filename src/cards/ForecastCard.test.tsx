// @vitest-environment happy-dom
import '../components/test-setup';
import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setEditsDb } from '../db/edits';
import { PortalDb } from '../db/schema';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS } from '../domain';
import type { Device } from '../domain/contract';
import { ForecastCard } from './ForecastCard';
import type { Latest } from './types';

const NOW = Date.UTC(2026, 10, 26, 9) / 1000;
const device: Device = {
  _id: 'd1',
  wsid: 'garden',
  name: 'Garden',
  user: 'u1',
  shareUsers: [],
  consoletype: 0,
  timezone: 'UTC',
  channelNameMapping: [],
  shareMode: 'private',
};
const latest = (time: number) => ({ sample: { time }, time, changes: {} }) as unknown as Latest;

function renderCard(expanded: boolean, uploadedAt = NOW - 60, temperature: 'C' | 'F' = 'C') {
  render(
    <I18nProvider i18n={i18n}>
      <ForecastCard
        def={CARD_BY_KEY.forecast}
        device={device}
        latest={latest(uploadedAt)}
        prefs={{ ...DEFAULT_UNIT_PREFS, temperature }}
        minMax={undefined}
        expanded={expanded}
        onToggle={() => undefined}
        now={NOW * 1000}
      />
    </I18nProvider>,
  );
}

const cardDb = new PortalDb('forecast-card');
beforeAll(async () => {
  const db = cardDb;
  setEditsDb(db);
  const fetchedAt = NOW * 1000;
  await db.forecasts.bulkPut([
    {
      device: 'd1',
      type: 'current',
      columns: ['dt', 'summary', 'pop', 'tempc0', 'trend'],
      rows: [[NOW, 'rain', 0.62, 7.5, 'falling']],
      fetchedAt,
      source: 'open-meteo',
    },
    {
      device: 'd1',
      type: 'hourly',
      columns: ['dt', 'summary', 'pop', 'tempc0'],
      rows: Array.from({ length: 12 }, (_, i) => [NOW + (i + 1) * 3600, 'cloudy', 0.3, 8 + i / 2]),
      fetchedAt,
    },
    {
      device: 'd1',
      type: 'daily',
      columns: ['dt', 'summary', 'pop', 'temp_max', 'temp_min'],
      rows: [
        [Date.UTC(2026, 10, 26) / 1000, 'rain', 0.62, 10, 2],
        [Date.UTC(2026, 10, 27) / 1000, 'sunny', 0.05, 12.5, 1],
      ],
      fetchedAt,
      source: 'open-meteo',
    },
  ]);
});
afterEach(cleanup);

describe('forecast card', () => {
  it('now and the next days with icons, high/low and chance of rain; hours only when expanded', async () => {
    renderCard(false);
    const now = await screen.findByTestId('forecast-current');
    expect(within(now).getByText('Rain', { selector: 'strong' })).toBeTruthy();
    expect(now.textContent).toContain('62%');
    expect(now.textContent).toContain('Pressure falling');
    const days = within(screen.getByTestId('forecast-daily')).getAllByRole('listitem');
    expect(days).toHaveLength(2);
    expect(days[1].textContent).toContain('12.5°');
    expect(days[1].textContent).toContain('1.0°');
    expect(within(days[1]).getByRole('img', { name: 'Sunny' })).toBeTruthy();
    expect(screen.queryByTestId('forecast-hourly')).toBeNull();
    expect(screen.getByTestId('forecast-source').textContent).toBe('Forecast by Open-Meteo');
  });

  it("the station's own forecast says so and shows no days (three identical guesses are no forecast)", async () => {
    const db = new PortalDb('forecast-card-local');
    setEditsDb(db);
    try {
      await db.forecasts.bulkPut([
        {
          device: 'd1',
          type: 'current',
          columns: ['dt', 'summary', 'pop', 'tempc0', 'trend'],
          rows: [[NOW, 'sunny', 0.05, 7.5, 'rising']],
          fetchedAt: NOW * 1000,
          source: 'local',
        },
        {
          device: 'd1',
          type: 'daily',
          columns: ['dt', 'summary', 'pop', 'temp_max', 'temp_min'],
          rows: [0, 1, 2].map((d) => [Date.UTC(2026, 10, 26 + d) / 1000, 'sunny', 0.05, 10, 2]),
          fetchedAt: NOW * 1000,
          source: 'local',
        },
      ]);
      renderCard(false);
      expect((await screen.findByTestId('forecast-source')).textContent).toBe(
        "From this station's barometer: a forecast for the next hours only",
      );
      expect(
        within(screen.getByTestId('forecast-current')).getByText('Sunny', { selector: 'strong' }),
      ).toBeTruthy();
      expect(screen.queryByTestId('forecast-daily')).toBeNull();
    } finally {
      await db.delete();
      setEditsDb(cardDb);
    }
  });

  it('expanded: twelve hours; temperatures in the user’s unit', async () => {
    renderCard(true, NOW - 60, 'F');
    const hours = within(await screen.findByTestId('forecast-hourly')).getAllByRole('listitem');
    expect(hours).toHaveLength(12);
    expect(hours[0].textContent).toContain('46.4°'); // 8 °C
    expect(hours[1].textContent).toContain('47.3°'); // 8.5 °C
  });

  it('no forecast for a station silent for over a day', async () => {
    renderCard(false, NOW - 2 * 86400);
    expect(await screen.findByText('No forecast: the station has not uploaded for over a day.')).toBeTruthy();
  });
});
