// The account facts and the picture, read from Dexie (last known when offline) and refreshed by the worker.
import { useEffect } from 'react';
import type { AccountInfo } from '../../../workers/api';
import { dataWorker } from '../../bridge/worker';
import { useSetting } from '../../db/hooks';
import { SETTING } from '../../db/settings';

export function useAccountInfo(): AccountInfo | null | undefined {
  useEffect(() => {
    dataWorker.loadAccount().catch((e) => console.warn('[account] load failed', e));
  }, []);
  return useSetting(SETTING.account, null);
}

export function useAvatar(refresh = true): string | null | undefined {
  useEffect(() => {
    if (refresh) dataWorker.loadAvatar().catch((e) => console.warn('[account] picture failed', e));
  }, [refresh]);
  return useSetting(SETTING.avatar, null);
}
