// Whether the server withholds a station's readings for want of a plan (issue #14): set by the worker when
// lastData answers planRequired, cleared when it answers data.
import { useLiveQuery } from 'dexie-react-hooks';
import { getEditsDb } from './edits';

export function usePlanLocked(device: string | undefined): boolean | undefined {
  return useLiveQuery(
    async () => (device ? !!(await getEditsDb().syncState.get(device))?.locked : false),
    [device],
  );
}
