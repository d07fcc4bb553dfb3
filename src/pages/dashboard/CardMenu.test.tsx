// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS } from '../../cards/cardMenu';
import { signedInDb } from '../../db/testing';

vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    selectDevice: vi.fn(async () => undefined),
    loadSeries: vi.fn(() => new Promise(() => {})),
    loadForecast: vi.fn(async () => undefined),
  },
}));

const { default: DashboardPage } = await import('./DashboardPage');

const db = signedInDb('card-menu');

beforeEach(async () => {
  await db.displaySettings.put({
    _id: 's1',
    weatherDevice: 'd1',
    metricsList: ['outdoor', 'wind', 'rain'],
    detailList: [],
    graphList: [],
    graphRange: 'week',
  });
});
afterEach(() => vi.useRealTimers());

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
const stored = async () => (await db.displaySettings.get('d1'))!;

async function choose(card: string, item: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Card menu: ${card}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('card menu', () => {
  it('hides a card: metricsList without it, queued for the server, and it can be shown again', async () => {
    renderDashboard();
    await waitFor(() => expect(cardOrder()).toEqual(['outdoor', 'wind', 'rain']));
    await choose('Wind', 'Hide card');
    await waitFor(async () => expect((await stored()).metricsList).toEqual(['outdoor', 'rain']));
    await waitFor(() => expect(cardOrder()).toEqual(['outdoor', 'rain']));
    expect(await db.outbox.count()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: /Show hidden cards/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Show Wind' }));
    await waitFor(async () => expect((await stored()).metricsList).toEqual(['outdoor', 'rain', 'wind']));
  });

  it('moves cards up and down in metricsList and toggles the graph in graphList', async () => {
    renderDashboard();
    await waitFor(() => expect(cardOrder()).toEqual(['outdoor', 'wind', 'rain']));
    await choose('Rain', 'Move up');
    await waitFor(async () => expect((await stored()).metricsList).toEqual(['outdoor', 'rain', 'wind']));
    await waitFor(() => expect(cardOrder()).toEqual(['outdoor', 'rain', 'wind']));
    await choose('Outdoor', 'Move down');
    await waitFor(async () => expect((await stored()).metricsList).toEqual(['rain', 'outdoor', 'wind']));

    fireEvent.click(await screen.findByRole('button', { name: 'Card menu: Rain' }));
    const up = await screen.findByRole('menuitem', { name: 'Move up' });
    expect(up.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Show graph' }));
    await waitFor(async () => expect((await stored()).graphList).toEqual(['rain']));
    // The graph opens with the stored period (graphRange 'week').
    expect(await screen.findByRole('button', { name: 'Week', pressed: true })).toBeTruthy();
  });

  it('opening a card shows its graph, as Help says (issue 22)', async () => {
    renderDashboard();
    await waitFor(() => expect(cardOrder()).toEqual(['outdoor', 'wind', 'rain']));
    const wind = document.querySelector('[data-card="wind"]') as HTMLElement;
    expect(wind.querySelector('[aria-pressed]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show details: Wind' }));
    await waitFor(async () => expect((await stored()).detailList).toEqual(['wind']));
    // The period picker of the graph, with the stored period.
    expect(await within(wind).findByRole('button', { name: 'Week', pressed: true })).toBeTruthy();
    expect((await stored()).graphList).toEqual([]);
  });

  it('opens on a 1 s long press on touch; a move over 20 px cancels it', async () => {
    renderDashboard();
    await waitFor(() => expect(cardOrder()).toEqual(['outdoor', 'wind', 'rain']));
    const card = document.querySelector('[data-card="wind"]')!;
    vi.useFakeTimers();
    fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(card, { pointerType: 'touch', clientX: 10, clientY: 40 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS + 10));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(card, { pointerType: 'touch', clientX: 20, clientY: 15 });
    act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 100));
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    vi.useRealTimers();
    expect(await screen.findByRole('menu', { name: 'Card menu: Wind' })).toBeTruthy();
  });
});
