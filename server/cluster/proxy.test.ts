// The cluster's proxy (proxy.ts) in front of small stand-in processes: uploads to the ingest one, the rest to the
// API ones, a socket.io session kept on one process, a stopped process skipped, and uploads answered 503 (retry)
// while the ingest process is down.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { clusterProxy, isUpload } from './proxy';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as AddressInfo).port;
}

/** A stand-in process answering its name, the path and the client address it was told. */
const process_ = (name: string) =>
  http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () =>
      res.end(JSON.stringify({ name, path: req.url, body, forwarded: req.headers['x-forwarded-for'] })),
    );
  });

async function cluster() {
  const ports = {
    ingest: await listen(process_('ingest')),
    api1: await listen(process_('api1')),
    api2: await listen(process_('api2')),
  };
  const proxy = clusterProxy({
    ingest: [{ port: ports.ingest }],
    api: [{ port: ports.api1 }, { port: ports.api2 }],
  });
  const port = await listen(proxy);
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
    return {
      status: res.status,
      headers: res.headers,
      body: res.status === 200 ? await res.json() : await res.text(),
    };
  };
  return { ports, get };
}

test('the upload endpoints of every protocol are recognised', () => {
  expect(isUpload('/data/upload.php')).toBe(true);
  expect(isUpload('/data/report/')).toBe(true);
  expect(isUpload('/data/report/secret-key')).toBe(true);
  expect(isUpload('/weatherstation/updateweatherstation.php')).toBe(true);
  expect(isUpload('/weatherMetrics')).toBe(false);
});

test('uploads go to the ingest process, the rest to the API processes in turn, with the client address', async () => {
  const { get } = await cluster();
  const upload = await get('/data/upload.php?wsid=a&wspw=b');
  expect(upload.body).toMatchObject({
    name: 'ingest',
    path: '/data/upload.php?wsid=a&wspw=b',
    forwarded: '127.0.0.1',
  });
  const post = await get('/data/report/', { method: 'POST', body: 'PASSKEY=x&tempf=50' });
  expect(post.body).toMatchObject({ name: 'ingest', body: 'PASSKEY=x&tempf=50' });
  const names = new Set([(await get('/config')).body.name, (await get('/config')).body.name]);
  expect(names).toEqual(new Set(['api1', 'api2']));
});

test('a socket.io session stays on its process (cookie); a stopped process is skipped; uploads get 503 without ingest', async () => {
  const { get } = await cluster();
  const first = await get('/socket.io/?EIO=4&transport=polling');
  const cookie = first.headers.get('set-cookie')!.split(';')[0];
  expect(cookie).toMatch(/^portal_node=[01]$/);
  for (let i = 0; i < 4; i++)
    expect((await get('/socket.io/?EIO=4&transport=polling', { headers: { cookie } })).body.name).toBe(
      first.body.name,
    );

  // The sticky process stops: its sessions go to the other one.
  const sticky = servers[first.body.name === 'api1' ? 1 : 2];
  sticky.closeAllConnections();
  await new Promise((r) => sticky.close(r));
  const moved = await get('/socket.io/?EIO=4&transport=polling', { headers: { cookie } });
  expect(moved.status).toBe(200);
  expect(moved.body.name).not.toBe(first.body.name);

  const ingest = servers[0];
  ingest.closeAllConnections();
  await new Promise((r) => ingest.close(r));
  const refused = await get('/data/upload.php?wsid=a&wspw=b');
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('5');
});
