// "A new version is available" with Reload (the waiting service worker takes over) — spec §4 Snackbars. Every tab
// shows it; a tab with unsaved input is never reloaded under the user; the kiosk (fullscreen) applies the update
// by itself once nobody has touched it for a while (issue 32: a kiosk tablet never updated).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateReady, setReloadGuard } from '../bridge/sw-register';
import { Button } from '../components/Button';
import { Snackbar } from '../components/Snackbars';
import { useUi } from '../state/ui';
import { whenIdle } from './idle';
import { hasUnsavedInput, watchUnsavedInput } from './unsaved-input';

/** How long a kiosk goes untouched before it reloads into a waiting update. */
export const KIOSK_IDLE_MS = 60_000;

export function UpdatePrompt() {
  const { t } = useLingui();
  const [ready, setReady] = useState(false);
  const fullscreen = useUi((s) => s.fullscreen);
  useEffect(() => {
    const stop = watchUnsavedInput();
    setReloadGuard(() => !hasUnsavedInput());
    const off = onUpdateReady(() => setReady(true));
    return () => {
      stop();
      if (typeof off === 'function') off();
    };
  }, []);
  useEffect(() => {
    if (!ready || !fullscreen) return;
    // Untouched for a minute and nothing typed: the kiosk takes the update (a touch restarts the wait).
    const check = () => {
      if (hasUnsavedInput()) stopIdle = whenIdle(KIOSK_IDLE_MS, check);
      else applyUpdate();
    };
    let stopIdle = whenIdle(KIOSK_IDLE_MS, check);
    return () => stopIdle();
  }, [ready, fullscreen]);
  if (!ready) return null;
  return (
    <Snackbar
      tone="info"
      onClose={() => setReady(false)}
      action={
        <Button size="sm" variant="primary" onClick={() => applyUpdate()}>
          {t`Reload`}
        </Button>
      }
    >
      {t`A new version is available`}
    </Snackbar>
  );
}
