// @vitest-environment happy-dom
// The update prompt in every tab, the guard that keeps a tab with unsaved input from reloading by itself, and the
// kiosk that applies a waiting update once nobody has touched it (issue 32). The service worker's side is
// src/bridge/sw-register.test.ts.
import '../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUi } from '../state/ui';

const sw = vi.hoisted(() => ({
  ready: new Set<() => void>(),
  guard: (() => true) as () => boolean,
  applyUpdate: vi.fn(),
}));
vi.mock('../bridge/sw-register', () => ({
  onUpdateReady: (cb: () => void) => {
    sw.ready.add(cb);
    return () => sw.ready.delete(cb);
  },
  setReloadGuard: (g: () => boolean) => {
    sw.guard = g;
  },
  applyUpdate: sw.applyUpdate,
}));

const { KIOSK_IDLE_MS, UpdatePrompt } = await import('./UpdatePrompt');

function renderPrompt(extra?: React.ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      {extra}
      <UpdatePrompt />
    </I18nProvider>,
  );
}
const announce = () =>
  act(() => {
    for (const cb of sw.ready) cb();
  });

beforeEach(() => {
  vi.useFakeTimers();
  sw.applyUpdate.mockClear();
  useUi.getState().setFullscreen(false);
});
afterEach(() => vi.useRealTimers());

describe('update prompt', () => {
  it('shows the prompt when an update waits; Reload applies it', () => {
    renderPrompt();
    expect(screen.queryByText('A new version is available')).toBeNull();
    announce();
    expect(screen.getByText('A new version is available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(sw.applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('lets the tab reload by itself only while no form holds typed, unsent input', () => {
    renderPrompt(
      <form onSubmit={(e) => e.preventDefault()}>
        <input aria-label="Name" />
        <button type="submit">Save</button>
      </form>,
    );
    expect(sw.guard()).toBe(true);
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'typed' } });
    expect(sw.guard()).toBe(false);
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form') as HTMLFormElement);
    expect(sw.guard()).toBe(true);
  });

  it('the kiosk applies a waiting update after a minute untouched; a touch restarts the wait', () => {
    useUi.getState().setFullscreen(true);
    renderPrompt();
    announce();
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000));
    fireEvent.pointerDown(window);
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS - 1000));
    expect(sw.applyUpdate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(sw.applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('the kiosk waits while a form holds unsent input; a tab that is no kiosk never applies by itself', () => {
    useUi.getState().setFullscreen(true);
    const { rerender } = renderPrompt(
      <form>
        <input aria-label="Note" />
      </form>,
    );
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'x' } });
    announce();
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS * 3));
    expect(sw.applyUpdate).not.toHaveBeenCalled();
    act(() => useUi.getState().setFullscreen(false));
    rerender(
      <I18nProvider i18n={i18n}>
        <UpdatePrompt />
      </I18nProvider>,
    );
    act(() => vi.advanceTimersByTime(KIOSK_IDLE_MS * 3));
    expect(sw.applyUpdate).not.toHaveBeenCalled();
  });
});
