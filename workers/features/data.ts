// Data feature: history held in Dexie, graph series, forecasts, the outbox of queued edits, and the bench hook.
import { workerBench } from '../bench';
import { loadClimate } from '../climate';
import { loadRecords } from '../records';
import type { Handlers } from './handlers';

export const dataHandlers = {
  ensureHistory: (rt, device, from, to) => rt.history.ensure(device, from, to),
  loadSeries: (rt, device, keys, from, to, bucket) => rt.series.load(device, keys, from, to, bucket),
  loadForecast: (rt, device) => rt.forecasts.load(device, true),
  loadRecords: (rt, device) => loadRecords(rt.db, rt.conn, device),
  loadClimate: (rt, device, period, format, options) =>
    loadClimate(rt.db, rt.conn, device, period, format, options),
  flushOutbox: (rt) => rt.outbox.flush(),
  bench: async (rt, device, keys) =>
    workerBench(rt.conn, device, keys, (await rt.db.devices.get(device))?.timezone),
} satisfies Handlers<
  'ensureHistory' | 'loadSeries' | 'loadForecast' | 'loadRecords' | 'loadClimate' | 'flushOutbox' | 'bench'
>;
