// deploy/haproxy.cfg as the cluster fills it, run by the real HAProxy in front of small stand-in processes that
// answer their name: every protocol's upload endpoints reach the ingest group, each station always the same
// process whichever way its protocol names it (query, form body, key in the path, bearer token); the rest
// reaches the API group with the client's address, a session pinned by cookie.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROTOCOLS } from '../ingest/parsers';
import { freePorts } from '../testing/free-ports';
import { type Haproxy, startHaproxy } from './haproxy';
import { haproxyConfig, uploadRules } from './haproxy-config';

const servers: http.Server[] = [];
let haproxy: Haproxy;
let port: number;

/** A stand-in process: its name, and what it was sent. */
async function standIn(name: string): Promise<{ name: string; port: number }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () =>
      res.end(JSON.stringify({ name, url: req.url, body, forwarded: req.headers['x-forwarded-for'] })),
    );
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { name, port: (server.address() as AddressInfo).port };
}

beforeAll(async () => {
  [port] = await freePorts(1);
  const ingest = [await standIn('ingest1'), await standIn('ingest2'), await standIn('ingest3')];
  const api = [await standIn('api1'), await standIn('api2')];
  haproxy = await startHaproxy({ port, host: '127.0.0.1', ingest, api }, () => {});
});
afterAll(async () => {
  await haproxy?.stop();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function send(path: string, init?: RequestInit) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
  return {
    headers: res.headers,
    ...((await res.json()) as { name: string; url: string; body: string; forwarded: string }),
  };
}

const form = (body: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body,
});

/** Each way a protocol names its station: the upload of station `s` (sample `k`). */
const uploads: Record<string, (s: string, k: number) => [string, RequestInit?]> = {
  'WSLink wsid': (s, k) => [`/data/upload.php?wsid=${s}&wspw=x&t1tem=${k}`],
  'Wunderground ID': (s, k) => [`/weatherstation/updateweatherstation.php?ID=${s}&PASSWORD=x&tempf=${k}`],
  'Ecowitt PASSKEY in the form': (s, k) => ['/data/report/', form(`PASSKEY=${s}&tempf=${k}`)],
  'Ambient PASSKEY in the query': (s, k) => [`/data/report?PASSKEY=${s}&tempf=${k}`],
  'Ecowitt key path': (s, k) => [`/data/report/${s}`, form(`tempf=${k}`)],
  'Weathercloud path form': (s, k) => [`/set/wid/${s}/key/x/temp/${k}/`],
  'Weathercloud query': (s, k) => [`/v01/set?wid=${s}&key=x&temp=${k}`],
  'WOW siteid': (s, k) => [`/automaticreading?siteid=${s}&siteAuthenticationKey=x&tempf=${k}`],
  'Windy bearer': (s, k) => [
    '/api/v2/observation/update',
    { method: 'POST', headers: { authorization: `Bearer ${s}` }, body: `{"temp":${k}}` },
  ],
  'Windy key path': (s, k) => [`/pws/update/${s}?temp=${k}`],
};

test('the filled configuration routes every endpoint of every protocol', () => {
  const config = haproxyConfig({
    port: 8080,
    host: '',
    ingest: [{ name: 'ingest1', port: 8081 }],
    api: [{ name: 'api1', port: 8082 }],
    statsSocket: '/run/haproxy/admin.sock',
  });
  expect(config).not.toMatch(/\{\{\w+\}\}/);
  expect(config).toContain('bind *:8080');
  expect(config).toContain('server api1 127.0.0.1:8082 cookie api1');
  const rules = uploadRules().join('\n');
  for (const info of Object.values(PROTOCOLS)) for (const path of info.paths) expect(rules).toContain(path);
});

test.each(Object.entries(uploads))(
  '%s: a station’s uploads all reach one ingest process; stations spread over them',
  async (_, upload) => {
    const where = new Map<string, string>();
    for (let station = 0; station < 12; station++)
      for (let k = 0; k < 3; k++) {
        const id = `station${station}`;
        const answer = await send(...upload(id, k));
        expect(answer.name).toMatch(/^ingest/);
        if (answer.url.includes('?')) expect(answer.url).toContain(String(k));
        if (where.has(id)) expect(answer.name).toBe(where.get(id));
        where.set(id, answer.name);
      }
    expect(new Set(where.values()).size).toBeGreaterThan(1);
  },
);

test('the rest reaches the API processes with the client address; a cookie keeps a session on one', async () => {
  const first = await send('/socket.io/?EIO=4&transport=polling');
  expect(first.name).toMatch(/^api/);
  expect(first.forwarded).toBe('127.0.0.1');
  const cookie = first.headers.get('set-cookie')!.split(';')[0];
  expect(cookie).toBe(`portal_node=${first.name}`);
  for (let i = 0; i < 4; i++)
    expect((await send('/socket.io/?EIO=4&transport=polling', { headers: { cookie } })).name).toBe(
      first.name,
    );
  // Without the cookie, requests take turns.
  const names = new Set([(await send('/config')).name, (await send('/config')).name]);
  expect(names).toEqual(new Set(['api1', 'api2']));
  // A path that is no upload endpoint of its protocol is the API's (its stray-upload answer).
  expect((await send('/data/upload.php/x?wsid=a')).name).toMatch(/^api/);
});
