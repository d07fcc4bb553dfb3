// Realtime: time from sending an upload to the ingest endpoint to the `weatherMetrics created` event at a
// watching socket client, with 1,000 connected watchers of the station (999 in a helper process, the measuring
// client joins last, so it is served last).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { io } from 'socket.io-client';

async function firstLine(child: ChildProcess): Promise<string> {
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return line;
}

export async function realtimeBench(watchers = 1000, uploads = 200) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/ingest-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, STATIONS: '1' },
  });
  const { port, token, devices } = JSON.parse(await firstLine(server));
  const url = `http://127.0.0.1:${port}`;
  const passive = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/watchers.ts', url, token, devices[0], String(watchers - 1)],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  if ((await firstLine(passive)) !== 'ready') throw new Error('watchers did not start');

  const socket = io(url, { transports: ['websocket'], forceNew: true });
  await new Promise((resolve) => socket.once('connect', () => resolve(null)));
  await new Promise<void>((resolve, reject) =>
    socket.emit('create', 'authentication', { strategy: 'jwt', accessToken: token }, {}, (e: unknown) =>
      e ? reject(e) : resolve(),
    ),
  );
  await new Promise<void>((resolve, reject) =>
    socket.emit('create', 'weatherDevices/watch', { id: devices[0] }, {}, (e: unknown) =>
      e ? reject(e) : resolve(),
    ),
  );
  const sentAt = new Map<number, number>();
  const fromSend: number[] = [];
  const roundTrips: number[] = [];
  // Each upload carries its own temperature (-20.0, -19.9, …): the event says which upload it is.
  const uploadOf = (tempc0: number) => Math.round((tempc0 + 20) * 10);
  socket.on('weatherMetrics created', (data: { tempc0: number }) => {
    const t = performance.now();
    const i = uploadOf(data.tempc0);
    if (sentAt.has(i)) fromSend.push(t - sentAt.get(i)!);
  });
  const t0 = 1_700_000_000;
  for (let i = 0; i < uploads; i++) {
    const time = t0 + i * 16;
    const datetime = encodeURIComponent(new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' '));
    sentAt.set(i, performance.now());
    const res = await fetch(
      `${url}/data/upload.php?wsid=bench0&wspw=key0&datetime=${datetime}&t1tem=${(-20 + i / 10).toFixed(1)}&t1hum=50`,
    );
    roundTrips.push(performance.now() - sentAt.get(i)!);
    if (res.status !== 200) throw new Error(`upload ${i}: ${res.status}`);
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => setTimeout(r, 500));
  passive.send('count');
  const [{ received }] = (await once(passive, 'message')) as [{ received: number }];
  socket.close();
  passive.kill('SIGTERM');
  server.kill('SIGTERM');
  await Promise.all([once(passive, 'exit'), once(server, 'exit')]);
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  return {
    watchers,
    uploads,
    delivered: fromSend.length,
    passiveReceived: received,
    // From sending the upload (the server accepts it on arrival; its answer may come after the event).
    p50: pct(fromSend, 0.5),
    p95: pct(fromSend, 0.95),
    uploadRoundTripP50: pct(roundTrips, 0.5),
  };
}
