// "Regenerate the station key?": the confirmation's state and the call; a failure goes to the page's error.
import { useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { errorText } from '../../state/ui';

export function useRegenerateKey(deviceId: string | undefined, setError: (message: string | null) => void) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const regenerate = async () => {
    if (!deviceId) return;
    setBusy(true);
    try {
      await dataWorker.regenerateStationKey(deviceId);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setConfirming(false);
      setBusy(false);
    }
  };

  return { confirming, busy, ask: () => setConfirming(true), cancel: () => setConfirming(false), regenerate };
}
