import { describe, expect, it, vi } from 'vitest';
import {
  type BridgeMessage,
  type CallMessage,
  leaderGone,
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
    // Only openStation's answer names the station shown; another call answering an object with an _id does not.
    expect(watchOf('loadStation', ['WS1'], { _id: 'd9' })).toBeUndefined();
    expect(watchOf('openStation', ['WS1'], { _id: 9 })).toBeUndefined();
    expect(watchOf('openStation', ['WS1'], undefined)).toBeUndefined();
    expect(watchOf('selectDevice', [], undefined)).toEqual({ device: null, manage: false });
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
  it('the named calls exactly, the prefixes at the start only, checkImport and checkPayment whole', () => {
    for (const m of [
      'adminFind',
      'adminGet',
      'importJobs',
      'pushVapidKey',
      'pushFirebaseConfig',
      'userPicture',
      'bench',
      'cancelExport',
      'cancelAdminExport',
      'cancelImportUpload',
      'lookupPlace',
      'reloadStations',
      'watchIngestHealth',
      'unwatchIngestHealth',
      'checkImport',
      'checkPayment',
    ])
      expect(safeToResend(m), m).toBe(true);
    for (const m of [
      'adminFindAndDelete',
      'benchmarkReset',
      'upload',
      'download',
      'restartConsole',
      'checkImportStart',
      'checkPaymentAndPay',
      'checkout',
      '',
    ])
      expect(safeToResend(m), m).toBe(false);
  });
});

