// A small closed-loop HTTP load generator: `concurrency` keep-alive connections, each sending the next
// request as soon as the previous answer arrives, for `seconds`. Counts answers by status.
import http from 'node:http';

export interface LoadResult {
  requests: number;
  /** Every answer, warm-up included. */
  answered: number;
  seconds: number;
  perSecond: number;
  statuses: Record<number, number>;
  p50ms: number;
  p95ms: number;
}

export async function load(
  base: string,
  nextPath: (i: number) => string,
  {
    concurrency = 32,
    seconds = 5,
    warmup = 1,
  }: { concurrency?: number; seconds?: number; warmup?: number } = {},
): Promise<LoadResult> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let i = 0;
  let counting = false;
  let requests = 0;
  let answered = 0;
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get({ host: url.hostname, port: url.port, path: nextPath(i++), agent }, (res) => {
        res.resume();
        res.on('end', () => {
          answered++;
          if (counting) {
            requests++;
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            latencies.push(performance.now() - started);
          }
          resolve();
        });
      });
      req.on('error', () => resolve());
    });
  let running = true;
  const worker = async () => {
    while (running) await one();
  };
  const workers = Array.from({ length: concurrency }, worker);
  await new Promise((r) => setTimeout(r, warmup * 1000));
  counting = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - t0) / 1000;
  running = false;
  await Promise.all(workers);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests,
    answered,
    seconds: elapsed,
    perSecond: requests / elapsed,
    statuses,
    p50ms: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p95ms: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
  };
}
