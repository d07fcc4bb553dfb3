// The data worker entry: exposes one data engine's methods over comlink. Errors cross as plain { name, message, code }
// (comlink would drop `code` from an Error), and series arrays are transferred, not copied.
import { expose, transfer } from 'comlink';
import { plainError } from '../src/bridge/errors';
import type { DataWorkerApi, SeriesData } from './api';
import { createDataEngine } from './engine';

const { stop: _stop, runtime: _runtime, ...engine } = createDataEngine();

const guard =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (e) {
      throw plainError(e);
    }
  };

const withTransfer = (s: SeriesData): SeriesData =>
  transfer(s, [
    s.x.buffer as ArrayBuffer,
    ...s.ys.map((y) => y.buffer as ArrayBuffer),
    ...(s.bands ?? []).flatMap((b) => [b.lo.buffer as ArrayBuffer, b.hi.buffer as ArrayBuffer]),
  ]);

type Method = (...args: unknown[]) => Promise<unknown>;

const api = {
  ...(Object.fromEntries(
    Object.entries(engine as unknown as Record<string, Method>).map(([name, fn]) => [name, guard(fn)]),
  ) as unknown as DataWorkerApi),
  loadSeries: guard(async (device, keys, from, to, bucket) =>
    withTransfer(await engine.loadSeries(device, keys, from, to, bucket)),
  ),
} satisfies DataWorkerApi;

expose(api);
