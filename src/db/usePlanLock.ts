// Whether the server withholds a station's readings for want of a plan (issue #14): set by the worker when
// lastData answers planRequired, cleared when it answers data.
import type { FromKept } from './hooks';
import { useStoreQuery } from './store';

export function usePlanLocked(device: string | undefined, from?: FromKept): boolean | undefined {
  return useStoreQuery(
    async (db) => (device ? !!(await db.syncState.get(device))?.locked : false),
    [device],
    {
      keep: from?.kept && device ? `planLocked:${device}` : undefined,
    },
  );
}
