// @vitest-environment happy-dom
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS } from '../domain';
import type { Device } from '../domain/contract';
import { CardSlot, type CardSlotProps } from './CardSlot';
import { OutdoorCard } from './OutdoorCard';
import type { CardProps, Latest } from './types';

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

/** The outdoor card, counting its renders. */
const renders = { n: 0 };
function Counted(props: CardProps) {
  renders.n++;
  return <OutdoorCard {...props} />;
}

const t0 = 1_800_000_000; // a 5-minute boundary
const reading = (time: number, sample: Record<string, number>, changes = {}): Latest => ({
  sample: { time, ...sample },
  time,
  changes,
});

function setup() {
  renders.n = 0;
  const onToggle = vi.fn();
  const base: CardSlotProps = {
    Card: Counted,
    def: CARD_BY_KEY.outdoor,
    device,
    latest: reading(t0, { tempc0: 21.4, windspd: 3 }),
    prefs: DEFAULT_UNIT_PREFS,
    minMax: { min: { tempc0: [10, t0 - 3600] }, max: { tempc0: [22, t0 - 60] } },
    expanded: false,
    onToggle,
    now: t0 * 1000,
  };
  const view = (props: CardSlotProps) => (
    <I18nProvider i18n={i18n}>
      <CardSlot {...props} />
    </I18nProvider>
  );
  const { rerender } = render(view(base));
  return {
    renders,
    onToggle,
    base,
    update: (props: Partial<CardSlotProps>) => rerender(view({ ...base, ...props })),
  };
}

const shown = () => screen.getByTestId('card-outdoor-primary').textContent;

describe('a dashboard card slot', () => {
  it('does not re-render the outdoor card when only another card’s metric changes', () => {
    const { renders, update } = setup();
    expect(renders.n).toBe(1);
    // A new live sample 16 s later: the wind moved, the temperature did not (new objects throughout).
    update({
      latest: reading(t0 + 16, { tempc0: 21.4, windspd: 5 }, { windspd: 'up' }),
      minMax: {
        min: { tempc0: [10, t0 - 3600], windspd: [1, t0] },
        max: { tempc0: [22, t0 - 60], windspd: [5, t0 + 16] },
      },
      prefs: { ...DEFAULT_UNIT_PREFS },
      now: t0 * 1000 + 16_000,
    });
    expect(renders.n).toBe(1);
    expect(shown()).toBe('21.4°C');
  });

  it('re-renders when its own reading, min/max or change arrow moves', () => {
    const { renders, update, base } = setup();
    update({ latest: reading(t0 + 16, { tempc0: 21.9, windspd: 3 }) });
    expect(renders.n).toBe(2);
    expect(shown()).toBe('21.9°C');
    update({ latest: reading(t0 + 16, { tempc0: 21.9, windspd: 3 }, { tempc0: 'up' }) });
    expect(renders.n).toBe(3);
    update({
      latest: reading(t0 + 16, { tempc0: 21.9, windspd: 3 }, { tempc0: 'up' }),
      minMax: { ...base.minMax!, max: { tempc0: [22.5, t0 + 16] } },
    });
    expect(renders.n).toBe(4);
  });

  it('follows the clock only where the card shows it changes: the status dot going stale', () => {
    const { renders, update, base } = setup();
    update({ now: base.now + 5_000 });
    update({ now: base.now + 60_000 });
    expect(renders.n).toBe(1);
    update({ now: base.now + 6 * 60_000 });
    expect(renders.n).toBe(2);
    expect(screen.getByRole('img', { name: 'No update for over 5 minutes' })).toBeTruthy();
  });

  it('re-renders for a new 5-minute bucket (its graph reloads), other units and its own toggle', () => {
    const { renders, update, onToggle } = setup();
    update({ latest: reading(t0 + 300, { tempc0: 21.4, windspd: 3 }), now: (t0 + 300) * 1000 });
    expect(renders.n).toBe(2);
    update({
      latest: reading(t0 + 300, { tempc0: 21.4, windspd: 3 }),
      now: (t0 + 300) * 1000,
      prefs: { ...DEFAULT_UNIT_PREFS, temperature: 'F' },
    });
    expect(renders.n).toBe(3);
    expect(shown()).toBe('70.5°F');
    screen.getByRole('button', { name: 'Show details: Outdoor' }).click();
    expect(onToggle).toHaveBeenCalledWith('outdoor');
  });
});
