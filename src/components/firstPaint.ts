// The first paint of a visit's content (issue 21's bundle budget). The data worker (its script is the largest
// of the app, ~78 KiB compressed) is not needed to draw a screen that reads IndexedDB, and its download would
// only compete with that screen's own chunks: it starts once the first screen has painted what the store holds.
// A screen that paints from the store (the dashboard) holds the paint until its stored data is on screen; other
// screens paint with the shell (Root marks it). `afterFirstPaint()` resolves in the frame after both, once per
// visit; later calls resolve at once.

import { useEffect, useLayoutEffect, useRef } from 'react';

type Release = () => void;

let holds = 0;
let shellMounted = false;
let done = false;
let resolve!: () => void;
const painted = new Promise<void>((r) => {
  resolve = r;
});

/** A hold never released (a store that never answers) cannot keep the worker off for good. */
export const FIRST_PAINT_HOLD_MAX_MS = 3000;

function settle() {
  if (done || !shellMounted || holds > 0) return;
  done = true;
  // After the frame that paints the commit: a task queued from the next frame's animation callback runs once the
  // commit is drawn (from the painting frame's own callback, what waits for the paint could start its downloads
  // before that frame was presented).
  const after = () => setTimeout(resolve, 0);
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden)
    requestAnimationFrame(() => requestAnimationFrame(after));
  // A background tab draws no frames: nothing to wait for.
  else after();
}

/** Root: the shell has committed its first screen. */
export function markShellMounted(): void {
  shellMounted = true;
  settle();
}

/**
 * A screen that paints stored data holds the first paint until that data is on screen. Call it in the screen's
 * first commit (an effect of a child runs before its parent's, so before Root marks the shell). Idempotent release.
 */
export function holdFirstPaint(maxMs = FIRST_PAINT_HOLD_MAX_MS): Release {
  if (done) return () => {};
  holds++;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds--;
    settle();
  };
  const timer = setTimeout(release, maxMs);
  return release;
}

/** Resolves in the frame after the visit's first screen painted its content. */
export function afterFirstPaint(): Promise<void> {
  return painted;
}

/** Whether the first paint is behind us (tests). */
export function firstPaintDone(): boolean {
  return done;
}

/**
 * A screen's hold: from its first commit until `ready` (its stored data is rendered), or until it unmounts.
 * Layout effect: it runs before Root's (passive) effect marks the shell.
 */
export function useFirstPaintHold(ready: boolean): void {
  const release = useRef<Release | null>(null);
  useLayoutEffect(() => {
    release.current = holdFirstPaint();
    return () => release.current?.();
  }, []);
  useEffect(() => {
    if (ready) release.current?.();
  }, [ready]);
}
