// The helper thread's writes, on real TCP sockets: whole frames, in order, also when a socket's buffer is full.
import { once } from 'node:events';
import net from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { FdWriter } from './fd-writer';

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup) f();
  cleanup = [];
});

/** `n` connected pairs: the server side (written to) and the client side (read). */
async function pairs(n: number) {
  const accepted: net.Socket[] = [];
  // Paused: the written sides are never read, so a peer's reset goes unnoticed (their descriptors stay open).
  const server = net.createServer({ pauseOnConnect: true }, (socket) => accepted.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  const clients = await Promise.all(
    Array.from({ length: n }, async () => {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      return socket;
    }),
  );
  while (accepted.length < n) await new Promise((r) => setTimeout(r, 5));
  // Accepted in any order: pair each by its client's port.
  const byPort = new Map(accepted.map((s) => [s.remotePort, s]));
  cleanup.push(() => {
    for (const socket of [...clients, ...accepted]) socket.destroy();
    server.close();
  });
  return clients.map((client) => ({ client, side: byPort.get(client.localPort)! }));
}

const fdOf = (socket: net.Socket) => (socket as unknown as { _handle: { fd: number } })._handle.fd;

/** Everything a client reads until it has `bytes`. */
async function read(client: net.Socket, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let got = 0;
  client.resume();
  while (got < bytes) {
    const [chunk] = (await once(client, 'data')) as [Buffer];
    chunks.push(chunk);
    got += chunk.length;
  }
  return Buffer.concat(chunks);
}

async function ready(writer: FdWriter) {
  // The helper starts in the background; until then a batch is refused and nothing is written.
  for (let i = 0; i < 200 && !writer.write([], () => {}); i++) await new Promise((r) => setTimeout(r, 10));
}

test('each socket gets its frame while the main thread writes to others meanwhile', async () => {
  const sides = await pairs(4);
  const writer = new FdWriter();
  await ready(writer);
  const a = Buffer.from('first frame');
  const b = Buffer.from('second, for the others');
  let ranMeanwhile = false;
  const taken = writer.write(
    sides.slice(0, 3).map(({ side }, i) => ({ fd: fdOf(side), frame: i === 0 ? a : b, socket: side })),
    () => {
      ranMeanwhile = true;
      sides[3].side.write('from the main thread');
    },
  );
  expect(taken).toBe(true);
  expect(ranMeanwhile).toBe(true);
  expect((await read(sides[0].client, a.length)).toString()).toBe('first frame');
  expect((await read(sides[1].client, b.length)).toString()).toBe(b.toString());
  expect((await read(sides[2].client, b.length)).toString()).toBe(b.toString());
  expect((await read(sides[3].client, 20)).toString()).toBe('from the main thread');
});

test('a frame larger than the socket buffer is finished through the socket, whole and in order', async () => {
  const [{ client, side }] = await pairs(1);
  client.pause(); // the reader is slow: the kernel buffers fill
  const writer = new FdWriter();
  await ready(writer);
  // 900 KB frames until one is cut short (the kernel's buffers hold a few MB): its rest waits in the socket.
  const frames: Buffer[] = [];
  while (side.writableLength === 0 && frames.length < 40) {
    const frame = Buffer.alloc(900 * 1024, 0x41 + (frames.length % 26));
    expect(writer.write([{ fd: fdOf(side), frame, socket: side }], () => {})).toBe(true);
    frames.push(frame);
  }
  expect(side.writableLength).toBeGreaterThan(0);
  side.write('end');
  const all = await read(client, frames.length * 900 * 1024 + 3);
  expect(all.equals(Buffer.concat([...frames, Buffer.from('end')]))).toBe(true);
});

test('a socket closed by its peer is skipped; the others still get their frame', async () => {
  const sides = await pairs(2);
  // The server side is not read, so Node has not noticed the reset: its descriptor is still open.
  sides[0].side.on('error', () => {}); // the reset, once Node reads it
  sides[0].client.resetAndDestroy();
  await new Promise((r) => setTimeout(r, 50));
  const writer = new FdWriter();
  await ready(writer);
  const frame = Buffer.from('still delivered');
  const targets = sides.map(({ side }) => ({ fd: fdOf(side), frame, socket: side }));
  expect(targets.every((t) => t.fd >= 0)).toBe(true);
  expect(writer.write(targets, () => {})).toBe(true);
  expect((await read(sides[1].client, frame.length)).toString()).toBe('still delivered');
});
