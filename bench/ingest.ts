// Ingest throughput: WSLink uploads (~40 fields) from 1,000 distinct stations through the real endpoint,
// side by side with a bare endpoint of the same stack, in one run. Prints uploads/s and the ratio.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { type LoadResult, load } from './load';
import { pgSchema } from './pg';

const median = (runs: LoadResult[]) => [...runs].sort((a, b) => a.perSecond - b.perSecond)[runs.length >> 1];

const FIELDS =
  'rbar=1008.8&abar=990.5&intem=25.8&inhum=22&inbat=1&t1tem=18.4&t1hum=71&t1wdir=231&t1ws=3.1&t1ws10mav=2.9' +
  '&t1wgust=5.2&t1rainra=0&t1rainhr=0&t1raindy=1.2&t1rainwy=4.4&t1rainmth=30.8&t1rainyr=400.5&t1uvi=2.1' +
  '&t1solrad=279&t1bat=1&t1cn=1&t1feels=&t1chill=18.4&t1heat=18.4&t1dew=13.1&t1wbgt=16.2&t234c1tem=21.9' +
  '&t234c1hum=56&t234c1bat=1&t234c1cn=1&t234c1tp=2&t8pm25=12&t8pm10=20&t8bat=5&t8cn=1&t9hcho=30&t9voclv=4' +
  '&t10co2=640&t11co=0.5&apiver=1.00';

/** Alternating rounds (bare, ingest, bare, …) so both see the same machine noise; medians are reported. */
export async function ingestBench(
  seconds = 3,
  rounds = 5,
  engine: 'sqlite' | 'pg' = 'sqlite',
  concurrency = 32,
) {
  const pg = engine === 'pg' ? pgSchema('ingest') : null;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ingest-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...pg?.env },
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { port, stations } = JSON.parse(line);
  const base = `http://127.0.0.1:${port}`;
  const t0 = 1_700_000_000;
  // Each station uploads with an increasing timestamp (distinct samples, like consoles every 16 s).
  const upload = (i: number) =>
    `/data/upload.php?wsid=bench${i % stations}&wspw=key${i % stations}&datetime=${encodeURIComponent(new Date((t0 + 16 * Math.floor(i / stations)) * 1000).toISOString().slice(0, 19).replace('T', ' '))}&${FIELDS}`;
  const bare = (i: number) => `/bench/bare?wsid=bench${i % stations}&${FIELDS}`;
  // The same uploads to the stations with a calibration (issue 24).
  const calibrated = (i: number) => upload(i).replace(/wsid=bench(\d+)&wspw=key/, 'wsid=cal$1&wspw=calkey');
  const bareRuns: LoadResult[] = [];
  const ingestRuns: LoadResult[] = [];
  const calibratedRuns: LoadResult[] = [];
  // The server's CPU time per answer, beside the rates: a rate can be capped by the load generator sharing the
  // two cores (the bare endpoint is), CPU per answer is the server's own cost.
  const cpu = async () => ((await (await fetch(`${base}/bench/cpu`)).json()) as { us: number }).us;
  const cpuPer = { bare: [] as number[], ingest: [] as number[], calibrated: [] as number[] };
  // BENCH_CPU_PROF=<dir>: the server's V8 CPU profile of each measured run after the first (the first warms the
  // caches up), written to <dir>/<kind>-<round>.cpuprofile; `node --import tsx bench/profile-top.ts <files>` sums
  // their self time per function. The profiler's own cost is in that run's figures.
  const profileDir = process.env.BENCH_CPU_PROF;
  const measured = async (kind: keyof typeof cpuPer, path: (i: number) => string, round: number) => {
    const profiled = profileDir && round > 0;
    if (profiled) await fetch(`${base}/bench/profile/start`);
    const before = await cpu();
    const run = await load(base, path, { seconds, concurrency });
    cpuPer[kind].push(((await cpu()) - before) / run.answered);
    if (profiled)
      await fetch(
        `${base}/bench/profile/stop?to=${encodeURIComponent(resolve(profileDir, `${kind}-${round}.cpuprofile`))}`,
      );
    return run;
  };
  let sent = 0;
  for (let r = 0; r < rounds; r++) {
    bareRuns.push(await measured('bare', bare, r));
    // Continue the upload sequence across rounds so every upload is a new sample.
    const run = await measured('ingest', (i) => upload(sent + i), r);
    ingestRuns.push(run);
    const cal = await measured('calibrated', (i) => calibrated(sent + i), r);
    calibratedRuns.push(cal);
    sent += Math.max(run.answered, cal.answered) + 10_000;
  }
  child.kill('SIGTERM');
  await once(child, 'exit');
  await pg?.drop();
  const ratios = ingestRuns.map((r, i) => r.perSecond / bareRuns[i].perSecond);
  const calibratedRatios = calibratedRuns.map((r, i) => r.perSecond / bareRuns[i].perSecond);
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  return {
    bare: median(bareRuns),
    ingest: median(ingestRuns),
    calibrated: median(calibratedRuns),
    ratio: mid(ratios),
    calibratedRatio: mid(calibratedRatios),
    cpuUs: { bare: mid(cpuPer.bare), ingest: mid(cpuPer.ingest), calibrated: mid(cpuPer.calibrated) },
    stations,
  };
}
