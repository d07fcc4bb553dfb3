// The first paint gate: it opens in the frame after the shell mounted and every screen's hold was released, and a
// hold that is never released cannot keep it shut for good.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Gate = typeof import('./firstPaint');

async function fresh(): Promise<Gate> {
  vi.resetModules();
  return import('./firstPaint');
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('first paint gate', () => {
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(0), 0));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('stays shut until the shell mounted, then opens after a frame', async () => {
    const gate = await fresh();
    let open = false;
    void gate.afterFirstPaint().then(() => {
      open = true;
    });
    await flush();
    expect(open).toBe(false);
    gate.markShellMounted();
    await flush();
    expect(open).toBe(true);
    expect(gate.firstPaintDone()).toBe(true);
  });

  it('waits for every hold to be released', async () => {
    const gate = await fresh();
    let open = false;
    void gate.afterFirstPaint().then(() => {
      open = true;
    });
    const a = gate.holdFirstPaint();
    const b = gate.holdFirstPaint();
    gate.markShellMounted();
    await flush();
    expect(open).toBe(false);
    a();
    a(); // a second release of the same hold does not release another one
    await flush();
    expect(open).toBe(false);
    b();
    await flush();
    expect(open).toBe(true);
  });

  it('a hold never released opens the gate after FIRST_PAINT_HOLD_MAX_MS', async () => {
    vi.useFakeTimers();
    const gate = await fresh();
    let open = false;
    void gate.afterFirstPaint().then(() => {
      open = true;
    });
    gate.holdFirstPaint();
    gate.markShellMounted();
    await vi.advanceTimersByTimeAsync(gate.FIRST_PAINT_HOLD_MAX_MS - 10);
    expect(open).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    vi.useRealTimers();
    await flush();
    expect(open).toBe(true);
  });

  it('a hold taken after the first paint holds nothing', async () => {
    const gate = await fresh();
    gate.markShellMounted();
    await flush();
    gate.holdFirstPaint();
    let open = false;
    void gate.afterFirstPaint().then(() => {
      open = true;
    });
    await flush();
    expect(open).toBe(true);
  });
});
