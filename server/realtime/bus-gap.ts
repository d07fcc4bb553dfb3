// Live events across a Redis outage (issue #20). While the cluster's bus is down each process delivers only the
// samples it ingests itself; the others' are stored (PostgreSQL) but never reach its sockets. When the bus comes
// back, each process replays from storage, to its own watchers only, the samples of their stations it has not
// delivered — from an hour before the outage began (consoles' clocks and late uploads) to now — in time order,
// with the 5-minute buckets of that span. Every delivered sample (local or from the bus) is remembered per
// station for that span, so nothing is sent twice.
import feathersSync from 'feathers-sync';
import { METRICS_HASH } from '../../src/domain/hash';
import type { Application } from '../declarations';
import { primaryRow } from '../storage/samples';
import { hasWatchers, watchedDevices } from './device-channels';

/** How far before an outage's start the replay looks (s). */
export const REPLAY_LOOKBACK_S = 3600;

// feathers-sync's flag on an event's context (its README, "Disabling synchronization"): false delivers it here
// only, not over the bus.
const { SYNC } = feathersSync as unknown as { SYNC: symbol };

export interface BusGap {
  /** The bus went down (the first call of an outage counts). */
  down(): void;
  /**
   * The bus is back: replay what this process's watchers missed. Resolves with the samples replayed. `again`:
   * a second pass over the same outage (what came in while the subscription was being renewed).
   */
  back(again?: boolean): Promise<number>;
}

export function busGap(app: Application): BusGap {
  /** Sample times delivered here, per station with watchers here. */
  const delivered = new Map<string, Set<number>>();
  let downSince: number | null = null;
  /** The last outage's start, while its replays may still run (a minute after it ended). */
  let lastGap: { since: number; until: number } | null = null;

  const start = () =>
    downSince ?? (lastGap && Date.now() - lastGap.until < 60_000 ? lastGap.since : Date.now());
  const horizon = () => Math.floor(start() / 1000) - REPLAY_LOOKBACK_S;

  app.service('weatherMetrics').on('created', (sample: { device?: string; time?: number }) => {
    if (
      typeof sample?.device !== 'string' ||
      typeof sample.time !== 'number' ||
      !hasWatchers(app, sample.device)
    )
      return;
    const times = delivered.get(sample.device) ?? new Set<number>();
    delivered.set(sample.device, times);
    times.add(sample.time);
    if (times.size % 500 === 0) {
      const from = horizon();
      for (const t of times) if (t < from) times.delete(t);
    }
  });

  const emitLocal = (path: 'weatherMetrics' | 'weatherMetrics/5m', data: object) =>
    (app.service(path) as unknown as { emit(e: string, d: object, ctx: object): void }).emit(
      'created',
      data,
      {
        [SYNC]: false,
      },
    );

  async function replay(from: number): Promise<number> {
    const to = Math.floor(Date.now() / 1000) + 3600;
    let sent = 0;
    const devices = watchedDevices(app);
    for (const device of devices) {
      const times = delivered.get(device) ?? new Set<number>();
      const missed = (await app.ctx.samples.samples(device, from, to)).filter((s) => !times.has(s.time));
      if (missed.length === 0) continue;
      for (const s of missed.sort((a, b) => a.time - b.time)) {
        times.add(s.time);
        emitLocal('weatherMetrics', { ...s, device, hash: METRICS_HASH });
        sent++;
      }
      delivered.set(device, times);
      const first = missed[0].time - (missed[0].time % 300);
      for (const b of await app.ctx.samples.buckets('buckets5m', device, first, to))
        emitLocal('weatherMetrics/5m', { ...primaryRow(b.time, b.aggs), device });
    }
    return sent;
  }

  return {
    down() {
      downSince ??= Date.now();
    },
    async back(again = false) {
      if (downSince === null && !(again && lastGap)) return 0;
      const from = horizon();
      if (downSince !== null) lastGap = { since: downSince, until: Date.now() };
      downSince = null;
      try {
        const sent = await replay(from);
        if (sent > 0) app.ctx.log.info('Redis (sync) back: live samples replayed from storage', { sent });
        return sent;
      } catch (error) {
        app.ctx.log.error('replay after the Redis outage failed', error);
        return 0;
      }
    },
  };
}
