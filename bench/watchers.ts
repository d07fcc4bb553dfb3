// Passive watchers for the realtime benchmark, in their own process so their message handling does not delay
// the measuring client: N authenticated sockets that watch one station and count what they receive.
import { io } from 'socket.io-client';

const [url, token, device, count] = process.argv.slice(2);
const n = Number(count);
let ready = 0;
let received = 0;
for (let i = 0; i < n; i++) {
  const socket = io(url, { transports: ['websocket'], forceNew: true });
  socket.on('weatherMetrics created', () => received++);
  socket.on('connect', () => {
    socket.emit(
      'create',
      'authentication',
      { strategy: 'jwt', accessToken: token },
      {},
      (authError: unknown) => {
        if (authError) throw new Error(`watcher ${i}: ${JSON.stringify(authError)}`);
        socket.emit('create', 'weatherDevices/watch', { id: device }, {}, (error: unknown) => {
          if (error) throw new Error(`watcher ${i}: ${JSON.stringify(error)}`);
          if (++ready === n) process.stdout.write('ready\n');
        });
      },
    );
  });
}
process.on('message', () => process.send?.({ received }));
process.on('SIGTERM', () => process.exit(0));
