// GET /metrics: Prometheus text with the bearer token only; the catalogue at the same path keeps working.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';
import { collect, socketClient } from '../testing/socket';
import { integrationsConfig } from './config';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestServer;

beforeAll(async () => {
  t = await startServer({
    integrations: { ...integrationsConfig({ METRICS_TOKEN: TOKEN }), forward: false },
  });
});
afterAll(() => t.close());

const scrape = (token?: string) =>
  call(t.url, 'GET', '/metrics', {
    headers: { accept: 'text/plain;version=0.0.4', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** A sample's value from Prometheus text (`name{labels} value`). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe('/metrics', () => {
  test('never public: a scraper without the token gets 401; the catalogue still answers apps', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('wrong')).status).toBe(401);
    const catalogue = await call(t.url, 'GET', '/metrics');
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.hash).toEqual(expect.any(String));
  });

  test('uploads by protocol and result, ingest latency, sockets, fan-out, queue depth, pool', async () => {
    const owner = await newUser(t, 'metrics-owner');
    const station = await newStation(t, owner.token);
    const socket = await socketClient(t.url, owner.token);
    try {
      await socket.client.service('weatherDevices/watch').create({ id: station._id });
      const samples = collect(socket.client, 'weatherMetrics');
      await wslink(t, station, { t1tem: 20 });
      await wslink(t, station, { t1tem: 21 });
      await wslink(t, { ...station, stationKey: 'wrong' }, { t1tem: 20 });
      // A channel event (Feathers' publish): the new target goes to its owner's socket.
      await call(t.url, 'POST', '/uploadTargets', {
        token: owner.token,
        body: {
          device: station._id,
          network: 'custom',
          format: 'ecowitt',
          url: 'https://weather.example.com/',
        },
      });
      await new Promise((r) => setTimeout(r, 100));
      const res = await scrape(TOKEN);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = res.body as string;
      expect(value(text, 'portal_uploads_total{protocol="wslink",result="ok"}')).toBe(2);
      expect(value(text, 'portal_uploads_total{protocol="wslink",result="unauthorized"}')).toBe(1);
      expect(value(text, 'portal_ingest_duration_seconds_count{protocol="wslink"}')).toBe(3);
      expect(value(text, 'portal_sockets')).toBeGreaterThanOrEqual(1);
      // Two uploads in one second are one sample: one event per sample the watcher received.
      expect(samples.length).toBeGreaterThanOrEqual(1);
      expect(value(text, 'portal_events_published_total{service="weatherMetrics",event="created"}')).toBe(
        samples.length,
      );
      expect(value(text, 'portal_events_published_total{service="uploadTargets",event="created"}')).toBe(1);
      expect(value(text, 'portal_forward_queue_depth')).toBe(0);
      // PostgreSQL's pool; SQLite has one connection and reports none (storage/pool-stats.ts).
      const pg = t.server.app.ctx.storage.engine === 'pg';
      expect(value(text, 'portal_db_pool_connections{state="used"}')).toEqual(
        pg ? expect.any(Number) : undefined,
      );
    } finally {
      socket.close();
    }
  });
});
