// @vitest-environment happy-dom
// Issue 22: a station that sends only sea-level pressure (Wunderground) shows it, never "---", and says which
// pressure it is; the Overview card follows the Relative/Absolute setting.
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_DEVICE } from '../db/testing';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS, type UnitPrefs } from '../domain';
import { BaroCard } from './BaroCard';
import { OverviewCard } from './OverviewCard';
import type { Latest } from './types';

const now = Math.floor(Date.now() / 1000);
const latest = (sample: Record<string, number>): Latest => ({
  sample: { time: now, ...sample },
  time: now,
  changes: {},
});

function renderCard(Card: typeof BaroCard, key: string, l: Latest, prefs: UnitPrefs = DEFAULT_UNIT_PREFS) {
  render(
    <I18nProvider i18n={i18n}>
      <Card
        def={CARD_BY_KEY[key]}
        device={TEST_DEVICE}
        latest={l}
        prefs={prefs}
        minMax={undefined}
        expanded={false}
        onToggle={() => undefined}
        now={Date.now()}
      />
    </I18nProvider>,
  );
}

describe('barometer card', () => {
  it('shows the sea-level pressure a station sends alone, though the setting is Absolute, and says so', () => {
    renderCard(BaroCard, 'baro', latest({ relbaro: 1012.3 }));
    expect(screen.getByTestId('card-baro-primary').textContent).toBe('1,012.3hPa');
    expect(screen.getByTestId('card-baro-which').textContent).toBe('Relative, at sea level');
    expect(screen.queryByText('Absolute')).toBeNull();
  });

  it('shows the preferred pressure when both are sent', () => {
    renderCard(BaroCard, 'baro', latest({ relbaro: 1012.3, absbaro: 980.1 }));
    expect(screen.getByTestId('card-baro-primary').textContent).toBe('980.1hPa');
    expect(screen.getByTestId('card-baro-which').textContent).toBe('Absolute, at the station');
  });
});

describe('overview card', () => {
  it('follows the Relative/Absolute setting', () => {
    renderCard(OverviewCard, 'overview', latest({ tempc0: 10, relbaro: 1012.3, absbaro: 980.1 }), {
      ...DEFAULT_UNIT_PREFS,
      barometer: 'Rel',
    });
    expect(screen.getByText('Pressure').nextElementSibling?.textContent).toBe('1,012.3hPa');
  });
});
