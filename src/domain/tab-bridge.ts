// One data worker and one socket per browser (issue 32): the tab holding the Web Lock (the leader) runs the data
// worker; the other tabs (followers) send it their calls over a BroadcastChannel. This file is the pure part of
// that bridge — the messages, which tab watches what, and the follower's table of calls waiting for an answer —
// so it is tested without a browser. src/bridge/data-bridge.ts wires it to navigator.locks and BroadcastChannel.

import { coded, ERRORS } from './errors';

/** A call a follower sends; function arguments (progress callbacks) travel as their indices in `cbs`. */
export interface CallMessage {
  type: 'call';
  id: string;
  tab: string;
  method: string;
  args: unknown[];
  cbs: number[];
}

export type BridgeMessage =
  | CallMessage
  /** The leader has the call (from now on only a leader change can lose it). */
  | { type: 'ack'; id: string; tab: string }
  | { type: 'result'; id: string; tab: string; ok: true; value: unknown }
  | { type: 'result'; id: string; tab: string; ok: false; error: unknown }
  /** A callback argument of call `id` was called in the leader. */
  | { type: 'callback'; id: string; tab: string; index: number; args: unknown[] }
  /** Sent by a new leader, and in answer to `hello`. */
  | { type: 'leader'; tab: string }
  /** A follower started and asks who leads. */
  | { type: 'hello'; tab: string }
  /** A tab is going away: its watches end. */
  | { type: 'bye'; tab: string };

/** What one tab watches live: the station it shows, or every station (manage mode). */
export interface TabWatch {
  device: string | null;
  manage: boolean;
}

/**
 * The calls that say what a tab watches. They are replayed to a new leader (its worker starts with no tabs),
 * and the leader keeps each tab's last one so the socket watches the union of all tabs.
 */
export function watchOf(method: string, args: unknown[], result: unknown): TabWatch | undefined {
  if (method === 'selectDevice') return { device: (args[0] as string | null) ?? null, manage: !!args[1] };
  if (method === 'openStation') {
    const id = (result as { _id?: unknown } | null)?._id;
    return typeof id === 'string' ? { device: id, manage: false } : undefined;
  }
  return undefined;
}

/** The socket watches every tab's station; manage mode in any tab watches them all. */
export function unionWatches(tabs: Iterable<TabWatch>): { devices: string[]; manage: boolean } {
  const devices = new Set<string>();
  let manage = false;
  for (const w of tabs) {
    if (w.device) devices.add(w.device);
    manage ||= w.manage;
  }
  return { devices: [...devices].sort(), manage };
}

/**
 * Calls a new leader may run again when the old one took them and closed before answering: reads, loads and
 * watches, which do the same thing twice. Anything else (create an order, pay, delete) could have been done
 * already, so it fails with a retryable "offline" error instead of running twice.
 */
export function safeToResend(method: string): boolean {
  return (
    /^(start|load|ensure|open|select|lookup|reload|flush|watch|unwatch|check(Import|Payment)$)/.test(
      method,
    ) ||
    [
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
    ].includes(method)
  );
}

/** Callbacks keep working after the answer for watches (ingest health's live rejections); the rest end with it. */
const keepsCallbacks = (method: string) => method.startsWith('watch');

/** Split a call's arguments: clonable values, and the functions by index (a BroadcastChannel cannot carry them). */
export function splitArgs(args: unknown[]): {
  args: unknown[];
  cbs: number[];
  fns: Map<number, (...a: unknown[]) => unknown>;
} {
  const fns = new Map<number, (...a: unknown[]) => unknown>();
  const out = args.map((a, i) => {
    if (typeof a !== 'function') return a;
    fns.set(i, a as (...x: unknown[]) => unknown);
    return null;
  });
  return { args: out, cbs: [...fns.keys()], fns };
}

/** The error a call gets when no leader answers, or the leader closed mid-call (code 0: retry later). */
export const leaderGone = () => ({
  name: 'Offline',
  message: ERRORS.offline,
  code: 0,
  data: coded('offline'),
});

