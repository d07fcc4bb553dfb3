// @vitest-environment happy-dom
// The store's live reads and the answers kept for the next start's first paint (issue 21): a return visit paints
// from the kept answers without Dexie, only a screen with nothing kept loads the store before its paint, the live
// answer replaces the kept one and is kept in turn — for the signed-in user only.
import 'fake-indexeddb/auto';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../domain/contract';
import { flushKept, keepAnswer, keptAnswer, keptAnswersOf, keptFromBoot, MAX_KEPT } from './kept';
import { PortalDb } from './schema';
import { getSetting, SETTING, setSetting } from './settings';
import { setStoreDb, startStoreReadsAfter, useStoreQuery } from './store';

const db = new PortalDb(`store-${Math.random()}`);
afterAll(() => db.delete());

/** A gate the test opens (the first paint). */
function gate() {
  let open!: () => void;
  startStoreReadsAfter(new Promise<void>((r) => (open = r)));
  return () => open();
}

const signIn = (id: string) =>
  setSetting(db, SETTING.auth, { accessToken: 'jwt', user: { _id: id, email: `${id}@b.c` } as User });

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.settings.put({ key: SETTING.units, value: { temperature: 'F' } });
  setStoreDb(db);
  keptFromBoot(undefined, undefined);
});
afterEach(async () => {
  // Unmounted, so no mounted query renders a later store change (as a transition, React's scheduler would render
  // it after this file's DOM is gone: 'window is not defined' in a CI rehearsal).
  cleanup();
  startStoreReadsAfter(Promise.resolve());
  keptAnswersOf(undefined);
});

const units = (keep?: string) => () =>
  useStoreQuery(async (d) => (await getSetting(d, SETTING.units))?.temperature ?? null, [], { keep });

/** The sliced-render test's screen: 30 components of ~2 ms each once the units are 'C'. */
const sliced: { log: string[]; queued?: Promise<void> } = { log: [] };
const SLOW_KEYS = Array.from({ length: 30 }, (_, i) => `slow${i}`);
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
function Slow({ name, v }: { name: string; v: string | null | undefined }) {
  if (v !== 'C') return null;
  // A task queued as the render starts: a sliced render lets it run before the render ends.
  sliced.queued ??= new Promise<void>((r) =>
    setTimeout(() => {
      sliced.log.push('other task');
      r();
    }, 0),
  );
  busy(2);
  sliced.log.push(`render ${name}`);
  return null;
}
function SlowScreen() {
  const v = useStoreQuery(async (d) => (await getSetting(d, SETTING.units))?.temperature ?? null, []);
  return SLOW_KEYS.map((k) => <Slow key={k} name={k} v={v} />);
}

describe('useStoreQuery', () => {
  it('a query with nothing kept waits for the first paint, then answers and follows the store', async () => {
    const open = gate();
    const query = vi.fn(async (d: PortalDb) => (await getSetting(d, SETTING.units))?.temperature);
    const { result } = renderHook(() => useStoreQuery(query, []));
    await new Promise((r) => setTimeout(r, 50));
    expect(query).not.toHaveBeenCalled();
    expect(result.current).toBeUndefined();
    open();
    await waitFor(() => expect(result.current).toBe('F'));
    await act(() => setSetting(db, SETTING.units, { temperature: 'C' }));
    await waitFor(() => expect(result.current).toBe('C'));
  });

  it('a kept answer paints at once without the store; the store answers after the first paint and replaces it', async () => {
    keptFromBoot({ user: 'u1', answers: { units: 'K' } }, 'u1');
    const open = gate();
    const { result } = renderHook(units('units'));
    expect(result.current).toBe('K');
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toBe('K');
    open();
    await waitFor(() => expect(result.current).toBe('F'));
  });

  it('a screen that must paint and has nothing kept loads the store before the first paint', async () => {
    keptFromBoot({ user: 'u1', answers: {} }, 'u1');
    gate(); // never opened
    const { result } = renderHook(units('units'));
    await waitFor(() => expect(result.current).toBe('F'));
  });

  it('new deps answer their own kept answer, else the previous answer until theirs arrives', async () => {
    keptFromBoot({ user: 'u1', answers: { 'n:2': 'kept two' } }, 'u1');
    const { result, rerender } = renderHook(
      ({ n }) => useStoreQuery(async () => `live ${n}`, [n], { keep: `n:${n}` }),
      { initialProps: { n: 1 } },
    );
    await waitFor(() => expect(result.current).toBe('live 1'));
    rerender({ n: 2 });
    expect(result.current).toBe('kept two');
    await waitFor(() => expect(result.current).toBe('live 2'));
    rerender({ n: 3 });
    expect(result.current).toBe('live 2');
    await waitFor(() => expect(result.current).toBe('live 3'));
  });

  it('a re-run that answers the same data renders nothing; a changed answer renders', async () => {
    // The connection's 1 s tick rewrites a setting a screen reads one field of (issue 32: the dashboard rendered
    // twice a second for it).
    let renders = 0;
    const runs = vi.fn();
    const { result } = renderHook(() => {
      renders++;
      return useStoreQuery(async (d) => {
        runs();
        const c = await getSetting(d, SETTING.connection);
        return { devices: c?.devices, list: [c?.online] };
      }, []);
    });
    await act(() =>
      setSetting(db, SETTING.connection, { online: true, auth: 'authenticated', devices: 'loaded' }),
    );
    await waitFor(() => expect(result.current).toEqual({ devices: 'loaded', list: [true] }));
    const before = renders;
    const ran = runs.mock.calls.length;
    for (let age = 1; age <= 3; age++)
      await act(() =>
        setSetting(db, SETTING.connection, { online: true, auth: 'authenticated', devices: 'loaded', age }),
      );
    await waitFor(() => expect(runs.mock.calls.length).toBeGreaterThanOrEqual(ran + 3));
    expect(renders).toBe(before);
    await act(() =>
      setSetting(db, SETTING.connection, { online: false, auth: 'authenticated', devices: 'loaded' }),
    );
    await waitFor(() => expect(result.current).toEqual({ devices: 'loaded', list: [false] }));
    expect(renders).toBe(before + 1);
  });

  it("renders a store change in slices: a screen's worth of work yields to the browser's other tasks", async () => {
    // 30 components of ~2 ms each: as one default-priority render that is one 60 ms task (what a phone's page
    // start showed as long tasks, issue 32); as a transition, React hands the thread back every few ms.
    sliced.log = [];
    sliced.queued = undefined;
    render(<SlowScreen />);
    await new Promise((r) => setTimeout(r, 50));
    // Outside act(), which would render everything at once: React's own scheduler, as in a browser.
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      await setSetting(db, SETTING.units, { temperature: 'C' });
      await waitFor(() => expect(sliced.log.filter((l) => l.startsWith('render'))).toHaveLength(30), {
        timeout: 5000,
      });
      await sliced.queued;
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
    const other = sliced.log.indexOf('other task');
    expect(other).toBeGreaterThan(0);
    expect(other).toBeLessThan(sliced.log.length - 1);
  });
});

