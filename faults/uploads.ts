// Stations for the fault runs: each uploads a new sample every `everyMs`, and, like a console, sends the same
// sample again after an answer other than 200 (or none) until it is accepted. Every answer is kept.
import { type Station, type UploadAnswer, upload } from '../bench/cluster-harness';

export interface StationLog {
  station: Station;
  /** Every attempt, in order: the sample's time, the answer and when it came (epoch ms). */
  attempts: (UploadAnswer & { at: number })[];
}

export function uploadLoop(port: number, stations: Station[], everyMs: number) {
  const logs: StationLog[] = stations.map((station) => ({ station, attempts: [] }));
  let running = true;
  const t0 = Math.floor(Date.now() / 1000) - 3600; // an hour back: one sample per second, never in the future
  const loops = logs.map(async (log, i) => {
    await new Promise((r) => setTimeout(r, (i / logs.length) * everyMs));
    for (let k = 0; running; k++) {
      const time = t0 + k;
      const next = Date.now() + everyMs;
      for (;;) {
        const answer = await upload(port, log.station, time, k % 30);
        log.attempts.push({ ...answer, at: Date.now() });
        if (answer.status === 200 || !running) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
  });
  return {
    logs,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    /** Answers by status, over every station. */
    statuses(): Record<number, number> {
      const out: Record<number, number> = {};
      for (const log of logs) for (const a of log.attempts) out[a.status] = (out[a.status] ?? 0) + 1;
      return out;
    },
    /** `device:time` of every sample answered 200. */
    accepted(): Set<string> {
      return new Set(
        logs.flatMap((log) =>
          log.attempts.filter((a) => a.status === 200).map((a) => `${log.station._id}:${a.time}`),
        ),
      );
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `check` holds (polled), or throws after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(200);
  }
}
