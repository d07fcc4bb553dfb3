import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkError } from './chunk-reload';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    get length() {
      return m.size;
    },
  };
}

describe('chunk-load failures (spec §8)', () => {
  it('recognises the browsers’ dynamic import errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Device not found'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, storage, reload)).toBe(true);
    expect(reloadForChunkError(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, storage, reload)).toBe(false);
    expect(reloadForChunkError(1_000_000 + CHUNK_RELOAD_GUARD_MS, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
