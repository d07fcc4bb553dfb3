// @vitest-environment happy-dom
// Offline said plainly (issue 32): while the browser is offline a card's dot is grey and says so, never a green
// "Up to date" for the minutes until the reading ages; back online it is green again. The same while the server
// is unreachable (the top bar's "Offline").
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkDown, StatusDot } from './CardShell';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
afterEach(() => setOnline(true));

describe('status dot', () => {
  it('is grey and says "Offline" while the browser is offline, green "Up to date" again once back', () => {
    render(
      <I18nProvider i18n={i18n}>
        <StatusDot status="fresh" />
      </I18nProvider>,
    );
    expect(screen.getByRole('img', { name: 'Up to date' }).className).toMatch(/fresh/);
    act(() => setOnline(false));
    const dot = screen.getByRole('img', { name: 'Offline: not updating' });
    expect(dot.className).toMatch(/offline/);
    expect(dot.className).not.toMatch(/fresh/);
    act(() => setOnline(true));
    expect(screen.getByRole('img', { name: 'Up to date' })).toBeTruthy();
  });

  it('a stale or lost card is grey too while offline: nothing can be known', () => {
    setOnline(false);
    render(
      <I18nProvider i18n={i18n}>
        <StatusDot status="stale" />
        <StatusDot status="nodata" />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('img', { name: 'Offline: not updating' })).toHaveLength(1);
    // "No data" is words about the sensor, not a state of the link: it stays.
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('is grey while the server is unreachable with the network up (the top bar says Offline too)', () => {
    render(
      <I18nProvider i18n={i18n}>
        <LinkDown.Provider value={true}>
          <StatusDot status="fresh" />
        </LinkDown.Provider>
      </I18nProvider>,
    );
    expect(screen.getByRole('img', { name: 'Offline: not updating' }).className).toMatch(/offline/);
  });
});
