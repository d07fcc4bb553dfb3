// The bridge with Node's own Web Locks and BroadcastChannel (the browser's APIs, same semantics): several
// "tabs" in one process elect one leader, the others' calls are answered by the leader's worker, and when the
// leader goes another tab takes over and sets up the watches again. The worker is a plain object here.
import type { Remote } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataWorkerApi } from '../../workers/api';
import { createDataBridge, type DataBridge } from './data-bridge';

interface FakeWorker {
  name: string;
  log: [string, ...unknown[]][];
}

function fakeWorker(name: string, workers: FakeWorker[]): Remote<DataWorkerApi> {
  const w: FakeWorker = { name, log: [] };
  workers.push(w);
  const api = {
    start: async (origin: string) => void w.log.push(['start', origin]),
    watchTabs: async (devices: string[], manage: boolean) => void w.log.push(['watchTabs', devices, manage]),
    selectDevice: async (id: string | null, manage?: boolean) =>
      void w.log.push(['selectDevice', id, !!manage]),
    openStation: async (wsid: string) => {
      w.log.push(['openStation', wsid]);
      return { _id: `id-${wsid}`, wsid };
    },
    whoAmI: async () => w.name,
    failing: async () => {
      throw { name: 'NotFound', message: 'Device not found', code: 404 };
    },
    exportData: async (_id: string, _req: unknown, onProgress: (a: number, b: number) => void) => {
      onProgress(1, 3);
      onProgress(3, 3);
      return { name: 'x.csv' };
    },
  };
  return api as unknown as Remote<DataWorkerApi>;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await wait(10);
  }
}

let open: DataBridge[] = [];
afterEach(() => {
  for (const b of open) b.close();
  open = [];
});

function tabs(n: number) {
  const workers: FakeWorker[] = [];
  const roles: string[][] = [];
  const list = Array.from({ length: n }, (_, i) => {
    roles[i] = [];
    const b = createDataBridge(
      () => fakeWorker(`w${i}`, workers),
      'http://portal.test',
      (r) => roles[i].push(r),
    );
    open.push(b);
    return b;
  });
  return { list, workers, roles };
}

describe('data bridge (Web Locks + BroadcastChannel)', () => {
  it('elects one leader that runs the only worker; the others’ calls are answered by it', async () => {
    const { list, workers } = tabs(3);
    const [a, b, c] = list;
    expect(await a.role()).toBe('leader');
    expect(await b.role()).toBe('follower');
    expect(await c.role()).toBe('follower');
    expect(workers.map((w) => w.name)).toEqual(['w0']);
    expect(await b.call('whoAmI', [])).toBe('w0');
    expect(await c.call('whoAmI', [])).toBe('w0');
    expect(await a.call('whoAmI', [])).toBe('w0');
    // Errors arrive as the worker threw them.
    await expect(c.call('failing', [])).rejects.toMatchObject({ code: 404, message: 'Device not found' });
    // Progress callbacks reach the calling tab.
    const progress: number[][] = [];
    await expect(
      b.call('exportData', ['e1', {}, (x: number, y: number) => progress.push([x, y])]),
    ).resolves.toEqual({
      name: 'x.csv',
    });
    await until(() => progress.length === 2);
    expect(progress).toEqual([
      [1, 3],
      [3, 3],
    ]);
  });

  it('watches the union of the tabs’ stations', async () => {
    const { list, workers } = tabs(2);
    const [a, b] = list;
    await a.call('selectDevice', ['d1']);
    await b.call('openStation', ['WS2']);
    await b.call('selectDevice', ['d1', true]);
    const watch = workers[0].log.filter(([m]) => m === 'watchTabs');
    expect(watch).toEqual([
      ['watchTabs', ['d1'], false],
      ['watchTabs', ['d1', 'id-WS2'], false],
      ['watchTabs', ['d1'], true],
    ]);
  });

  it('when the leader goes, a follower takes over at once and the watches of every tab are set up again', async () => {
    const { list, workers, roles } = tabs(3);
    const [a, b, c] = list;
    await a.role();
    await b.call('selectDevice', ['d-b']);
    await c.call('openStation', ['WS-C']);
    const startedAt = Date.now();
    a.close();
    await until(() => workers.length === 2);
    const heir = roles[1].includes('leader') ? b : c;
    expect(roles[1].concat(roles[2]).filter((r) => r === 'leader')).toHaveLength(1);
    const w1 = workers[1];
    await until(
      () => w1.log.some(([m]) => m === 'openStation') && w1.log.some(([m]) => m === 'selectDevice'),
    );
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(w1.log[0]).toEqual(['start', 'http://portal.test']);
    await until(() => {
      const last = w1.log.filter(([m]) => m === 'watchTabs').at(-1);
      return JSON.stringify(last?.[1]) === JSON.stringify(['d-b', 'id-WS-C']);
    });
    // Calls go to the new worker, from the heir and from the other tab.
    const other = heir === b ? c : b;
    expect(await heir.call('whoAmI', [])).toBe('w1');
    expect(await other.call('whoAmI', [])).toBe('w1');
  });

  it('without Web Locks (an http origin) each tab runs its own worker, as before', async () => {
    vi.stubGlobal('navigator', {});
    try {
      const { list, workers } = tabs(2);
      expect(await list[0].role()).toBe('leader');
      expect(await list[1].role()).toBe('leader');
      expect(await list[1].call('whoAmI', [])).toBe('w1');
      expect(workers).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