describe('leaderGone', () => {
  it('is the coded offline error, code 0 (retry later)', () => {
    expect(leaderGone()).toEqual({
      name: 'Offline',
      message: 'You are offline. This needs a connection to the server.',
      code: 0,
      data: { code: 'offline' },
    });
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
  it('numbers its calls per tab from 1, or takes the ids it is given', () => {
    const { calls, sent } = follower();
    calls.call('loadSeries', []);
    calls.call('loadSeries', []);
    expect(sent.map((m) => (m as CallMessage).id)).toEqual(['A:1', 'A:2']);
    const given: BridgeMessage[] = [];
    let n = 0;
    const named = new PendingCalls({ tab: 'B', send: (m) => given.push(m), newId: () => `x${++n}` });
    named.call('loadSeries', ['d', () => 0]);
    expect(given).toEqual([
      { type: 'call', id: 'x1', tab: 'B', method: 'loadSeries', args: ['d', null], cbs: [1] },
    ]);
  });

  it('waits 10 s for an ack by default; a call sent again to a new leader waits anew', async () => {
    vi.useFakeTimers();
    try {
      const calls = new PendingCalls({ tab: 'A', send: () => {} });
      const p = calls.call('loadSeries', []).catch((e) => e);
      vi.advanceTimersByTime(9_999);
      expect(calls.size).toBe(1);
      // Not taken yet: sent to the new leader at 9.999 s, with 10 s from then (the first timer is cleared).
      calls.leaderChanged();
      vi.advanceTimersByTime(9_999);
      expect(calls.size).toBe(1);
      vi.advanceTimersByTime(1);
      expect(calls.size).toBe(0);
      expect(await p).toEqual(leaderGone());
      // Failed calls are gone: a later leader gets nothing.
      calls.leaderChanged();
      expect(calls.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  /** A follower on a clock the test turns by hand; clears are recorded, not applied (as if too late). */
  function manual() {
    const sent: BridgeMessage[] = [];
    const timers: (() => void)[] = [];
    const cleared: unknown[] = [];
    const calls = new PendingCalls({
      tab: 'A',
      send: (m) => sent.push(m),
      setTimer: (fn) => {
        timers.push(fn);
        return timers.length as unknown as ReturnType<typeof setTimeout>;
      },
      clearTimer: (t) => cleared.push(t),
    });
    const lastCall = () => sent.filter((m): m is CallMessage => m.type === 'call').at(-1)!;
    return { sent, timers, cleared, calls, lastCall };
  }

  it('clears each ack timer once, when the ack, the answer or a resend comes, and never a missing one', async () => {
    const { timers, cleared, calls, lastCall } = manual();
    const a = calls.call('loadSeries', []);
    const aId = lastCall().id;
    calls.receive({ type: 'ack', id: aId, tab: 'A' });
    expect(cleared).toEqual([1]);
    calls.receive({ type: 'ack', id: aId, tab: 'A' }); // twice: nothing left to clear
    calls.receive({ type: 'result', id: aId, tab: 'A', ok: true, value: 1 });
    expect(cleared).toEqual([1]);
    await a;
    const b = calls.call('loadSeries', []);
    const bId = lastCall().id;
    calls.receive({ type: 'result', id: bId, tab: 'A', ok: true, value: 2 }); // answered without an ack
    expect(cleared).toEqual([1, 2]);
    await b;
    calls.call('loadSeries', []);
    calls.leaderChanged(); // not taken: sent again with a new timer, the old one cleared
    expect(cleared).toEqual([1, 2, 3]);
    expect(timers).toHaveLength(4);
  });

  it('a timer that fires after the ack or the answer fails nothing', async () => {
    const { timers, calls, lastCall } = manual();
    const taken = calls.call('exportData', []);
    const takenId = lastCall().id;
    calls.receive({ type: 'ack', id: takenId, tab: 'A' });
    const answered = calls.call('loadSeries', []);
    const answeredId = lastCall().id;
    calls.receive({ type: 'result', id: answeredId, tab: 'A', ok: true, value: 'series' });
    for (const fire of timers) expect(fire).not.toThrow();
    expect(calls.size).toBe(1);
    calls.receive({ type: 'result', id: takenId, tab: 'A', ok: true, value: 'file' });
    await expect(taken).resolves.toBe('file');
    await expect(answered).resolves.toBe('series');
  });

  it('a replayed watch waits for no ack', async () => {
    const { timers, calls, lastCall, sent } = manual();
    const w = calls.call('watchIngestHealth', ['h1', () => {}]);
    calls.receive({ type: 'result', id: lastCall().id, tab: 'A', ok: true, value: undefined });
    await w;
    sent.length = 0;
    calls.leaderChanged();
    expect(sent).toHaveLength(1);
    expect(timers).toHaveLength(1);
  });

  it('ignores other messages, unknown ids and callbacks it has no function for', async () => {
    const { calls, lastCall } = follower();
    const got: unknown[] = [];
    const p = calls.call('exportData', ['x', (v: unknown) => got.push(v)]);
    const m = lastCall();
    // Another tab's call with this id, a leader announcement, a hello, a bye: none answers the call.
    calls.receive({ ...m, args: [] });
    calls.receive({ type: 'leader', tab: 'A' });
    calls.receive({ type: 'hello', tab: 'A' });
    calls.receive({ type: 'bye', tab: 'A' });
    calls.receive({ type: 'result', id: 'A:99', tab: 'A', ok: true, value: 'other' });
    expect(() => calls.receive({ type: 'callback', id: m.id, tab: 'A', index: 0, args: [1] })).not.toThrow();
    calls.receive({ type: 'callback', id: m.id, tab: 'A', index: 1, args: [2] });
    expect(calls.size).toBe(1);
    calls.receive({ type: 'result', id: m.id, tab: 'A', ok: true, value: 'done' });
    await expect(p).resolves.toBe('done');
    expect(got).toEqual([2]);
  });

  it('counts only calls waiting for an answer, not watches kept for their callbacks', async () => {
    const { calls, lastCall } = follower();
    const w = calls.call('watchIngestHealth', ['h1', () => {}]);
    expect(calls.size).toBe(1);
    calls.receive({ type: 'result', id: lastCall().id, tab: 'A', ok: true, value: undefined });
    await w;
    expect(calls.size).toBe(0);
  });

  it('a watch without a callback is not set up again', async () => {
    const { calls, sent, lastCall } = follower();
    const w = calls.call('watchIngestHealth', ['h1']);
    calls.receive({ type: 'result', id: lastCall().id, tab: 'A', ok: true, value: undefined });
    await w;
    sent.length = 0;
    calls.leaderChanged();
    expect(sent).toEqual([]);
  });

  it('unwatch ends only the answered watch of its own kind and key', async () => {
    const { calls, sent, lastCall } = follower();
    const answered = async (method: string, key: string) => {
      const p = calls.call(method, [key, () => {}]);
      const m = lastCall();
      calls.receive({ type: 'result', id: m.id, tab: 'A', ok: true, value: undefined });
      await p;
      return m;
    };
    const h1 = await answered('watchIngestHealth', 'h1');
    const h2 = await answered('watchIngestHealth', 'h2');
    const other = await answered('watchAlerts', 'h1');
    // A watch of h1 still waiting for its answer is not ended by the unwatch sent after it either.
    calls.call('watchIngestHealth', ['h1', () => {}]);
    const pending = lastCall();
    calls.call('unwatchIngestHealth', ['h1']);
    const unwatch = lastCall();
    sent.length = 0;
    calls.leaderChanged();
    expect(sent).toEqual([h2, other, pending, unwatch]);
    expect(sent).not.toContainEqual(h1);
  });
});
