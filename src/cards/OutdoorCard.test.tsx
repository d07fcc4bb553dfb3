// @vitest-environment happy-dom
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS } from '../domain';
import type { Device } from '../domain/contract';
import { OutdoorCard } from './OutdoorCard';
import type { Latest } from './types';

const device: Device = {
  _id: 'd1',
  wsid: 'garden',
  name: 'Garden',
  user: 'u1',
  shareUsers: [],
  consoletype: 0,
  timezone: 'Europe/Prague',
  channelNameMapping: [],
  shareMode: 'private',
};

function renderCard(latest: Latest | undefined, prefs = DEFAULT_UNIT_PREFS) {
  render(
    <I18nProvider i18n={i18n}>
      <OutdoorCard
        def={CARD_BY_KEY.outdoor}
        device={device}
        latest={latest}
        prefs={prefs}
        minMax={undefined}
        expanded={false}
        onToggle={() => undefined}
        now={Date.now()}
      />
    </I18nProvider>,
  );
}

describe('outdoor card', () => {
  it('shows --- without a unit when there is no value', () => {
    renderCard({ sample: { time: 1, tempc0: null }, time: 1, changes: {} });
    expect(screen.getByRole('heading', { name: 'Outdoor' })).toBeTruthy();
    expect(screen.getByTestId('card-outdoor-primary').textContent).toBe('---');
  });

  it('shows --- for an out-of-range value and before any data', () => {
    renderCard({ sample: { time: 1, tempc0: 999 }, time: 1, changes: {} });
    expect(screen.getByTestId('card-outdoor-primary').textContent).toBe('---');
    cleanup();
    renderCard(undefined);
    expect(screen.getByTestId('card-outdoor-primary').textContent).toBe('---');
  });

  it('formats the temperature with its unit, the secondaries and the change arrow', () => {
    const now = Math.floor(Date.now() / 1000);
    renderCard({
      sample: { time: now, tempc0: 21.46, humc0: 55, feelslike: 21.1, dewpoint: 12.04 },
      time: now,
      changes: { tempc0: 'up' },
    });
    expect(screen.getByTestId('card-outdoor-primary').textContent).toBe('21.5°C');
    expect(screen.getByRole('img', { name: 'Rising' })).toBeTruthy();
    expect(screen.getByText('Humidity').nextElementSibling?.textContent).toBe('55%');
    expect(screen.getByText('Dew point').nextElementSibling?.textContent).toBe('12.0°C');
    expect(screen.getByRole('img', { name: 'Up to date' })).toBeTruthy();
  });

  it('follows the unit preference and the language', () => {
    renderCard(
      { sample: { time: 1, tempc0: 20 }, time: 1, changes: {} },
      { ...DEFAULT_UNIT_PREFS, temperature: 'F' },
    );
    expect(screen.getByTestId('card-outdoor-primary').textContent).toBe('68.0°F');
    cleanup();
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    try {
      renderCard({ sample: { time: 1, tempc0: 1234.5 - 1230 }, time: 1, changes: {} });
      expect(screen.getByTestId('card-outdoor-primary').textContent).toBe('4,5°C');
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });

  it('marks a reading older than 5 minutes as stale', () => {
    const old = Math.floor(Date.now() / 1000) - 600;
    renderCard({ sample: { time: old, tempc0: 3 }, time: old, changes: {} });
    expect(screen.getByRole('img', { name: 'No update for over 5 minutes' })).toBeTruthy();
  });
});
