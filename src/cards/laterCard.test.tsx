// @vitest-environment happy-dom
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_BY_KEY, DEFAULT_UNIT_PREFS } from '../domain';
import type { Device } from '../domain/contract';
import { CardSlot } from './CardSlot';
import { laterCard } from './laterCard';
import type { CardProps } from './types';

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

function Loaded(props: CardProps) {
  return <p>loaded {props.def.key}</p>;
}

describe('a card whose code loads after the first paint', () => {
  it('holds its place with its title, then draws the card', async () => {
    let finish!: (c: typeof Loaded) => void;
    const load = vi.fn(() => new Promise<typeof Loaded>((ok) => (finish = ok)));
    const Card = laterCard(load);
    render(
      <I18nProvider i18n={i18n}>
        <CardSlot
          Card={Card}
          def={CARD_BY_KEY.sunMoon}
          device={device}
          latest={undefined}
          prefs={DEFAULT_UNIT_PREFS}
          minMax={undefined}
          expanded={false}
          onToggle={() => {}}
          now={0}
        />
      </I18nProvider>,
    );
    // Before its code is there: the card's place, busy, with the card's title.
    const place = screen.getByRole('heading', { name: 'Sun & moon' }).closest('article');
    expect(place?.getAttribute('aria-busy')).toBe('true');
    expect(place?.getAttribute('data-card')).toBe('sunMoon');
    // Its code is asked for only after the first paint (test-setup marks the shell mounted).
    expect(load).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('loaded sunMoon')).toBeNull();
    finish(Loaded);
    expect(await screen.findByText('loaded sunMoon')).toBeTruthy();
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });
});