describe('answers kept for the next start', () => {
  it('the live answers are written for the signed-in user, and read back at the next boot', async () => {
    await signIn('u1');
    keptFromBoot(undefined, 'u1');
    const { result } = renderHook(units('units'));
    await waitFor(() => expect(result.current).toBe('F'));
    await waitFor(
      async () =>
        expect(await getSetting(db, SETTING.keptAnswers)).toEqual({ user: 'u1', answers: { units: 'F' } }),
      { timeout: 3000 },
    );
    // The next start, same user: answered from there.
    keptFromBoot(await getSetting(db, SETTING.keptAnswers), 'u1');
    expect(keptAnswer('units')).toEqual({ value: 'F' });
    // Another user's start: nothing of the first one's.
    keptFromBoot(await getSetting(db, SETTING.keptAnswers), 'u2');
    expect(keptAnswer('units')).toBeUndefined();
  });

  it('nothing is kept without a signed-in user, nor written once the session has changed', async () => {
    keptFromBoot(undefined, undefined);
    keepAnswer('units', 'F', db);
    expect(keptAnswer('units')).toBeUndefined();

    await signIn('u1');
    keptFromBoot(undefined, 'u1');
    keepAnswer('units', 'F', db);
    expect(keptAnswer('units')).toEqual({ value: 'F' });
    // Signed out before the write: the answers go, and nothing is written.
    keptAnswersOf(undefined);
    expect(keptAnswer('units')).toBeUndefined();
    await flushKept();
    expect(await getSetting(db, SETTING.keptAnswers)).toBeUndefined();

    // Kept under u1, but the stored session is already u2's when the write runs: not written.
    keptFromBoot(undefined, 'u1');
    keepAnswer('units', 'F', db);
    await signIn('u2');
    await flushKept();
    expect(await getSetting(db, SETTING.keptAnswers)).toBeUndefined();
    // Still u1's session: written.
    await signIn('u1');
    keepAnswer('units', 'F', db);
    await flushKept();
    expect(await getSetting(db, SETTING.keptAnswers)).toEqual({ user: 'u1', answers: { units: 'F' } });
  });

  it(`keeps at most ${MAX_KEPT} answers, the oldest kept going first`, () => {
    keptFromBoot(undefined, 'u1');
    for (let i = 0; i <= MAX_KEPT; i++) keepAnswer(`a${i}`, i, db);
    expect(keptAnswer('a0')).toBeUndefined();
    expect(keptAnswer('a1')).toEqual({ value: 1 });
    // Answering again makes it the newest.
    keepAnswer('a1', 1, db);
    keepAnswer('b', 0, db);
    expect(keptAnswer('a1')).toEqual({ value: 1 });
    expect(keptAnswer('a2')).toBeUndefined();
  });
});
