// Loads a graph's series from the data worker (which answers from Dexie when it can). Spec §4 Graph: while a
// load runs, a new reading marks the graph refresh-pending; it reloads once more 1 s after the load ends.
import { useEffect, useRef, useState } from 'react';
import type { SeriesData } from '../../workers/api';
import { dataWorker } from '../bridge/worker';
import { afterFirstPaint } from '../components/firstPaint';
import type { BucketRange } from '../domain';
import { errorText } from '../state/ui';

export const REFRESH_WAIT_MS = 1000;

export interface SeriesState {
  loading: boolean;
  data: SeriesData | null;
  error: string | null;
}

export function useSeries(
  device: string | null,
  keys: string[],
  window: { from: number; to: number; bucket: BucketRange } | null,
  /** Changes when new data arrives (e.g. the newest sample time): triggers a reload. */
  refreshToken?: unknown,
): SeriesState {
  const [state, setState] = useState<SeriesState>({ loading: false, data: null, error: null });
  const loading = useRef(false);
  const pending = useRef(false);
  const [tick, setTick] = useState(0);
  const keyList = keys.join(',');
  const from = window?.from;
  const to = window?.to;
  const bucket = window?.bucket;

  // A refresh while loading waits for the load, then 1 s (spec §4).
  useEffect(() => {
    if (refreshToken === undefined) return;
    if (loading.current) pending.current = true;
    else setTick((n) => n + 1);
  }, [refreshToken]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyList stands for keys; tick forces a reload
  useEffect(() => {
    if (!device || from === undefined || to === undefined || !bucket || !keyList) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    loading.current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    // After the first paint: the worker is not on the first screen's path (components/firstPaint.ts).
    afterFirstPaint()
      .then(() => dataWorker.loadSeries(device, keyList.split(','), from, to, bucket))
      .then((data) => alive && setState({ loading: false, data, error: null }))
      .catch((err) => alive && setState({ loading: false, data: null, error: errorText(err) }))
      .finally(() => {
        loading.current = false;
        if (alive && pending.current) {
          pending.current = false;
          timer = setTimeout(() => setTick((n) => n + 1), REFRESH_WAIT_MS);
        }
      });
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [device, keyList, from, to, bucket, tick]);

  return state;
}
