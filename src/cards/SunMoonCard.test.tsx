// @vitest-environment happy-dom
// The card shows the station's moonrise and moonset of its local day, and `---` only where the moon does not
// rise or set. Expected times: USNO "Rise and Set for the Moon for 2019" at W081°00′ N29°00′ (see
// src/domain/sunMoon.test.ts), shown in UTC; SunCalc differs from the table by up to a minute.
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS } from '../domain';
import type { Device } from '../domain/contract';
import { SunMoonCard } from './SunMoonCard';

const device: Device = {
  _id: 'd1',
  wsid: 'fl',
  name: 'Florida',
  user: 'u1',
  shareUsers: [],
  consoletype: 6,
  timezone: 'UTC',
  latitude: 29,
  longitude: -81,
  channelNameMapping: [],
  shareMode: 'private',
};

function renderAt(iso: string) {
  render(
    <I18nProvider i18n={i18n}>
      <SunMoonCard
        def={CARD_BY_KEY.sunMoon}
        device={device}
        latest={undefined}
        prefs={{ ...DEFAULT_UNIT_PREFS, time: '24h' }}
        minMax={undefined}
        expanded={false}
        onToggle={() => undefined}
        now={Date.parse(iso)}
      />
    </I18nProvider>,
  );
  return { rise: screen.getByTestId('moonrise').textContent, set: screen.getByTestId('moonset').textContent };
}

describe('sun & moon card: moon times of the station day', () => {
  it('2019-01-01: rises 08:12, sets 19:34 (USNO)', () => {
    const { rise, set } = renderAt('2019-01-01T12:00:00Z');
    expect(rise).toMatch(/^08:1[1-3]$/);
    expect(set).toMatch(/^19:3[3-5]$/);
  });

  it('2019-01-22: no moonrise that day, sets 13:32 (USNO)', () => {
    const { rise, set } = renderAt('2019-01-22T12:00:00Z');
    expect(rise).toBe('---');
    expect(set).toMatch(/^13:3[1-3]$/);
  });
});
