// @vitest-environment happy-dom
// What this browser holds and how much (issue 32); asking for persistent storage is src/app/persist.test.tsx.
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../db/hooks', () => ({
  useLocalHoldings: () => ({ stations: 2, readings: 12345, graphs: 4, edits: 1 }),
}));

const storage = {
  persisted: vi.fn(async () => false),
  persist: vi.fn(async () => true),
  estimate: vi.fn(async () => ({ usage: 12_300_000, quota: 2_000_000_000 })),
};
beforeEach(() => {
  vi.resetModules();
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
});

describe('kept on this device', () => {
  it('says how much is held, what, and whether the browser keeps it', async () => {
    const { LocalData } = await import('./LocalData');
    render(
      <I18nProvider i18n={i18n}>
        <LocalData />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Kept on this device' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('12 MB of 2 GB')).toBeTruthy());
    expect(screen.getByText('12,345')).toBeTruthy();
    expect(screen.getByText('No: the browser may clear it when space runs short')).toBeTruthy();
  });

  it('formats bytes in the reader language', async () => {
    const { formatBytes } = await import('./LocalData');
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(1_500_000, 'de')).toBe('1,5 MB');
  });
});
