// The upload targets of one station in Dexie (issue #17), oldest first; undefined while the query runs.
import { useLiveQuery } from 'dexie-react-hooks';
import type { UploadTarget } from '../domain/contract';
import { getEditsDb } from './edits';

export function useStoredUploadTargets(device: string | undefined): UploadTarget[] | undefined {
  return useLiveQuery(
    async () =>
      device ? await getEditsDb().uploadTargets.where('device').equals(device).sortBy('createdAt') : [],
    [device],
  );
}
