// The yardstick under the realtime figure: the least a server writing from one thread can do to send one small
// message to 1,000 sockets — a bare TCP server that writes one buffer to each connection, in connection order,
// when told to. Run the same way as the realtime bench (999 receivers in a helper process, the measuring socket
// connected last, one hop from the trigger), its p95 on the same machine is what the portal's figure is divided by.
// (The portal splits large fan-outs over two threads, server/realtime/fd-writer.ts, so it can come in under it.)
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

const role = process.env.FLOOR_ROLE;
const clock = () => Number(process.hrtime.bigint()) / 1e6;

if (role === 'server') {
  const sockets: net.Socket[] = [];
  const frame = Buffer.alloc(Number(process.argv[2]), 0x61);
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('data', () => {
      for (const s of sockets) s.write(frame); // a trigger: fan out
    });
    socket.on('error', () => {});
    sockets.push(socket);
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as net.AddressInfo).port));
} else if (role === 'receivers') {
  const [port, count] = process.argv.slice(2).map(Number);
  let connected = 0;
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1', () => {
      if (++connected === count) process.send?.('ready');
    });
    socket.setNoDelay(true);
    socket.on('data', () => {});
  }
}

const connect = (port: number) =>
  new Promise<net.Socket>((resolve) => {
    const socket: net.Socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.setNoDelay(true);
    socket.on('data', () => {});
  });

/** p50/p95 ms from a trigger to the message at the last of `watchers` sockets, with the server's message size. */
export async function fanoutFloor(watchers = 1000, bytes = 400, rounds = 200, warmup = 20) {
  const script = new URL(import.meta.url).pathname;
  const children: ChildProcess[] = [];
  const spawnRole = (role: string, ...args: string[]) => {
    const child = fork(script, args, {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, FLOOR_ROLE: role },
    });
    children.push(child);
    return child;
  };
  const server = spawnRole('server', String(bytes));
  const [port] = (await once(server, 'message')) as [number];
  const receivers = spawnRole('receivers', String(port), String(watchers - 2));
  await once(receivers, 'message');
  const trigger = await connect(port); // also one of the watchers: the server writes to every connection
  const last = await connect(port);
  const times: number[] = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const sent = clock();
    const got = once(last, 'data');
    trigger.write('go');
    await got;
    if (i >= warmup) times.push(clock() - sent);
    await new Promise((r) => setTimeout(r, 25));
  }
  trigger.destroy();
  last.destroy();
  for (const child of children) child.kill();
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(rounds * 0.5)], p95: times[Math.floor(rounds * 0.95)] };
}
