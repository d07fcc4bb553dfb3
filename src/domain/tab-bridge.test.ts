import { describe, expect, it, vi } from 'vitest';
import {
  type BridgeMessage,
  type CallMessage,
  PendingCalls,
  safeToResend,
  splitArgs,
  unionWatches,
  watchOf,
} from './tab-bridge';

function follower(ackTimeoutMs = 1000) {
  const sent: BridgeMessage[] = [];
  const calls = new PendingCalls({ tab: 'A', send: (m) => sent.push(m), ackTimeoutMs });
  const lastCall = () => sent.filter((m): m is CallMessage => m.type === 'call').at(-1)!;
  return { sent, calls, lastCall };
}

describe('watchOf', () => {
  it('reads the station a tab shows from selectDevice and openStation', () => {
    expect(watchOf('selectDevice', ['d1'], undefined)).toEqual({ device: 'd1', manage: false });
    expect(watchOf('selectDevice', [null, true], undefined)).toEqual({ device: null, manage: true });
    expect(watchOf('openStation', ['WS1'], { _id: 'd9' })).toEqual({ device: 'd9', manage: false });
    expect(watchOf('openStation', ['WS1'], null)).toBeUndefined();
    expect(watchOf('loadForecast', ['d1'], undefined)).toBeUndefined();
  });
});

describe('unionWatches', () => {
  it('watches every tab’s station once, and all when one tab manages', () => {
    expect(
      unionWatches([
        { device: 'b', manage: false },
        { device: 'a', manage: false },
        { device: 'b', manage: false },
        { device: null, manage: false },
      ]),
    ).toEqual({ devices: ['a', 'b'], manage: false });
    expect(
      unionWatches([
        { device: 'a', manage: false },
        { device: null, manage: true },
      ]).manage,
    ).toBe(true);
    expect(unionWatches([])).toEqual({ devices: [], manage: false });
  });
});

describe('safeToResend', () => {
  it('runs reads and watches again, never payments, orders or deletions', () => {
    for (const m of ['start', 'loadSeries', 'ensureHistory', 'openStation', 'selectDevice', 'flushOutbox'])
      expect(safeToResend(m), m).toBe(true);
    for (const m of [
      'createOrder',
      'payWithCard',
      'removeDevice',
      'login',
      'logout',
      'addDevice',
      'adminSave',
    ])
      expect(safeToResend(m), m).toBe(false);
  });
});

describe('splitArgs', () => {
  it('replaces functions by their index so the call can be cloned', () => {
    const cb = () => 1;
    const { args, cbs, fns } = splitArgs(['x', cb, { a: 1 }]);
    expect(args).toEqual(['x', null, { a: 1 }]);
    expect(cbs).toEqual([1]);
    expect(fns.get(1)).toBe(cb);
    expect(() => structuredClone(args)).not.toThrow();
  });
});

