// The yardstick under the realtime figure: a bare socket.io server (same version and options as the portal's)
// that broadcasts a payload to one room, which socket.io encodes once and writes to each socket. Its watchers join
// the room through the same handshake the portal answers (authenticate, then `create` on weatherDevices/watch), so
// bench/watchers.ts and the measuring client connect to it as to the portal. A POST /trigger carries the payload
// (the one the portal sent for the same upload) and is answered after the broadcast.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const ROOM = 'watchers';

if (process.env.FLOOR_ROLE === 'server') {
  const http = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/trigger') {
      res.statusCode = 404;
      return void res.end();
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      io.to(ROOM).emit('weatherMetrics created', JSON.parse(Buffer.concat(chunks).toString()));
      res.end('OK');
    });
  });
  const io = new Server(http, { maxHttpBufferSize: 1e6, pingTimeout: 20000 });
  io.on('connection', (socket) => {
    socket.on(
      'create',
      (path: unknown, _data: unknown, _params: unknown, ack?: (...args: unknown[]) => void) => {
        if (path === 'weatherDevices/watch') socket.join(ROOM);
        ack?.(null, {});
      },
    );
  });
  http.listen(0, '127.0.0.1', () => process.send?.((http.address() as AddressInfo).port));
}

/** Starts the floor server in its own process (as the portal runs in its own); resolves with its URL. */
export async function startFloor(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(new URL(import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FLOOR_ROLE: 'server' },
  });
  const [port] = (await once(child, 'message')) as [number];
  return { url: `http://127.0.0.1:${port}`, child };
}
