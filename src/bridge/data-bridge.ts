// One data worker and one socket per browser, for all tabs (issue 32). The tabs elect a leader with a Web Lock:
// the tab holding `portal-data-leader` runs the data worker (its socket, its IndexedDB writes, the outbox); the
// other tabs send their calls to it over the `portal-data` BroadcastChannel and read Dexie as before (Dexie
// tells every tab about the leader's writes). When the leader closes, the lock passes to a waiting tab at once:
// it starts a worker, announces itself, and the followers send their unanswered calls and their watches again.
//
// Why a leader tab and not a SharedWorker: Chrome on Android has no SharedWorker, and phones are where most
// visitors are; Web Locks and BroadcastChannel are in every target browser. Without them (an insecure http
// origin has no navigator.locks) each tab runs its own worker, as before.
//
// The leader's own calls take the same path as a follower's (without the channel), so there is one code path.
import type { Remote } from 'comlink';
import { proxy } from 'comlink';
import type { DataWorkerApi } from '../../workers/api';
import {
  type BridgeMessage,
  type CallMessage,
  PendingCalls,
  type TabWatch,
  unionWatches,
  watchOf,
} from '../domain/tab-bridge';
import { plainError } from './errors';

export const LEADER_LOCK = 'portal-data-leader';
export const CHANNEL = 'portal-data';

export type Role = 'leader' | 'follower';

type Api = Remote<DataWorkerApi>;
type AnyFn = (...args: unknown[]) => Promise<unknown>;

export interface DataBridge {
  readonly tab: string;
  /** Resolves once this tab knows whether it leads. */
  role(): Promise<Role>;
  call(method: string, args: unknown[]): Promise<unknown>;
  /** Leave as a closing tab does: the lock goes to the next tab in line (tests; a page simply closes). */
  close(): void;
}

interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    cb: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
  request(
    name: string,
    options: { signal?: AbortSignal },
    cb: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/** `onRole`: told when this tab's role is known and when it takes over. */
export function createDataBridge(
  createWorker: () => Api,
  origin: string,
  onRole?: (role: Role) => void,
): DataBridge {
  const tab =
    typeof crypto?.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const channel =
    locks && typeof BroadcastChannel === 'function'
      ? new BroadcastChannel(CHANNEL)
      : (null as BroadcastChannel | null);

  let current: Role | null = null;
  let local: Api | null = null;
  let leaderTab: string | null = null;
  /** This tab's last watch-setting call (selectDevice / openStation), replayed to a new leader. */
  let myWatch: { method: string; args: unknown[] } | null = null;
  /** Leader: what each tab watches. */
  const tabs = new Map<string, TabWatch>();
  let sharedKey = '';
  /** close(): ends the held lock and the wait in line. */
  let release: () => void = () => {};
  const inLine = new AbortController();

  // To the leader: this tab's own handler when it leads, else the channel. From the leader: the same in reverse.
  const toLeader = (m: BridgeMessage) => {
    if (current === 'leader') onLeaderMessage(m);
    else channel?.postMessage(m);
  };
  const toTab = (m: BridgeMessage) => {
    if ('tab' in m && m.tab === tab) pending.receive(m);
    else channel?.postMessage(m);
  };
  const pending = new PendingCalls({ tab, send: toLeader });

  async function syncWatches(): Promise<void> {
    if (!local) return;
    const { devices, manage } = unionWatches(tabs.values());
    const key = JSON.stringify([devices, manage]);
    if (key === sharedKey) return;
    sharedKey = key;
    try {
      await local.watchTabs(devices, manage);
    } catch (e) {
      // Another tab's station failing to join must not fail this tab's call; the next change tries again.
      sharedKey = '';
      console.warn('[data bridge] watching the tabs’ stations', e);
    }
  }

  async function run(from: string, method: string, args: unknown[]): Promise<unknown> {
    const api = local as unknown as Record<string, AnyFn>;
    // A tab's new selection joins the union before the worker selects (so the worker never leaves a station
    // another tab shows); openStation's station is known from its answer.
    const before = watchOf(method, args, null);
    if (before) {
      tabs.set(from, before);
      await syncWatches();
    }
    const value = await api[method](...args);
    const after = method === 'openStation' ? watchOf(method, args, value) : undefined;
    if (after) {
      tabs.set(from, after);
      await syncWatches();
    }
    return value;
  }

  function onLeaderMessage(m: BridgeMessage): void {
    if (m.type === 'hello') channel?.postMessage({ type: 'leader', tab });
    else if (m.type === 'bye') {
      tabs.delete(m.tab);
      void syncWatches();
    } else if (m.type === 'call') serve(m);
  }

  function serve(m: CallMessage): void {
    toTab({ type: 'ack', id: m.id, tab: m.tab });
    const args = [...m.args];
    for (const index of m.cbs)
      args[index] = proxy((...a: unknown[]) =>
        toTab({ type: 'callback', id: m.id, tab: m.tab, index, args: a }),
      );
    run(m.tab, m.method, args).then(
      (value) => {
        try {
          toTab({ type: 'result', id: m.id, tab: m.tab, ok: true, value });
        } catch (e) {
          toTab({ type: 'result', id: m.id, tab: m.tab, ok: false, error: plainError(e) });
        }
      },
      (error) => toTab({ type: 'result', id: m.id, tab: m.tab, ok: false, error: plainError(error) }),
    );
  }

  function lead(): Promise<void> {
    current = 'leader';
    onRole?.('leader');
    leaderTab = tab;
    local = createWorker();
    tabs.clear();
    sharedKey = '';
    local.start(origin).catch((e) => console.error('[data worker] start failed', e));
    // Calls this tab had sent to the old leader now run here; its watch too.
    pending.leaderChanged();
    if (myWatch) replayWatch();
    channel?.postMessage({ type: 'leader', tab } satisfies BridgeMessage);
    // Held until the tab closes: the lock then passes to the next tab in line.
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  }

  function replayWatch(): void {
    const w = myWatch;
    if (w) pending.call(w.method, w.args).catch((e) => console.warn('[data bridge] watch again', e));
  }

  function onMessage(e: MessageEvent<BridgeMessage>): void {
    const m = e.data;
    if (current === 'leader') {
      onLeaderMessage(m);
      return;
    }
    if (m.type === 'leader') {
      const changed = leaderTab !== null && leaderTab !== m.tab;
      leaderTab = m.tab;
      if (changed) {
        pending.leaderChanged();
        replayWatch();
      }
      return;
    }
    pending.receive(m);
  }

  const decided: Promise<Role> = (async () => {
    if (!locks || !channel) {
      // No election possible: this tab runs its own worker.
      current = 'leader';
      onRole?.('leader');
      local = createWorker();
      local.start(origin).catch((e) => console.error('[data worker] start failed', e));
      return 'leader';
    }
    channel.addEventListener('message', onMessage);
    const first = await new Promise<boolean>((resolve) => {
      locks
        .request(LEADER_LOCK, { ifAvailable: true }, (lock) => {
          resolve(!!lock);
          return lock ? lead() : Promise.resolve();
        })
        .catch((e) => {
          console.warn('[data bridge] lock', e);
          resolve(false);
        });
    });
    if (first) return 'leader';
    current = 'follower';
    onRole?.('follower');
    // Wait in line: when the leader's tab closes, this one may take over.
    // Leaving the line (close) aborts the request: that is expected; anything else is worth a word.
    locks
      .request(LEADER_LOCK, { signal: inLine.signal }, () => lead())
      .catch((e: unknown) => {
        if ((e as { name?: string } | null)?.name !== 'AbortError')
          console.warn('[data] leader lock failed', e);
      });
    channel.postMessage({ type: 'hello', tab } satisfies BridgeMessage);
    // A browser page (not a test in Node): tell the leader when this tab goes.
    if (typeof addEventListener !== 'function') return 'follower';
    addEventListener('pagehide', () => {
      if (current === 'follower') channel.postMessage({ type: 'bye', tab } satisfies BridgeMessage);
    });
    // Back from the back/forward cache: its watch ended with the bye.
    addEventListener('pageshow', (e) => {
      if ((e as PageTransitionEvent).persisted && current === 'follower') replayWatch();
    });
    return 'follower';
  })();

  return {
    tab,
    role: () => decided,
    async call(method, args) {
      await decided;
      if (method === 'selectDevice' || method === 'openStation') myWatch = { method, args };
      return pending.call(method, args);
    },
    close() {
      inLine.abort();
      if (current === 'follower') channel?.postMessage({ type: 'bye', tab } satisfies BridgeMessage);
      current = null;
      channel?.close();
      release();
    },
  };
}
