// The upload targets of one station in Dexie (issue #17), oldest first; undefined while the query runs.
import type { UploadTarget } from '../domain/contract';
import { useStoreQuery } from './store';

export function useStoredUploadTargets(device: string | undefined): UploadTarget[] | undefined {
  return useStoreQuery(
    async (db) => (device ? await db.uploadTargets.where('device').equals(device).sortBy('createdAt') : []),
    [device],
  );
}
