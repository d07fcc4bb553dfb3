// Realtime: time from an accepted upload (the server stored it and emitted its event) to the `weatherMetrics
// created` event at a watching socket client, with 1,000 connected watchers of the station (999 in a helper
// process, the measuring client joins last, so it is served last by its server process); also from sending the
// upload, which adds the client's request and the server's HTTP handling. Every process reads the same monotonic
// clock.
// Two deployments: the embedded one (one process, SQLite) and the scale-out one (several processes on
// PostgreSQL, events shared through Redis), where a load balancer spreads the watchers over the processes.
// With `floor`, a bare socket.io server (bench/fanout-floor.ts) gets its own 1,000 watchers the same way, and its
// rounds take turns with the portal's: each upload's event is then broadcast by the floor to its room, so both
// are timed on the same payload, from sending, under the same load.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { io } from 'socket.io-client';
import { startFloor } from './fanout-floor';
import { pgSchema } from './pg';

async function firstLine(child: ChildProcess): Promise<string> {
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return line;
}

interface Started {
  port: number;
  user: string;
  token: string;
  devices: string[];
}

function startServer(env: Record<string, string>): [ChildProcess, Promise<Started>] {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ingest-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, STATIONS: '1', ...env },
  });
  return [child, firstLine(child).then((line) => JSON.parse(line) as Started)];
}

/** CPU time (µs) the server processes have used so far. */
async function serverCpu(urls: string[]): Promise<number> {
  let us = 0;
  for (const url of urls) us += ((await (await fetch(`${url}/bench/cpu`)).json()) as { us: number }).us;
  return us;
}

export interface RealtimeOptions {
  watchers?: number;
  uploads?: number;
  /** Uploads sent first and not counted (JIT, socket buffers). */
  warmup?: number;
  /** Server processes; more than one runs on PostgreSQL with Redis (bench/pg.ts). */
  processes?: number;
  /** Also time a bare socket.io room broadcast of the same payloads, taking turns with the uploads. */
  floor?: boolean;
}

/** `count` watchers of `device` in a helper process (one of `children`), spread over `urls`; once all watch. */
async function passiveWatchers(
  children: ChildProcess[],
  urls: string[],
  token: string,
  device: string,
  count: number,
) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/watchers.ts', urls.join(','), token, device, String(count)],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  children.push(child);
  if ((await firstLine(child)) !== 'ready') throw new Error('watchers did not start');
  return child;
}

/** The measuring client: authenticates and watches through the same calls as the passive watchers. */
async function measuringClient(url: string, token: string, device: string) {
  const socket = io(url, { transports: ['websocket'], forceNew: true });
  await new Promise((resolve) => socket.once('connect', () => resolve(null)));
  const call = (path: string, data: unknown) =>
    new Promise<void>((resolve, reject) =>
      socket.emit('create', path, data, {}, (e: unknown) => (e ? reject(e) : resolve())),
    );
  await call('authentication', { strategy: 'jwt', accessToken: token });
  await call('weatherDevices/watch', { id: device });
  return socket;
}

export async function realtimeBench(options: RealtimeOptions = {}) {
  const children: ChildProcess[] = [];
  try {
    return await measure(children, options);
  } finally {
    // Also when a step failed: no server or watcher process outlives the bench.
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.all(running.map((child) => once(child, 'exit')));
  }
}

