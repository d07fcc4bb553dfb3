// The engine's shape: methods wait for start(), and background work a handler starts (forecast, last data,
// queued edits, history catch-up) logs its failure with what it was doing instead of dropping it.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataEngine } from './engine';
import { deviceHandlers } from './features/devices';
import { onSignedIn } from './features/session';
import type { Runtime } from './runtime';
import { tempDb } from './testing';

afterEach(() => vi.restoreAllMocks());

/** A runtime whose parts answer what these tests need; `parts` overrides them. */
function fakeRuntime(parts: Record<string, unknown>): Runtime {
  const db = tempDb();
  return {
    db,
    live: {
      select: async () => undefined,
      restore: async () => undefined,
      rewatch: async () => undefined,
      selectedDevice: 'd1',
    },
    sync: { loadAll: async () => [{ _id: 'd1' }, { _id: 'd2' }] },
    history: { catchUp: async () => undefined },
    outbox: { flush: async () => 0 },
    forecasts: { load: async () => undefined },
    ...parts,
  } as unknown as Runtime;
}

const boom = new Error('socket closed');
const failing = () => Promise.reject(boom);

describe('data engine', () => {
  it('rejects a call before start() as a 500', async () => {
    const engine = createDataEngine({ db: tempDb(), timers: false });
    await expect(engine.reload()).rejects.toMatchObject({ message: 'Data worker not started', code: 500 });
    await expect(engine.runtime()).rejects.toMatchObject({ code: 500 });
  });

  it('logs a failed forecast load after selecting a device, with the device', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await deviceHandlers.selectDevice(fakeRuntime({ forecasts: { load: failing } }), 'd1', false);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[worker] loading the forecast of', 'd1', boom));
  });

  it('after sign-in, logs each failed background step with what it was doing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await onSignedIn(
      fakeRuntime({
        outbox: { flush: failing },
        history: { catchUp: failing },
        forecasts: { load: failing },
      }),
    );
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledWith('[worker] sending queued edits after sign-in', boom);
      expect(warn).toHaveBeenCalledWith('[worker] history catch-up of', 'd1', boom);
      expect(warn).toHaveBeenCalledWith('[worker] history catch-up of', 'd2', boom);
      expect(warn).toHaveBeenCalledWith('[worker] loading the forecast of', 'd1', boom);
    });
  });
});
