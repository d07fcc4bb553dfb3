// @vitest-environment happy-dom
// Issue 22: a card whose sensor reports appears by itself, a card that never had data is not shown, and the
// owner's own show/hide choices win over both.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInDb } from '../../db/testing';

vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    selectDevice: vi.fn(async () => undefined),
    loadSeries: vi.fn(() => new Promise(() => {})),
    loadForecast: vi.fn(async () => undefined),
  },
}));

const { default: DashboardPage } = await import('./DashboardPage');

const db = signedInDb('cards-follow');
const now = Math.floor(Date.now() / 1000);

function renderDashboard() {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const cardOrder = () => [...document.querySelectorAll('[data-card]')].map((c) => c.getAttribute('data-card'));
const upload = (sample: Record<string, number>) =>
  db.live.put({ device: 'd1', time: now, ...sample } as never);

describe('cards follow the sensors', () => {
  it('shows what the station sends: no empty Indoor, UV or channel cards; lightning and CO₂ appear', async () => {
    // A Wunderground-like upload: outdoor, wind, sea-level pressure, rain; and a lightning sensor and a WH45.
    await upload({
      tempc0: 12,
      humc0: 80,
      windspd: 3,
      relbaro: 1012,
      dailyrain: 1,
      lightning1h: 2,
      co2: 600,
    });
    renderDashboard();
    // The cards render a few a frame (CardGrid's useCardsInSteps).
    await waitFor(() =>
      expect(cardOrder()).toEqual(
        expect.arrayContaining(['outdoor', 'wind', 'baro', 'rain', 'lightning', 'co2']),
      ),
    );
    const cards = cardOrder();
    for (const empty of ['indoor', 'uv', 'light', 'channel1', 'channel2', 'channel3'])
      expect(cards).not.toContain(empty);
    // What the station has no data for is still offered by "Show hidden cards".
    fireEvent.click(screen.getByRole('button', { name: /Show hidden cards/ }));
    expect(screen.getByRole('button', { name: 'Show Indoor' })).toBeTruthy();
  });

  it("keeps the owner's choices: a hidden card with data stays hidden, a shown one without data stays", async () => {
    await upload({ tempc0: 12, lightning1h: 2 });
    renderDashboard();
    await waitFor(() => expect(cardOrder()).toContain('lightning'));
    fireEvent.click(await screen.findByRole('button', { name: 'Card menu: Lightning' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hide card' }));
    await waitFor(() => expect(cardOrder()).not.toContain('lightning'));

    fireEvent.click(screen.getByRole('button', { name: /Show hidden cards/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Show Indoor' }));
    await waitFor(() => expect(cardOrder()).toContain('indoor'));
    const stored = (await db.displaySettings.get('d1'))!;
    expect(stored.chosenList).toEqual(['lightning', 'indoor']);
    // A new reading changes nothing the owner chose.
    await db.live.put({ device: 'd1', time: now + 60, tempc0: 13, lightning1h: 3 } as never);
    await waitFor(async () => expect((await db.live.count()) === 2).toBe(true));
    expect(cardOrder()).not.toContain('lightning');
    expect(cardOrder()).toContain('indoor');
  });
});

describe('the forecast card', () => {
  it('appears by itself once a forecast that says something is held', async () => {
    await upload({ tempc0: 12 });
    await db.forecasts.put({
      device: 'd1',
      type: 'current',
      columns: ['dt', 'summary'],
      rows: [[now, null]],
      fetchedAt: Date.now(),
    });
    renderDashboard();
    await waitFor(() => expect(cardOrder()).toContain('outdoor'));
    expect(cardOrder()).not.toContain('forecast');
    await db.forecasts.put({
      device: 'd1',
      type: 'current',
      columns: ['dt', 'summary'],
      rows: [[now, 'rain']],
      fetchedAt: Date.now(),
    });
    await waitFor(() => expect(cardOrder()).toContain('forecast'));
  });
});
