// @vitest-environment happy-dom
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS, type UnitPrefs } from '../domain';
import type { Device } from '../domain/contract';
import { PmCard } from './PmCard';
import type { Latest } from './types';

const device: Device = {
  _id: 'd1',
  wsid: 'garden',
  name: 'Garden',
  user: 'u1',
  shareUsers: [],
  consoletype: 6,
  timezone: 'Europe/Prague',
  channelNameMapping: [],
  shareMode: 'private',
};

const latest = (sample: Record<string, number>): Latest =>
  ({ sample: { time: 1_700_000_000, ...sample }, time: 1_700_000_000, changes: {} }) as unknown as Latest;

function renderCard(sample: Record<string, number>, aqi: UnitPrefs['aqi']) {
  render(
    <I18nProvider i18n={i18n}>
      <PmCard
        def={CARD_BY_KEY.pmChannel1}
        device={device}
        latest={latest(sample)}
        prefs={{ ...DEFAULT_UNIT_PREFS, aqi }}
        minMax={undefined}
        expanded={false}
        onToggle={() => undefined}
        now={Date.now()}
      />
    </I18nProvider>,
  );
  return screen.getByTestId('card-pmChannel1-aqi');
}

afterEach(cleanup);

describe('PM card: the index follows the chosen standard', () => {
  const sample = { pm25c1: 35.4, pm10c1: 20, pm25aqic1: 100, pm10aqic1: 19 };

  it('US EPA: the stored AQI 100, moderate', () => {
    const block = renderCard(sample, 'EPA');
    expect(within(block).getByText('US AQI')).toBeTruthy();
    expect(within(block).getByTestId('card-pmChannel1-aqi-value').textContent).toBe('100');
    expect(within(block).getByText('Moderate')).toBeTruthy();
  });

  it('EU CAQI: 35.4 µg/m³ PM2.5 is 55, medium', () => {
    const block = renderCard(sample, 'CAQI');
    expect(within(block).getByText('EU CAQI')).toBeTruthy();
    expect(within(block).getByTestId('card-pmChannel1-aqi-value').textContent).toBe('55');
    expect(within(block).getByText('Medium')).toBeTruthy();
  });

  it('UK DAQI: the 24-hour mean when the console sends it, else the reading with a note', () => {
    let block = renderCard({ ...sample, pm25avg24hc1: 12, pm10avg24hc1: 10 }, 'DAQI');
    expect(within(block).getByText('UK DAQI')).toBeTruthy();
    expect(within(block).getByTestId('card-pmChannel1-aqi-value').textContent).toBe('2');
    expect(within(block).getByText('Low')).toBeTruthy();
    expect(within(block).queryByText(/no 24-hour mean/)).toBeNull();
    cleanup();
    block = renderCard(sample, 'DAQI');
    expect(within(block).getByTestId('card-pmChannel1-aqi-value').textContent).toBe('3');
    expect(within(block).getByText('From the current reading (no 24-hour mean)')).toBeTruthy();
  });

  it('shows no index without a PM reading', () => {
    render(
      <I18nProvider i18n={i18n}>
        <PmCard
          def={CARD_BY_KEY.pmChannel1}
          device={device}
          latest={undefined}
          prefs={DEFAULT_UNIT_PREFS}
          minMax={undefined}
          expanded={false}
          onToggle={() => undefined}
          now={Date.now()}
        />
      </I18nProvider>,
    );
    expect(screen.queryByTestId('card-pmChannel1-aqi')).toBeNull();
  });
});
