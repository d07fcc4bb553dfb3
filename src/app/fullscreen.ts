// Fullscreen (kiosk) mode: the store flag drives the layout; the browser's fullscreen and a screen wake lock
// are requested where available. Leaving browser fullscreen (Esc) clears the flag (spec §4).
import { useEffect } from 'react';
import { useUi } from '../state/ui';

export async function enterFullscreen(): Promise<void> {
  useUi.getState().setFullscreen(true);
  try {
    if (!document.fullscreenElement) await document.documentElement.requestFullscreen?.();
  } catch {
    /* not allowed (iframe, iOS): the in-app fullscreen layout still applies */
  }
}

export async function exitFullscreen(): Promise<void> {
  useUi.getState().setFullscreen(false);
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
  } catch {
    /* already left */
  }
}

type Sentinel = { release(): Promise<void> };
type WakeLockNavigator = Navigator & { wakeLock?: { request(type: 'screen'): Promise<Sentinel> } };

/** Keeps the browser fullscreen state and the wake lock in step with the store flag. */
export function useFullscreenEffects(): void {
  const fullscreen = useUi((s) => s.fullscreen);

  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement && useUi.getState().fullscreen) useUi.getState().setFullscreen(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    if (!fullscreen) return;
    const nav = navigator as WakeLockNavigator;
    if (!nav.wakeLock) return;
    let sentinel: Sentinel | null = null;
    let alive = true;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      nav.wakeLock
        ?.request('screen')
        .then((s) => {
          if (alive) sentinel = s;
          else void s.release();
        })
        .catch((e: unknown) => {
          // Refused when the page is hidden or the device saves power (NotAllowedError): the screen may dim,
          // nothing else changes. Any other failure is unexpected.
          if ((e as { name?: string })?.name !== 'NotAllowedError') console.warn('[fullscreen] wake lock', e);
        });
    };
    acquire();
    // The lock is dropped when the tab is hidden; take it again when it comes back.
    document.addEventListener('visibilitychange', acquire);
    return () => {
      alive = false;
      document.removeEventListener('visibilitychange', acquire);
      sentinel?.release().catch((e: unknown) => console.warn('[fullscreen] wake lock release', e));
    };
  }, [fullscreen]);
}
