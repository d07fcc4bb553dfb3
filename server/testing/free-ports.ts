// Ports nobody listens on, found by listening on port 0 (the kernel picks one) and closing again: servers of
// tests and benches started side by side on one machine never collide on a fixed port.
import net from 'node:net';

export async function freePorts(count: number): Promise<number[]> {
  // All held open at once, so the kernel hands out `count` different ports.
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const s = net.createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
