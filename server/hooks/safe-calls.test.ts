// Fuzz over every route (issue #10 item 7): every service path, alone, with a property-named id and as
// property-named paths, every method, over REST and socket.io, signed in and anonymous: never a 5xx, never
// silence, never an internal message.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newUser, startServer, type TestServer } from '../testing/server';
import { socketClient } from '../testing/socket';

const NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
  '__defineGetter__',
  'toLocaleString',
];
const VERBS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
const SOCKET_METHODS = ['find', 'get', 'create', 'update', 'patch', 'remove', ...NAMES];
/** A body whose keys are Object properties too. */
const NASTY_BODY = '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"toString":"x"}';

let t: TestServer;
let token: string;
let account: { email: string; password: string; token: string };
let services: string[];

beforeAll(async () => {
  t = await startServer();
  account = await newUser(t, 'fuzzer');
  token = account.token;
  // The logout (remove on `authentication`) comes last, so the token works for everything else in a test.
  services = Object.keys(t.server.app.services).sort((a, b) =>
    a === 'authentication' ? 1 : b === 'authentication' ? -1 : a.localeCompare(b),
  );
  expect(services.length).toBeGreaterThan(20);
});
afterAll(() => t.close());

function restPaths(): string[] {
  const paths = NAMES.flatMap((n) => [`/${n}`, `/${n}/${n}`, `/${n}/x`]);
  for (const s of services) {
    paths.push(`/${s}`, `/${s}/x`);
    for (const n of NAMES) paths.push(`/${s}/${n}`);
  }
  // Property-named segments in front of and after a real path.
  for (const s of services.slice(0, 5)) paths.push(`/constructor/${s}`, `/${s}/__proto__/constructor`);
  return paths;
}

describe('no 5xx from odd paths and methods', () => {
  test('REST: every path and verb, signed in and anonymous', async () => {
    const failures: string[] = [];
    let i = 0;
    for (const path of restPaths()) {
      for (const verb of VERBS) {
        const signedIn = i++ % 2 === 0;
        const res = await call(t.url, verb, path, {
          token: signedIn ? token : undefined,
          body: verb === 'GET' || verb === 'DELETE' ? undefined : NASTY_BODY,
        });
        const text = JSON.stringify(res.body);
        if (res.status >= 500 || /is not a function|Cannot read prop/.test(text))
          failures.push(
            `${verb} ${path} (${signedIn ? 'user' : 'anonymous'}): ${res.status} ${text.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    // The REST run may have ended its token (DELETE /authentication, signed in or not by the turn of the
    // alternation): the next tests sign in again.
    const login = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: account.email, password: account.password },
    });
    token = login.body.accessToken;
  }, 120_000);

  test('socket.io: every path and method (known or not) is answered at once, never with a 5xx', async () => {
    const signedIn = await socketClient(t.url, token);
    const anonymous = await socketClient(t.url);
    const failures: string[] = [];
    const ask = (socket: Socket, method: string, args: unknown[]) =>
      new Promise<{ error?: { code?: number; message?: string } } | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 2000);
        socket.emit(method, ...args, (error: { code?: number; message?: string } | null) => {
          clearTimeout(timer);
          resolve({ error: error ?? undefined });
        });
      });
    const argsFor = (method: string, path: string): unknown[] => {
      switch (method) {
        case 'find':
          return [path, { constructor: 'x' }];
        case 'get':
        case 'remove':
          return [path, 'constructor', {}];
        case 'create':
          return [path, JSON.parse(NASTY_BODY), {}];
        case 'update':
        case 'patch':
          return [path, '__proto__', JSON.parse(NASTY_BODY), {}];
        default:
          return [path, {}];
      }
    };
    try {
      const paths = [...NAMES, ...services.flatMap((s) => [s, `${s}/constructor`, `${s}/__proto__`])];
      let i = 0;
      for (const path of paths) {
        for (const method of SOCKET_METHODS) {
          const socket = (i++ % 2 === 0 ? signedIn : anonymous).socket;
          const answer = await ask(socket, method, argsFor(method, path));
          if (answer === null) failures.push(`${method} ${path}: no answer`);
          else if ((answer.error?.code ?? 0) >= 500 || /is not a function/.test(answer.error?.message ?? ''))
            failures.push(`${method} ${path}: ${answer.error?.code} ${answer.error?.message}`);
        }
      }
    } finally {
      signedIn.close();
      anonymous.close();
    }
    expect(failures).toEqual([]);
  }, 180_000);

  test('an unexpected error reaches socket and REST clients as a bare "Internal error"', async () => {
    // A path outside the service map (server/declarations.ts): registered on the untyped view of the app.
    (t.server.app as unknown as import('@feathersjs/feathers').Application).use('test-boom', {
      async find() {
        throw new TypeError('child.lookup is not a function (secret internals)');
      },
    });
    const socket = await socketClient(t.url, token);
    try {
      const error = await socket.client
        .service('test-boom')
        .find()
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 500, message: 'Internal error' });
      expect(JSON.stringify(error)).not.toContain('secret');
    } finally {
      socket.close();
    }
    const rest = await call(t.url, 'GET', '/test-boom');
    expect(rest.body).toMatchObject({ code: 500, message: 'Internal error' });
  });

  test('the examples of the issue answer 404', async () => {
    for (const path of ['/users/constructor', '/constructor', '/config/toString']) {
      const res = await call(t.url, 'GET', path, { token });
      expect(res.status, path).toBe(404);
    }
    const proto = await call(t.url, 'GET', '/weatherDevices/__proto__', { token });
    expect(proto.status).toBe(404);
    const socket = await socketClient(t.url, token);
    try {
      await expect(socket.client.service('users').get('constructor')).rejects.toMatchObject({ code: 404 });
      await expect(socket.client.service('constructor').find()).rejects.toMatchObject({ code: 404 });
      // A method the service does not offer is refused at once (not a 5 s timeout).
      const started = Date.now();
      await expect(socket.client.service('config').update('x', {})).rejects.toMatchObject({ code: 405 });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      socket.close();
    }
  });
});
