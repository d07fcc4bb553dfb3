// Health checks (GET/HEAD /healthz and /readyz) for balancers and monitors, HEAD on pages, assets and API reads,
// and the version in GET /config.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from './testing/server';
import { VERSION } from './version';

const pkg = await import('../package.json', { with: { type: 'json' } });

describe('health and HEAD', () => {
  let t: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title><p>the web app</p>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("app");');
    t = await startServer({ staticDir: dist });
  });
  afterAll(() => t.close());

  test('GET /healthz: the process answers, with its version, never cached', async () => {
    const res = await call(t.url, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: pkg.default.version });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('GET /readyz: the database answers (no Redis configured: not checked)', async () => {
    const res = await call(t.url, 'GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  test('HEAD /healthz and /readyz answer like GET, without a body; other methods are refused', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(t.url + path, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
      const post = await call(t.url, 'POST', path, { body: {} });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  test('HEAD on the app, its routes and its assets answers as GET does, without the body', async () => {
    for (const path of ['/', '/dashboard', '/help', '/assets/app-1234.js']) {
      const get = await fetch(t.url + path, { headers: { accept: 'text/html,*/*' } });
      const getBody = await get.arrayBuffer();
      const head = await fetch(t.url + path, { method: 'HEAD', headers: { accept: 'text/html,*/*' } });
      expect([path, head.status]).toEqual([path, 200]);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'));
      expect(Number(head.headers.get('content-length'))).toBe(getBody.byteLength);
      expect(await head.text()).toBe('');
    }
  });

  test('HEAD on an API read answers its status and type; an unknown path stays 404', async () => {
    const head = await fetch(`${t.url}/config`, { method: 'HEAD', headers: { accept: 'application/json' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('application/json');
    expect(await head.text()).toBe('');
    const missing = await fetch(`${t.url}/no/such/api`, {
      method: 'HEAD',
      headers: { accept: 'application/json' },
    });
    expect(missing.status).toBe(404);
  });

  test('HEAD on an upload path never stores a reading', async () => {
    const { token } = await newUser(t);
    const station = await newStation(t, token);
    const params = new URLSearchParams({ wsid: station.wsid, wspw: station.stationKey, t1tem: '21.5' });
    const head = await fetch(`${t.url}/data/upload.php?${params}`, { method: 'HEAD' });
    expect(head.status).not.toBe(200);
    const last = await call(t.url, 'GET', `/weatherDevices/lastData?device=${station._id}`, { token });
    expect(last.body.last ?? null).toBeNull();
  });

  test('GET /config tells the version (Help → About) and where the source is', async () => {
    const res = await call(t.url, 'GET', '/config');
    expect(res.body).toMatchObject({ version: VERSION, sourceUrl: null });
    // No SMTP_URL in tests: mails go to DATA_DIR/outbox, and the verify screen says so (issue 22).
    expect(res.body.mailOutbox).toBe(true);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
    // Without PUBLIC_HOST Help names the address it was opened at; with it, PUBLIC_HOST (issue 33).
    expect(res.body.consoleAddress).toBeNull();
    const named = await startServer({ publicHost: 'https://weather.example.net:8443' });
    try {
      const body = (await call(named.url, 'GET', '/config')).body;
      expect(body.consoleAddress).toEqual({ host: 'weather.example.net', port: 8443 });
    } finally {
      await named.close();
    }
  });

  test('every answer names its request (X-Request-Id), keeping a usable id the caller sent', async () => {
    const own = await fetch(`${t.url}/config`);
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    const next = await fetch(`${t.url}/config`);
    expect(next.headers.get('x-request-id')).not.toBe(own.headers.get('x-request-id'));
    const sent = await fetch(`${t.url}/config`, { headers: { 'x-request-id': 'balancer-42' } });
    expect(sent.headers.get('x-request-id')).toBe('balancer-42');
    const junk = await fetch(`${t.url}/config`, { headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(junk.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('readiness', () => {
  test('the database unreachable: /readyz answers 503 naming it, /healthz still 200', async () => {
    const t = await startServer();
    try {
      await t.server.app.ctx.storage.knex.destroy();
      const ready = await call(t.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', checks: { database: 'down' } });
      expect((await call(t.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close().catch(() => {});
    }
  });

  test('an ingest-only process answers its health checks too', async () => {
    const t = await startServer({ role: 'ingest' });
    try {
      expect((await call(t.url, 'GET', '/readyz')).status).toBe(200);
      expect((await call(t.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  describe('with Redis (a redis-server of this test, on a free port)', () => {
    let redis: ChildProcess | null = null;
    let port = 0;
    const startRedis = async () => {
      redis = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      for await (const chunk of redis.stdout!) {
        out += chunk;
        if (out.includes('Ready to accept connections')) break;
      }
    };
    const stopRedis = async () => {
      const r = redis;
      redis = null;
      if (!r || r.exitCode !== null) return;
      r.kill('SIGKILL');
      await once(r, 'exit');
    };
    beforeAll(async () => {
      const probe = createServer().listen(0, '127.0.0.1');
      await once(probe, 'listening');
      port = (probe.address() as { port: number }).port;
      await new Promise((r) => probe.close(r));
      await startRedis();
    });
    afterAll(stopRedis);

    test('Redis down: 503 naming Redis; back: ready again', async () => {
      const t = await startServer({
        redisUrl: `redis://127.0.0.1:${port}`,
        redisPrefix: `health-${process.pid}-${Date.now()}`,
      });
      const readyz = () => call(t.url, 'GET', '/readyz');
      const until = async (status: number) => {
        for (let i = 0; i < 200; i++) {
          const res = await readyz();
          if (res.status === status) return res;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error(`/readyz never answered ${status}`);
      };
      try {
        expect((await readyz()).body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
        await stopRedis();
        const down = await until(503);
        expect(down.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'down' } });
        await startRedis();
        expect((await until(200)).body.checks.redis).toBe('ok');
      } finally {
        if (!redis) await startRedis();
        await t.close();
      }
    });
  });
});