describe('PendingCalls', () => {
  it('answers a call by its id, with the value or the error', async () => {
    const { calls, lastCall } = follower();
    const one = calls.call('loadSeries', ['d1']);
    const first = lastCall();
    const two = calls.call('login', ['e', 'p']);
    const second = lastCall();
    expect(first.id).not.toBe(second.id);
    calls.receive({ type: 'ack', id: first.id, tab: 'A' });
    calls.receive({
      type: 'result',
      id: second.id,
      tab: 'A',
      ok: false,
      error: { message: 'Bad', code: 401 },
    });
    calls.receive({ type: 'result', id: first.id, tab: 'A', ok: true, value: 42 });
    await expect(one).resolves.toBe(42);
    await expect(two).rejects.toEqual({ message: 'Bad', code: 401 });
    expect(calls.size).toBe(0);
  });

  it('ignores answers for another tab', async () => {
    const { calls, lastCall } = follower();
    const p = calls.call('loadSeries', []);
    const { id } = lastCall();
    calls.receive({ type: 'result', id, tab: 'B', ok: true, value: 'wrong' });
    calls.receive({ type: 'result', id, tab: 'A', ok: true, value: 'right' });
    await expect(p).resolves.toBe('right');
  });

  it('fails as offline when no leader takes the call in time', async () => {
    vi.useFakeTimers();
    try {
      const { calls } = follower(500);
      const p = calls.call('loadForecast', ['d1']);
      const caught = p.catch((e) => e);
      vi.advanceTimersByTime(499);
      expect(calls.size).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await caught).toMatchObject({ code: 0, name: 'Offline' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits past the ack timeout once the leader has the call (a long export)', async () => {
    vi.useFakeTimers();
    try {
      const { calls, lastCall } = follower(500);
      const p = calls.call('exportData', ['x', {}]);
      const { id } = lastCall();
      calls.receive({ type: 'ack', id, tab: 'A' });
      vi.advanceTimersByTime(60_000);
      calls.receive({ type: 'result', id, tab: 'A', ok: true, value: 'file' });
      await expect(p).resolves.toBe('file');
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes progress callbacks through while the call runs', async () => {
    const { calls, lastCall } = follower();
    const seen: unknown[][] = [];
    const p = calls.call('exportData', ['x', {}, (...a: unknown[]) => seen.push(a)]);
    const m = lastCall();
    expect(m.cbs).toEqual([2]);
    calls.receive({ type: 'callback', id: m.id, tab: 'A', index: 2, args: [10, 100] });
    calls.receive({ type: 'result', id: m.id, tab: 'A', ok: true, value: null });
    await p;
    calls.receive({ type: 'callback', id: m.id, tab: 'A', index: 2, args: [99, 100] });
    expect(seen).toEqual([[10, 100]]);
  });

  it('on a new leader: resends what nobody took and safe calls, fails taken unsafe ones', async () => {
    const { calls, sent, lastCall } = follower();
    const read = calls.call('loadSeries', ['d1']);
    const readMsg = lastCall();
    const pay = calls.call('payWithCard', ['o1', {}]);
    const payMsg = lastCall();
    const order = calls.call('createOrder', ['p', []]);
    const orderMsg = lastCall();
    // The old leader took the read and the payment, not the order, then closed.
    calls.receive({ type: 'ack', id: readMsg.id, tab: 'A' });
    calls.receive({ type: 'ack', id: payMsg.id, tab: 'A' });
    sent.length = 0;
    calls.leaderChanged();
    expect(sent.map((m) => (m as CallMessage).method).sort()).toEqual(['createOrder', 'loadSeries']);
    await expect(pay).rejects.toMatchObject({ code: 0 });
    calls.receive({ type: 'result', id: readMsg.id, tab: 'A', ok: true, value: 'series' });
    calls.receive({ type: 'result', id: orderMsg.id, tab: 'A', ok: true, value: 'order' });
    await expect(read).resolves.toBe('series');
    await expect(order).resolves.toBe('order');
  });

  it('sets a watch up again with a new leader until it is unwatched', async () => {
    const { calls, sent, lastCall } = follower();
    const got: unknown[] = [];
    const w = calls.call('watchIngestHealth', ['h1', (x: unknown) => got.push(x)]);
    const m = lastCall();
    calls.receive({ type: 'result', id: m.id, tab: 'A', ok: true, value: undefined });
    await w;
    sent.length = 0;
    calls.leaderChanged();
    expect(sent).toEqual([m]);
    // The new leader's events reach the same callback.
    calls.receive({ type: 'callback', id: m.id, tab: 'A', index: 1, args: [['r']] });
    expect(got).toEqual([['r']]);
    const u = calls.call('unwatchIngestHealth', ['h1']);
    calls.receive({ type: 'result', id: lastCall().id, tab: 'A', ok: true, value: undefined });
    await u;
    sent.length = 0;
    calls.leaderChanged();
    expect(sent).toEqual([]);
  });
});
