// @vitest-environment happy-dom
// The in-app install button (issue 32): shown once the browser fires beforeinstallprompt, calls its prompt(),
// and gone once the app is installed.
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenForInstall, resetInstall } from '../install';
import { InstallButton } from './InstallButton';

/** What Chromium dispatches: an Event with prompt() and userChoice. */
function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompted: number;
    prompt(): Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompted = 0;
  event.prompt = async () => {
    event.prompted++;
  };
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const button = () => screen.queryByRole('button', { name: 'Install app' });

let stop: () => void;
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  stop = listenForInstall(window);
});
afterEach(() => {
  stop();
  act(() => resetInstall());
});

describe('install button', () => {
  it('is not there until the browser offers the install', () => {
    render(
      <I18nProvider i18n={i18n}>
        <InstallButton />
      </I18nProvider>,
    );
    expect(button()).toBeNull();
    const event = offer();
    // The browser's own mini-infobar is held back: our button offers it.
    expect(event.defaultPrevented).toBe(true);
    expect(button()).not.toBeNull();
  });

  it('calls prompt() once; the offer is used up, and an install hides it for good', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <InstallButton />
      </I18nProvider>,
    );
    const event = offer('dismissed');
    await act(async () => {
      fireEvent.click(button()!);
    });
    expect(event.prompted).toBe(1);
    expect(button()).toBeNull();
    // The browser offers again (dismissed); then the app is installed from its own menu.
    offer();
    expect(button()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(button()).toBeNull();
    offer();
    expect(button()).toBeNull();
  });

  it('is never offered inside the installed app (display-mode: standalone)', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original.call(window, query),
      matches: query === '(display-mode: standalone)',
    })) as typeof window.matchMedia;
    try {
      render(
        <I18nProvider i18n={i18n}>
          <InstallButton />
        </I18nProvider>,
      );
      offer();
      expect(button()).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });
});
