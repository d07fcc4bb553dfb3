// Socket clients of the load run and the fault runs, in their own process: N authenticated sockets through the
// cluster's HAProxy, socket i watching device i of the list. Like bench/watchers.ts each is a bare TCP socket
// speaking WebSocket and socket.io's text protocol (1,000 socket.io clients would take a core of their own).
// Every client counts its samples; the sampled ones (every `every`-th) also record each sample's device, time
// and arrival (ms of the monotonic clock every process shares). A client whose socket closes (its server
// process died) connects again through HAProxy, which sends it to a running process, and watches again.
// Input (a JSON file named by argv[2]): { port, token, devices, every }. Replies to any IPC message with the counts so far.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

const { port, ports, token, devices, every } = JSON.parse(readFileSync(process.argv[2], 'utf8')) as {
  port: number;
  /** Connect straight to these processes instead (client i to ports[i % n]): the fault runs past HAProxy. */
  ports?: number[];
  token: string;
  devices: string[];
  every: number;
};
const clock = () => Number(process.hrtime.bigint()) / 1e6;
const SAMPLE = Buffer.from('42["weatherMetrics created"');

interface Client {
  device: string;
  sampled: boolean;
  received: number;
  /** Sampled clients: [time, arrival ms] of each sample. */
  events: [number, number][];
  /** Times the socket was connected and watching (1 + reconnections). */
  watches: number;
  /** Arrival clock of each (re)watch. */
  watchedAt: number[];
}
const clients: Client[] = devices.map((device, i) => ({
  device,
  sampled: i % every === 0,
  received: 0,
  events: [],
  watches: 0,
  watchedAt: [],
}));
let ready = 0;
let readyAnnounced = false;

function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const len = payload.length;
  const head = len < 126 ? 2 : 4;
  const frame = Buffer.alloc(head + 4 + len);
  frame[0] = 0x81;
  frame[1] = 0x80 | Math.min(len, 126);
  if (len >= 126) frame.writeUInt16BE(len, 2);
  const mask = randomBytes(4);
  mask.copy(frame, head);
  for (let i = 0; i < len; i++) frame[head + 4 + i] = payload[i] ^ mask[i & 3];
  return frame;
}

function connect(client: Client, i: number) {
  const to = ports ? ports[i % ports.length] : port;
  const socket = net.connect(to, '127.0.0.1');
  socket.setNoDelay(true);
  socket.write(
    `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${to}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const steps: [string, string | null][] = [
    ['0', '40'],
    ['40', `420${JSON.stringify(['create', 'authentication', { strategy: 'jwt', accessToken: token }, {}])}`],
    ['430[null', `421${JSON.stringify(['create', 'weatherDevices/watch', { id: client.device }, {}])}`],
    ['431[null', null],
  ];
  let step = 0;
  let upgraded = false;
  let closed = false;
  let pending: Buffer = Buffer.alloc(0);
  const again = () => {
    if (closed) return;
    closed = true;
    socket.destroy();
    setTimeout(() => connect(client, i), 200 + Math.random() * 800);
  };
  const onText = (payload: Buffer) => {
    if (payload.length === 1 && payload[0] === 0x32) return void socket.write(clientFrame('3'));
    if (payload.subarray(0, SAMPLE.length).equals(SAMPLE)) {
      client.received++;
      if (client.sampled) {
        const [, sample] = JSON.parse(payload.toString().slice(2)) as [string, { time: number }];
        client.events.push([sample.time, clock()]);
      }
      return;
    }
    if (step >= steps.length || (payload[0] === 0x34 && payload[1] === 0x32)) return;
    const text = payload.toString();
    const [expected, reply] = steps[step++];
    if (!text.startsWith(expected)) return again();
    if (reply) socket.write(clientFrame(reply));
    else {
      client.watches++;
      client.watchedAt.push(clock());
      if (client.watches === 1 && ++ready === clients.length && !readyAnnounced) {
        readyAnnounced = true;
        process.stdout.write('ready\n');
      }
    }
  };
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (!upgraded) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!pending.subarray(0, 12).toString().endsWith('101')) return again();
      upgraded = true;
      pending = pending.subarray(end + 4);
    }
    while (pending.length >= 2) {
      let len = pending[1] & 0x7f;
      let head = 2;
      if (len === 126) {
        if (pending.length < 4) break;
        len = pending.readUInt16BE(2);
        head = 4;
      } else if (len === 127) {
        if (pending.length < 10) break;
        len = Number(pending.readBigUInt64BE(2));
        head = 10;
      }
      if (pending.length < head + len) break;
      const opcode = pending[0] & 0x0f;
      if (opcode === 1) onText(pending.subarray(head, head + len));
      else if (opcode === 8) return again(); // close frame
      pending = pending.subarray(head + len);
    }
  });
  socket.on('error', again);
  socket.on('close', again);
}

// Connect in small groups: a thousand handshakes at once would only queue up.
let next = 0;
const opening = setInterval(() => {
  for (let k = 0; k < 50 && next < clients.length; k++, next++) connect(clients[next], next);
  if (next >= clients.length) clearInterval(opening);
}, 50);
process.on('message', () =>
  process.send?.(
    clients.map((c) => ({
      device: c.device,
      sampled: c.sampled,
      received: c.received,
      events: c.events,
      watches: c.watches,
      watchedAt: c.watchedAt,
    })),
  ),
);
process.on('SIGTERM', () => process.exit(0));