async function measure(
  children: ChildProcess[],
  { watchers = 1000, uploads = 200, warmup = 20, processes = 1, floor = false }: RealtimeOptions,
) {
  // Several processes share one PostgreSQL schema and Redis; one process keeps the embedded SQLite.
  const pg = processes > 1 ? pgSchema('rt') : null;
  const sharedEnv: Record<string, string> = pg
    ? { ...pg.env, BENCH_REDIS: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' }
    : {};
  const [first, started] = startServer(sharedEnv);
  children.push(first);
  const main = await started;
  const urls = [`http://127.0.0.1:${main.port}`];
  for (let p = 1; p < processes; p++) {
    const [child, more] = startServer({ ...sharedEnv, BENCH_SEED: 'off', BENCH_USER: main.user });
    children.push(child);
    urls.push(`http://127.0.0.1:${(await more).port}`);
  }
  const device = main.devices[0];
  const passive = await passiveWatchers(children, urls, main.token, device, watchers - 1);
  const socket = await measuringClient(urls[0], main.token, device);

  // One clock for every process: the system's monotonic clock, in ms.
  const clock = () => Number(process.hrtime.bigint()) / 1e6;
  const sentAt: number[] = [];
  const lastServed: number[] = [];
  const arrivedAt: number[] = [];
  const payloads: unknown[] = [];
  const roundTrips: number[] = [];
  // Each upload carries its own temperature (-20.0, -19.9, …): the event says which upload it is.
  const uploadOf = (tempc0: number) => Math.round((tempc0 + 20) * 10);
  socket.on('weatherMetrics created', (data: { tempc0: number }) => {
    const i = uploadOf(data.tempc0);
    payloads[i] = data;
    if (i < warmup || sentAt[i] === undefined) return;
    arrivedAt[i] = clock();
    lastServed.push(arrivedAt[i] - sentAt[i]);
  });

  // The floor: its own server process, watchers and measuring client, connected the same way.
  const bare = floor ? await startFloor() : null;
  const floorSentAt: number[] = [];
  const floorServed: number[] = [];
  let floorPassive: ChildProcess | null = null;
  let floorSocket: Awaited<ReturnType<typeof measuringClient>> | null = null;
  if (bare) {
    children.push(bare.child);
    floorPassive = await passiveWatchers(children, [bare.url], main.token, device, watchers - 1);
    floorSocket = await measuringClient(bare.url, main.token, device);
    floorSocket.on('weatherMetrics created', (data: { tempc0: number }) => {
      const i = uploadOf(data.tempc0);
      if (i >= warmup && floorSentAt[i] !== undefined) floorServed.push(clock() - floorSentAt[i]);
    });
  }
  /** The portal's event for upload i (it usually arrived before the upload's answer). */
  const payloadOf = async (i: number) => {
    for (let waited = 0; payloads[i] === undefined; waited += 5) {
      if (waited > 5000) throw new Error(`upload ${i}: no event`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return payloads[i];
  };

  // Between rounds the watcher processes read what they got (the portal sends each upload's sample and bucket):
  // the next round, the floor's or the portal's, starts once they are done.
  const pause = () => new Promise((r) => setTimeout(r, 60));
  const cpuBefore = await serverCpu(urls);
  const t0 = 1_700_000_000;
  for (let i = 0; i < warmup + uploads; i++) {
    const time = t0 + i * 16;
    const datetime = encodeURIComponent(new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' '));
    sentAt[i] = clock();
    const res = await fetch(
      `${urls[0]}/data/upload.php?wsid=bench0&wspw=key0&datetime=${datetime}&t1tem=${(-20 + i / 10).toFixed(1)}&t1hum=50`,
    );
    if (i >= warmup) roundTrips.push(clock() - sentAt[i]);
    if (res.status !== 200) throw new Error(`upload ${i}: ${res.status}`);
    await res.arrayBuffer();
    await pause();
    if (bare) {
      const body = JSON.stringify(await payloadOf(i));
      floorSentAt[i] = clock();
      const answer = await fetch(`${bare.url}/trigger`, { method: 'POST', body });
      if (answer.status !== 200) throw new Error(`floor ${i}: ${answer.status}`);
      await answer.arrayBuffer();
      await pause();
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  const cpuPerUpload = ((await serverCpu(urls)) - cpuBefore) / (warmup + uploads) / 1000;
  // From the server's acceptance (its first process to store the upload) to the measuring client.
  const accepted: Record<string, number> = {};
  for (const url of urls)
    for (const [key, at] of Object.entries(
      (await (await fetch(`${url}/bench/accepted`)).json()) as Record<string, number>,
    ))
      accepted[key] = Math.min(at, accepted[key] ?? at);
  const fromAcceptance: number[] = [];
  arrivedAt.forEach((at, i) => {
    const key = String(Number((-20 + i / 10).toFixed(1)));
    if (accepted[key] !== undefined) fromAcceptance.push(at - accepted[key]);
  });
  const count = async (child: ChildProcess) => {
    child.send('count');
    const [answer] = (await once(child, 'message')) as [{ received: number; arrivals: number[][] }];
    return answer;
  };
  const { received, arrivals } = await count(passive);
  const floorReceived = floorPassive ? (await count(floorPassive)).received : 0;
  // Every delivery to every passive watcher (each got the uploads in order).
  const everyWatcher: number[] = [];
  for (const times of arrivals)
    for (let i = warmup; i < times.length; i++) everyWatcher.push(times[i] - sentAt[i]);
  socket.close();
  floorSocket?.close();
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => once(child, 'exit')));
  await pg?.drop();
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  return {
    watchers,
    uploads,
    warmup,
    processes,
    delivered: lastServed.length,
    passiveReceived: received,
    // From sending the upload (the server accepts it on arrival; its answer may come after the event).
    all: { p50: pct(everyWatcher, 0.5), p95: pct(everyWatcher, 0.95) },
    lastServed: { p50: pct(lastServed, 0.5), p95: pct(lastServed, 0.95) },
    lastServedFromAcceptance: { p50: pct(fromAcceptance, 0.5), p95: pct(fromAcceptance, 0.95) },
    acceptedCount: fromAcceptance.length,
    uploadRoundTripP50: pct(roundTrips, 0.5),
    /** Server CPU per upload (ms), all processes: storing it and sending it to every watcher. */
    cpuPerUpload,
    /** The bare socket.io room broadcast of the same payloads: the watcher served last, from sending the trigger. */
    floor: bare
      ? {
          p50: pct(floorServed, 0.5),
          p95: pct(floorServed, 0.95),
          delivered: floorServed.length,
          passiveReceived: floorReceived,
        }
      : null,
  };
}
