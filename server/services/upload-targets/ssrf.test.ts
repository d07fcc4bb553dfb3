// Issue #20, item 1: upload targets cannot make the server a reader of internal pages or a port scanner.
// A real HTTP server on 127.0.0.1 stands in for an internal service and must not be reached; custom URLs with
// private addresses are refused when added, a stored one is refused when sent (timer and "Test now"), the owner
// sees our reason and the status class only, "Test now" is limited per user, FORWARD_CUSTOM=off switches custom
// servers off, and FORWARD_ALLOW_PRIVATE=on (a home network) reaches it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { integrationsConfig } from '../../integrations/config';
import { objectId } from '../../storage/ids';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { TESTS_PER_MINUTE } from './upload-targets.class';

let t: TestServer;
let internal: Server;
let port = 0;
const reached: string[] = [];
let owner: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;

const settings = () => t.server.app.ctx.config.integrations!;
const knex = () => t.server.app.ctx.storage.knex;
const pass = () => t.server.app.ctx.forwarder!.pass();
const create = (url: string) =>
  call(t.url, 'POST', '/uploadTargets', {
    token: owner.token,
    body: { device: station._id, network: 'custom', format: 'ecowitt', url },
  });
const testNow = (target: string, token = owner.token) =>
  call(t.url, 'POST', '/uploadTargets/test', { token, body: { target } });

/** A custom target stored as it is (one added before this rule, or while FORWARD_ALLOW_PRIVATE was on). */
async function stored(url: string): Promise<string> {
  const now = Date.now();
  const _id = objectId(now);
  await knex()('uploadTargets').insert({
    _id,
    device: station._id,
    network: 'custom',
    stationId: '',
    key: '',
    url,
    format: 'wunderground',
    interval: 16,
    enabled: true,
    failures: 0,
    rejections: 0,
    nextAttemptAt: 0,
    createdAt: now,
    updatedAt: now,
  });
  return _id;
}

