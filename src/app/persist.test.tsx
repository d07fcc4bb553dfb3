// @vitest-environment happy-dom
// Persistent storage is asked for once someone is signed in (issue 32: held history and unsent edits could be
// evicted under storage pressure).
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ auth: null as null | { user: { _id: string } } }));
vi.mock('../db/hooks', () => ({ useAuth: () => state.auth }));

const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
beforeEach(() => {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
});

describe('persistent storage', () => {
  it('is asked for once someone is signed in, not before, and only once', async () => {
    const { usePersistentStorage } = await import('./persist');
    const { rerender } = renderHook(() => usePersistentStorage());
    expect(storage.persist).not.toHaveBeenCalled();
    state.auth = { user: { _id: 'u1' } };
    rerender();
    await waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
    rerender();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });
});
