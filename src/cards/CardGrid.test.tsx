// @vitest-environment happy-dom
// The grid renders a first screen of cards at once and the rest a few a frame (issue 32: on a phone the whole
// grid's render and its layout were the longest tasks of opening the dashboard).
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCardsInSteps } from './CardGrid';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** requestAnimationFrame held by the test: each call to `frame()` runs the frame asked for. */
function frames() {
  const asked: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => asked.push(cb));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
  return {
    pending: () => asked.length,
    frame: () => act(() => asked.shift()?.(performance.now())),
  };
}

describe('useCardsInSteps', () => {
  it('a first screen at once, then four more a frame until every card is there', async () => {
    const f = frames();
    const { result } = renderHook(() => useCardsInSteps(11, false));
    expect(result.current).toBe(4);
    await f.frame();
    expect(result.current).toBe(8);
    await f.frame();
    expect(result.current).toBe(11);
    // Done: no frame is asked for any more.
    expect(f.pending()).toBe(0);
  });

  it('every card at once for the kiosk, and for a grid no larger than a screen', () => {
    const f = frames();
    expect(renderHook(() => useCardsInSteps(11, true)).result.current).toBe(11);
    expect(renderHook(() => useCardsInSteps(3, false)).result.current).toBe(3);
    expect(f.pending()).toBe(0);
  });

  it('cards added later come in steps too', async () => {
    const f = frames();
    const { result, rerender } = renderHook(({ n }) => useCardsInSteps(n, false), { initialProps: { n: 4 } });
    expect(result.current).toBe(4);
    rerender({ n: 9 });
    expect(result.current).toBe(4);
    await f.frame();
    expect(result.current).toBe(8);
    await f.frame();
    expect(result.current).toBe(9);
  });
});