beforeAll(async () => {
  internal = createServer((req, res) => {
    reached.push(req.url ?? '');
    if (req.url?.startsWith('/moved')) {
      res.writeHead(302, { location: '/secret' });
      res.end();
      return;
    }
    res.writeHead(req.url?.startsWith('/missing') ? 404 : 200);
    res.end('internal secret page: root password hunter2');
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  port = (internal.address() as AddressInfo).port;
  t = await startServer({ integrations: { ...integrationsConfig({}), forward: false } });
  owner = await newUser(t, 'ssrf-owner');
  station = await newStation(t, owner.token);
  const device = await t.server.app.ctx.devices.get(station._id);
  await t.server.ingest.store(device!, Math.floor(Date.now() / 1000), { tempc0: 20 });
});
beforeEach(async () => {
  Object.assign(settings(), { forwardCustom: true, forwardAllowPrivate: false });
  await knex()('uploadTargets').delete();
  reached.length = 0;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

describe('upload targets and private addresses', () => {
  test('a custom URL naming the host or a private network is refused when added or edited', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `127.1:${port}`,
      '2130706433',
      '0x7f000001',
      '0.0.0.0',
      '[::1]',
      '[::ffff:127.0.0.1]',
      'localhost',
      '169.254.169.254',
      '10.0.0.8',
      '192.168.1.1',
      '100.64.0.1',
      '[fd00::1]',
    ]) {
      const res = await create(`http://${host}/report`);
      expect([res.status, res.body.data?.code], host).toEqual([400, 'targetAddress']);
    }
    const ok = await create('https://weather.example.com/report');
    expect(ok.status).toBe(201);
    const edit = await call(t.url, 'PATCH', `/uploadTargets/${ok.body._id}`, {
      token: owner.token,
      body: { url: `http://127.0.0.1:${port}/` },
    });
    expect([edit.status, edit.body.data?.code]).toEqual([400, 'targetAddress']);
    expect(reached).toEqual([]);
  });

  test('a stored private target is not reached by the timer nor by "Test now"; the answer says why, in our words', async () => {
    const target = await stored(`http://127.0.0.1:${port}/report`);
    await pass();
    const res = await testNow(target);
    expect(reached).toEqual([]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: false, result: 'failed', message: 'targetAddress', status: null });
    expect(res.body.target.lastResult).toBe('targetAddress');
    const other = await stored(`http://[::ffff:7f00:1]:${port}/x`);
    expect((await testNow(other)).body.message).toBe('targetAddress');
    expect(reached).toEqual([]);
  });

  test('"Test now" shows the status class and our reason, never the body, the redirect or a system error', async () => {
    settings().forwardAllowPrivate = true;
    const missing = await stored(`http://127.0.0.1:${port}/missing`);
    const moved = await stored(`http://127.0.0.1:${port}/moved`);
    const closed = await stored('http://127.0.0.1:9/closed');
    const a = await testNow(missing);
    expect(a.body).toMatchObject({ ok: false, message: 'forwardRefused', status: '4xx' });
    const b = await testNow(moved);
    expect(b.body).toMatchObject({ ok: false, message: 'forwardRedirect', status: '3xx' });
    const c = await testNow(closed);
    expect(c.body).toMatchObject({ ok: false, result: 'retry', message: 'forwardUnreachable', status: null });
    for (const res of [a, b, c]) {
      expect(JSON.stringify(res.body)).not.toMatch(/hunter2|secret|ECONNREFUSED/);
    }
    expect(reached.map((p) => p.split('?')[0])).toEqual(['/missing', '/moved']);
  });

  test('with FORWARD_ALLOW_PRIVATE=on a server on the home network is reached', async () => {
    settings().forwardAllowPrivate = true;
    const res = await create(`http://127.0.0.1:${port}/home`);
    expect(res.status).toBe(201);
    const sent = await testNow(res.body._id);
    expect(sent.body).toMatchObject({ ok: true, message: 'ok', status: '2xx' });
    expect(reached.map((p) => p.split('?')[0])).toEqual(['/home']);
  });

  test('"Test now" is limited per user', async () => {
    // A user of their own (the tests above used this file's owner's calls).
    const tester = await newUser(t, 'ssrf-tester');
    const testerStation = await newStation(t, tester.token);
    const target = (
      await call(t.url, 'POST', '/uploadTargets', {
        token: tester.token,
        body: { device: testerStation._id, network: 'windy', stationId: 'w', key: 'k' },
      })
    ).body._id;
    const other = await newUser(t, 'ssrf-other');
    const otherStation = await newStation(t, other.token);
    const theirs = await call(t.url, 'POST', '/uploadTargets', {
      token: other.token,
      body: { device: otherStation._id, network: 'windy', stationId: 'w', key: 'k' },
    });
    const answers = [];
    // No upload from the station yet: each call still counts.
    for (let i = 0; i <= TESTS_PER_MINUTE; i++) answers.push((await testNow(target, tester.token)).status);
    expect(answers).toEqual([...new Array(TESTS_PER_MINUTE).fill(201), 429]);
    const limited = await testNow(target, tester.token);
    expect(limited.body.data?.code).toBe('targetTestLimit');
    expect(limited.headers.get('retry-after')).toBe('60');
    // Another user is not held back by this one.
    expect((await testNow(theirs.body._id, other.token)).status).toBe(201);
  });

  test('FORWARD_CUSTOM=off refuses custom servers when added and when sent', async () => {
    settings().forwardAllowPrivate = true;
    const target = await stored(`http://127.0.0.1:${port}/off`);
    settings().forwardCustom = false;
    const res = await create('https://weather.example.com/report');
    expect([res.status, res.body.data?.code]).toEqual([400, 'targetCustomOff']);
    const tested = await testNow(target);
    expect([tested.status, tested.body.data?.code]).toEqual([400, 'targetCustomOff']);
    await pass();
    expect(reached).toEqual([]);
    // A network's target is still added.
    const windy = await call(t.url, 'POST', '/uploadTargets', {
      token: owner.token,
      body: { device: station._id, network: 'windy', stationId: 'w', key: 'k' },
    });
    expect(windy.status).toBe(201);
  });
});
