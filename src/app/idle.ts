// "Nobody has touched the screen for a while": the kiosk applies a waiting update then (issue 32), never while
// someone is using it.
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** Calls `cb` once after `ms` without user activity (each activity restarts the wait); returns a stop function. */
export function whenIdle(ms: number, cb: () => void, target: Window = window): () => void {
  let timer = setTimeout(cb, ms);
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(cb, ms);
  };
  for (const type of ACTIVITY) target.addEventListener(type, restart, { passive: true });
  return () => {
    clearTimeout(timer);
    for (const type of ACTIVITY) target.removeEventListener(type, restart);
  };
}
