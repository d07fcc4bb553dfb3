// The server's log: readable by default, one JSON object per line with LOG_FORMAT=json (time, level, msg,
// request and user ids), and never a secret.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from './config';
import { createLogger, type LogLevel, loggablePath, withLogContext } from './log';
import { call, newStation, newUser, startServer, type TestServer } from './testing/server';
import { socketClient } from './testing/socket';

function capture(format: 'text' | 'json', level: 'silent' | 'info' | 'debug' = 'debug') {
  const lines: { line: string; level: LogLevel }[] = [];
  const log = createLogger({ level, format, write: (line, lvl) => lines.push({ line, level: lvl }) });
  return { log, lines };
}

describe('createLogger', () => {
  test('json: one object per line with time, level, msg, and the request and user of the context', () => {
    const { log, lines } = capture('json');
    withLogContext({ requestId: 'r1', userId: 'u1' }, () => log.info('hello', { station: 'abc', n: 3 }));
    log.warn('outside');
    const [inside, outside] = lines.map((l) => JSON.parse(l.line));
    expect(inside).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      msg: 'hello',
      requestId: 'r1',
      userId: 'u1',
      station: 'abc',
      n: 3,
    });
    expect(outside).toEqual({ time: expect.any(String), level: 'warn', msg: 'outside' });
    expect(lines.every((l) => !l.line.includes('\n'))).toBe(true);
  });

  test('errors keep name, message, code and stack, never the data a Feathers error carries', () => {
    const { log, lines } = capture('json');
    const error = Object.assign(new Error('it broke'), { code: 'E42', data: { password: 'hunter2' } });
    log.error('failed', error);
    const entry = JSON.parse(lines[0].line);
    expect(entry.err).toMatchObject({ name: 'Error', message: 'it broke', code: 'E42' });
    expect(entry.err.stack).toContain('it broke');
    expect(lines[0].line).not.toContain('hunter2');
  });

  test('fields named like secrets are redacted at any depth; tokens are masked in any text', () => {
    const { log, lines } = capture('json');
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    log.info(`with ${jwt} in the message`, {
      password: 'pw-1',
      nested: { stationKey: 'sk-2', accessToken: 'at-3', list: [{ secret: 's-4' }] },
      authorization: `Bearer ${jwt}`,
      note: `token ${jwt} in a note`,
      wspw: 'wspw-5',
      PASSKEY: 'pk-6',
    });
    for (const secret of [jwt, 'pw-1', 'sk-2', 'at-3', 's-4', 'wspw-5', 'pk-6'])
      expect(lines[0].line).not.toContain(secret);
    expect(JSON.parse(lines[0].line).nested.stationKey).toBe('[redacted]');
  });

  test('levels: silent writes nothing, info leaves debug out, debug writes all', () => {
    for (const [level, count] of [
      ['silent', 0],
      ['info', 3],
      ['debug', 4],
    ] as const) {
      const { log, lines } = capture('json', level);
      log.error('e');
      log.warn('w');
      log.info('i');
      log.debug('d');
      expect([level, lines.length]).toEqual([level, count]);
      expect(log.enabled('debug')).toBe(level === 'debug');
    }
  });

  test('text: the message as before, the error stack below, the request at the end', () => {
    const { log, lines } = capture('text');
    log.info('Weather portal running at http://localhost:8080');
    withLogContext({ requestId: 'r9', userId: 'u9' }, () => log.error('mail failed', new Error('smtp down')));
    expect(lines[0].line).toBe('Weather portal running at http://localhost:8080');
    expect(lines[1].line).toMatch(/^ERROR mail failed \[request r9, user u9\]\nError: smtp down\n\s+at /);
    expect(lines[1].level).toBe('error');
  });

  test('paths are logged without their query, and an Ecowitt path key masked', () => {
    expect(loggablePath('/weatherstation/updateweatherstation.php?ID=x&PASSWORD=secret')).toBe(
      '/weatherstation/updateweatherstation.php',
    );
    expect(loggablePath('/data/report/k3y-value/')).toBe('/data/report/[key]/');
    expect(loggablePath('/data/report/')).toBe('/data/report/');
  });

  test('LOG_FORMAT and LOG_LEVEL are checked at start', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-log-test', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: '/tmp/portal-log-test' }).logFormat).toBe('text');
    expect(() => loadConfig({ DATA_DIR: '/tmp/portal-log-test', LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/portal-log-test', LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('a server with LOG_FORMAT=json and LOG_LEVEL=debug', () => {
  let t: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startServer({ logFormat: 'json', logLevel: 'debug', logWrite: (line) => lines.push(line) });
    // A service that fails with a login token in its message, as a careless library might.
    (t.server.app as unknown as { use(path: string, service: unknown): void }).use('boom', {
      async find(params: { authentication?: { accessToken?: string } }) {
        throw new Error(`lookup failed for ${params.authentication?.accessToken}`);
      },
    });
  });
  afterAll(() => t.close());

  test('every line is JSON; requests carry their id and user; no password, token or station key appears', async () => {
    const { email, password, token, user } = await newUser(t, 'logged');
    const station = await newStation(t, token);
    await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email, password: 'wrong-password-9' },
    });
    const me = await call(t.url, 'GET', '/users/me', { token, headers: { 'x-request-id': 'req-me-1' } });
    expect(me.status).toBe(200);
    const wu = new URLSearchParams({
      ID: station.wsid,
      PASSWORD: station.stationKey,
      dateutc: 'now',
      tempf: '70',
      action: 'updateraw',
    });
    expect((await call(t.url, 'GET', `/weatherstation/updateweatherstation.php?${wu}`)).status).toBe(200);
    expect(
      (
        await call(t.url, 'POST', `/data/report/${station.stationKey}`, {
          body: 'PASSKEY=ABC&stationtype=GW2000&tempf=70',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(200);
    const boom = await call(t.url, 'GET', '/boom', { token, headers: { 'x-request-id': 'req-boom-1' } });
    expect(boom.status).toBe(500);
    // The same failure over a socket: the call gets a request id of its own and the socket's user.
    const socket = await socketClient(t.url, token);
    await expect(socket.client.service('boom').find()).rejects.toThrow('Internal error');
    socket.close();
    await call(t.url, 'GET', '/healthz');
    await call(t.url, 'GET', '/readyz');

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const e of entries) {
      expect(e.time).toEqual(expect.any(String));
      expect(['error', 'warn', 'info', 'debug']).toContain(e.level);
      expect(e.msg).toEqual(expect.any(String));
    }
    const all = lines.join('\n');
    for (const secret of [password, 'wrong-password-9', token, station.stationKey])
      expect(all.includes(secret), `a log line holds ${secret}`).toBe(false);

    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests.find((e) => e.requestId === 'req-me-1')).toMatchObject({
      level: 'debug',
      method: 'GET',
      path: '/users/me',
      status: 200,
      userId: user._id,
      ms: expect.any(Number),
    });
    expect(requests.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/weatherstation/updateweatherstation.php',
        '/data/report/[key]',
        '/authentication',
      ]),
    );
    expect(requests.some((e) => e.path === '/healthz' || e.path === '/readyz')).toBe(false);

    const failures = entries.filter((e) => e.msg === 'boom.find failed');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ level: 'error', requestId: 'req-boom-1', userId: user._id });
    expect((failures[0].err as { message: string }).message).toBe('lookup failed for [redacted token]');
    expect(failures[1]).toMatchObject({
      requestId: expect.stringMatching(/^[0-9a-f]{16}$/),
      userId: user._id,
    });
  });
});
