// A Feathers socket.io client for tests, authenticated with a JWT when given.
import { feathers } from '@feathersjs/feathers';
import socketioClient from '@feathersjs/socketio-client';
import { io } from 'socket.io-client';

export async function socketClient(
  url: string,
  token?: string,
  transports: ('websocket' | 'polling')[] = ['websocket'],
) {
  // withCredentials: cookies kept (Node's cookie jar), as a browser does: HAProxy pins a polling session by one.
  const socket = io(url, { transports, forceNew: true, withCredentials: true });
  const client = feathers();
  client.configure(socketioClient(socket, { timeout: 5000 }));
  if (token)
    await new Promise<void>((resolve, reject) =>
      socket.emit('create', 'authentication', { strategy: 'jwt', accessToken: token }, {}, (err: unknown) =>
        err ? reject(err) : resolve(),
      ),
    );
  return { client, socket, close: () => socket.close() };
}

/** Collects the events of one service while a test runs. */
export function collect<T = Record<string, unknown>>(
  // biome-ignore lint/suspicious/noExplicitAny: services of a test client are untyped
  client: any,
  path: string,
  event = 'created',
): T[] {
  const seen: T[] = [];
  client.service(path).on(event, (data: T) => seen.push(data));
  return seen;
}

export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
