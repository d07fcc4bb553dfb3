// Passive watchers for the realtime benchmark, in their own process: N authenticated sockets that watch one
// station and count the samples they receive, spread round-robin over the server processes given (as a load
// balancer would). The 999 watchers stand for 999 other devices, so they should cost this machine as little as
// possible: each is a bare TCP socket speaking WebSocket (RFC 6455) and socket.io's text protocol, and it only
// looks at the start of each frame. (999 socket.io clients took 15 µs per event each, a whole core.)
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const [urls, token, device, count] = process.argv.slice(2);
const servers = urls.split(',').map((url) => new URL(url));
const n = Number(count);
let ready = 0;
let received = 0;
/** Per watcher, when each sample arrived (ms of the system's monotonic clock, comparable across processes). */
const arrivals: number[][] = Array.from({ length: n }, () => []);
const clock = () => Number(process.hrtime.bigint()) / 1e6;
const SAMPLE = Buffer.from('42["weatherMetrics created"');

/** A client→server text frame (masked, as RFC 6455 requires of clients). */
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

function watcher(i: number) {
  const server = servers[i % servers.length];
  const socket = net.connect(Number(server.port), server.hostname);
  socket.setNoDelay(true);
  socket.write(
    `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${server.host}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  // The handshake, one step per answer: engine.io open → namespace → authenticate → watch.
  const steps: [string, string | null][] = [
    ['0', '40'],
    ['40', `420${JSON.stringify(['create', 'authentication', { strategy: 'jwt', accessToken: token }, {}])}`],
    ['430[null', `421${JSON.stringify(['create', 'weatherDevices/watch', { id: device }, {}])}`],
    ['431[null', null],
  ];
  let step = 0;
  let upgraded = false;
  let pending: Buffer = Buffer.alloc(0);
  const onText = (payload: Buffer) => {
    if (payload.length === 1 && payload[0] === 0x32) return void socket.write(clientFrame('3')); // ping
    if (payload.subarray(0, SAMPLE.length).equals(SAMPLE)) {
      arrivals[i].push(clock());
      return void received++;
    }
    if (step >= steps.length || (payload[0] === 0x34 && payload[1] === 0x32)) return; // other live events (42…)
    const text = payload.toString();
    const [expected, reply] = steps[step++];
    if (!text.startsWith(expected)) throw new Error(`watcher ${i}: expected ${expected}…, got ${text}`);
    if (reply) socket.write(clientFrame(reply));
    else if (++ready === n) process.stdout.write('ready\n');
  };
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (!upgraded) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!pending.subarray(0, 12).toString().endsWith('101')) throw new Error(`watcher ${i}: no upgrade`);
      upgraded = true;
      pending = pending.subarray(end + 4);
    }
    // Whole frames only (a read may hold several, or part of one); servers do not mask.
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
      if ((pending[0] & 0x0f) === 1) onText(pending.subarray(head, head + len));
      pending = pending.subarray(head + len);
    }
  });
}
for (let i = 0; i < n; i++) watcher(i);
process.on('message', () => process.send?.({ received, arrivals }));
process.on('SIGTERM', () => process.exit(0));
