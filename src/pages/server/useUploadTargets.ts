// The Weather Server page's upload targets: read from Dexie (the worker loads them and applies the forwarder's
// live results), edited through the worker (online only). `status` is the outcome of the last action.
import { useEffect, useState } from 'react';
import type { TargetInput } from '../../../workers/api';
import { dataWorker } from '../../bridge/worker';
import { useStoredUploadTargets } from '../../db/useUploadTargets';
import type { UploadTarget, UploadTargetTest } from '../../domain/contract';
import { errorText } from '../../state/ui';

export function useUploadTargets(deviceId: string | undefined, connected: boolean) {
  const targets = useStoredUploadTargets(deviceId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [tested, setTested] = useState<UploadTargetTest | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string>>({});

  // Reloaded when the connection comes back (`connected`), so an offline visit updates itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: connected is the reload trigger
  useEffect(() => {
    setError(null);
    setTested(null);
    setRevealed({});
    if (deviceId) dataWorker.loadUploadTargets(deviceId).catch((e) => setError(errorText(e)));
  }, [deviceId, connected]);

  /** Runs an action; `key` names what is busy (a target id, or 'new'). Resolves true when it succeeded. */
  const run = async (key: string, action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(key);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    targets,
    error,
    busy,
    tested,
    revealed,
    save: (id: string | null, input: TargetInput) =>
      run(id ?? 'new', () => dataWorker.saveUploadTarget(id, input)),
    setEnabled: (t: UploadTarget, enabled: boolean) =>
      run(t._id, () => dataWorker.setUploadTargetEnabled(t._id, enabled)),
    remove: (t: UploadTarget) => run(t._id, () => dataWorker.removeUploadTarget(t._id)),
    test: (t: UploadTarget) => run(t._id, async () => setTested(await dataWorker.testUploadTarget(t._id))),
    reveal: (t: UploadTarget) =>
      run(t._id, async () => {
        const key = await dataWorker.revealUploadTargetKey(t._id);
        setRevealed((r) => ({ ...r, [t._id]: key }));
      }),
    hide: (t: UploadTarget) => setRevealed(({ [t._id]: _gone, ...rest }) => rest),
  };
}
