// The APRS-IS connection (CWOP, issue #28) under the address rules of every outgoing connection (issue #20): a
// name is resolved by the guarded lookup, so a name answering with a private address is refused before any
// socket reaches it; a server that never answers the login ends in a timeout, not a hang.

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeAprsIs } from '../integrations/testing/fake-aprs';
import { aprsAddress, aprsUrlAllowed, guardedAprs } from './aprs';
import { BlockedTarget } from './guarded';

let aprs: FakeAprsIs;
let silent: Server;
let silentPort = 0;
const held: Socket[] = [];
const lines = { login: 'user CW0101 pass -1 vers test 1', packet: 'CW0101>APRS,TCPIP*:>test' };
/** A resolver that answers every name with 127.0.0.1. */
const toLoopback = ((
  _host: string,
  _opts: unknown,
  cb: (e: null, a: { address: string; family: number }[]) => void,
) => cb(null, [{ address: '127.0.0.1', family: 4 }])) as never;

beforeAll(async () => {
  aprs = await new FakeAprsIs().start();
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  await aprs.close();
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('guardedAprs', () => {
  test('reads aprs://host:port only', () => {
    expect(aprsAddress('aprs://cwop.aprs.net:14580')).toEqual({ host: 'cwop.aprs.net', port: 14580 });
    expect(aprsAddress('aprs://cwop.aprs.net')).toEqual({ host: 'cwop.aprs.net', port: 14580 });
    expect(aprsAddress('http://cwop.aprs.net:14580')).toBeNull();
    expect(aprsAddress('aprs://u:p@cwop.aprs.net:14580')).toBeNull();
    expect(aprsUrlAllowed('aprs://[::ffff:127.0.0.1]:14580', { allowPrivate: false })).toBe(false);
  });

  test('a name that resolves to a private address is refused before connecting', async () => {
    const port = new URL(aprs.url).port;
    const before = aprs.sessions.length;
    await expect(
      guardedAprs(
        `aprs://aprs.example.org:${port}`,
        lines,
        { timeoutMs: 5000 },
        {
          allowPrivate: false,
          resolve: toLoopback,
        },
      ),
    ).rejects.toBeInstanceOf(BlockedTarget);
    expect(aprs.sessions.length).toBe(before);
  });

  test('the same name on a home network (allowPrivate) logs in and sends the packet', async () => {
    const port = new URL(aprs.url).port;
    const answer = await guardedAprs(
      `aprs://aprs.example.org:${port}`,
      lines,
      { timeoutMs: 5000 },
      {
        allowPrivate: true,
        resolve: toLoopback,
      },
    );
    expect(answer).toEqual({ status: 200, body: '# logresp CW0101 verified, server T2TEST' });
    const session = aprs.sessions.at(-1)!;
    await session.closed;
    expect(session.lines).toEqual([lines.login, lines.packet]);
  });

  test('a server that never answers the login times out', async () => {
    await expect(
      guardedAprs(`aprs://127.0.0.1:${silentPort}`, lines, { timeoutMs: 300 }, { allowPrivate: true }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