interface Pending {
  method: string;
  message: CallMessage;
  fns: Map<number, (...a: unknown[]) => unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  acked: boolean;
  settled: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface PendingOptions {
  tab: string;
  send: (m: BridgeMessage) => void;
  /** No ack within this (no leader at all): reject as offline. */
  ackTimeoutMs?: number;
  newId?: () => string;
  setTimer?: (fn: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (t: ReturnType<typeof setTimeout>) => void;
}

/** A follower's calls: sent with an id, answered by the leader, sent again or failed when the leader changes. */
export class PendingCalls {
  private calls = new Map<string, Pending>();
  private seq = 0;
  private readonly ackTimeoutMs: number;
  private readonly setTimer: NonNullable<PendingOptions['setTimer']>;
  private readonly clearTimer: NonNullable<PendingOptions['clearTimer']>;

  constructor(private opts: PendingOptions) {
    this.ackTimeoutMs = opts.ackTimeoutMs ?? 10_000;
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t));
  }

  get size(): number {
    let n = 0;
    for (const p of this.calls.values()) if (!p.settled) n++;
    return n;
  }

  call(method: string, rawArgs: unknown[]): Promise<unknown> {
    const id = this.opts.newId?.() ?? `${this.opts.tab}:${++this.seq}`;
    // unwatchX(key) ends watchX(key, cb): a new leader must not set it up again.
    if (method.startsWith('unwatch')) {
      const watch = `w${method.slice(3)}`;
      for (const [k, p] of this.calls)
        if (p.method === watch && p.settled && p.message.args[0] === rawArgs[0]) this.calls.delete(k);
    }
    const { args, cbs, fns } = splitArgs(rawArgs);
    const message: CallMessage = { type: 'call', id, tab: this.opts.tab, method, args, cbs };
    return new Promise((resolve, reject) => {
      const p: Pending = { method, message, fns, resolve, reject, acked: false, settled: false, timer: null };
      this.calls.set(id, p);
      this.post(p);
    });
  }

  private post(p: Pending): void {
    p.acked = false;
    if (p.timer) this.clearTimer(p.timer);
    p.timer = this.setTimer(() => {
      if (!p.acked) this.fail(p.message.id, leaderGone());
    }, this.ackTimeoutMs);
    this.opts.send(p.message);
  }

  private fail(id: string, error: unknown): void {
    const p = this.calls.get(id);
    if (!p || p.settled) return;
    this.finish(id, p);
    p.reject(error);
  }

  private finish(id: string, p: Pending): void {
    p.settled = true;
    if (p.timer) this.clearTimer(p.timer);
    p.timer = null;
    if (!keepsCallbacks(p.method) || p.fns.size === 0) this.calls.delete(id);
  }

  /** A message from the leader for this tab. */
  receive(m: BridgeMessage): void {
    if (m.type !== 'ack' && m.type !== 'result' && m.type !== 'callback') return;
    if (m.tab !== this.opts.tab) return;
    const p = this.calls.get(m.id);
    if (!p) return;
    if (m.type === 'callback') {
      p.fns.get(m.index)?.(...m.args);
      return;
    }
    if (p.settled) return;
    if (m.type === 'ack') {
      p.acked = true;
      if (p.timer) this.clearTimer(p.timer);
      p.timer = null;
      return;
    }
    this.finish(m.id, p);
    if (m.ok) p.resolve(m.value);
    else p.reject(m.error);
  }

  /**
   * A new leader: calls nobody took are sent to it; calls the old leader took and did not answer are sent again
   * when that is safe, else fail as offline. Watches that keep callbacks are set up again.
   */
  leaderChanged(): void {
    for (const [id, p] of [...this.calls]) {
      if (p.settled) {
        if (keepsCallbacks(p.method)) this.opts.send(p.message);
        continue;
      }
      if (!p.acked || safeToResend(p.method)) this.post(p);
      else this.fail(id, leaderGone());
    }
  }
}
