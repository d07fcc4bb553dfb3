// The station's backfill state on the import page: the stored keys (masked), its backfills, and the running one
// polled until it ends. The calls go through the data worker (workers/backfill.ts); tests hand their own.
import { useCallback, useEffect, useRef, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import type { BackfillJob, BackfillRequest, BackfillState } from '../../domain/backfill';
import type { GapReport } from '../../domain/gaps';
import { errorText } from '../../state/ui';

export interface BackfillApi {
  backfillState(device: string): Promise<BackfillState>;
  startBackfill(req: BackfillRequest): Promise<BackfillJob>;
  cancelBackfill(job: string): Promise<BackfillJob>;
  forgetBackfillKeys(device: string): Promise<void>;
  loadStationGaps(device: string, days: number): Promise<GapReport>;
}

const POLL_MS = 1000;

/** `connected`: the state is (re)loaded when the socket comes (back); a load that failed before is not kept. */
export function useBackfill(device: string | undefined, api: BackfillApi = dataWorker, connected = true) {
  const [state, setState] = useState<BackfillState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const current = useRef(device);
  current.current = device;

  const refresh = useCallback(async () => {
    if (!device) return;
    try {
      const next = await api.backfillState(device);
      if (current.current !== device) return;
      setState(next);
      setError(null);
    } catch (e) {
      if (current.current === device) setError(errorText(e));
    }
  }, [device, api]);

  // Another station: its state is not the last one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: device is the reset trigger
  useEffect(() => {
    setState(null);
    setError(null);
  }, [device]);
  useEffect(() => {
    if (connected) void refresh();
  }, [refresh, connected]);

  const running = state?.jobs.find((j) => j.status === 'running') ?? null;
  useEffect(() => {
    if (!running?._id) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [running?._id, refresh]);

  return {
    state,
    error,
    starting,
    running,
    async start(req: BackfillRequest) {
      setError(null);
      setStarting(true);
      try {
        await api.startBackfill(req);
        await refresh();
      } catch (e) {
        setError(errorText(e));
      } finally {
        setStarting(false);
      }
    },
    async cancel(job: BackfillJob) {
      try {
        await api.cancelBackfill(job._id);
      } catch (e) {
        setError(errorText(e));
      }
      await refresh();
    },
    async forget() {
      if (!device) return;
      try {
        await api.forgetBackfillKeys(device);
      } catch (e) {
        setError(errorText(e));
      }
      await refresh();
    },
  };
}
