// uploadTargets: owner only, keys masked unless revealed, clear 400s with codes, network minimum intervals.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NETWORKS } from '../../../src/domain/networks';
import { integrationsConfig } from '../../integrations/config';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { shareStation } from '../../testing/share';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let friend: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;

beforeAll(async () => {
  t = await startServer({ integrations: { ...integrationsConfig({}), forward: false } });
  owner = await newUser(t, 'ut-owner');
  friend = await newUser(t, 'ut-friend');
  stranger = await newUser(t, 'ut-stranger');
  station = await newStation(t, owner.token);
  await shareStation(t, owner, station._id, friend);
});
afterAll(() => t.close());

const create = (token: string, body: Record<string, unknown>) =>
  call(t.url, 'POST', '/uploadTargets', { token, body: { device: station._id, ...body } });

describe('uploadTargets', () => {
  test('the owner adds a target; the key is masked everywhere but on request', async () => {
    const res = await create(owner.token, {
      network: 'wunderground',
      stationId: 'KTEST9',
      key: 'abcdef123456',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      device: station._id,
      network: 'wunderground',
      stationId: 'KTEST9',
      key: '••••3456',
      url: null,
      format: null,
      interval: NETWORKS.wunderground.defaultInterval,
      enabled: true,
      lastUploadAt: null,
      lastResult: null,
      lastOk: null,
      failures: 0,
      pausedAt: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    const list = await call(t.url, 'GET', `/uploadTargets?device=${station._id}`, { token: owner.token });
    expect(list.body.map((x: { key: string }) => x.key)).toEqual(['••••3456']);
    const revealed = await call(t.url, 'GET', `/uploadTargets/${res.body._id}?$reveal=true`, {
      token: owner.token,
    });
    expect(revealed.body.key).toBe('abcdef123456');

    // An empty key in an edit keeps the stored one.
    const edited = await call(t.url, 'PATCH', `/uploadTargets/${res.body._id}`, {
      token: owner.token,
      body: { key: '', interval: 120, enabled: false },
    });
    expect(edited.body).toMatchObject({ key: '••••3456', interval: 120, enabled: false });
    const removed = await call(t.url, 'DELETE', `/uploadTargets/${res.body._id}`, { token: owner.token });
    expect(removed.status).toBe(200);
  });

  test('only the owner: a shared user is refused, a stranger and anonymous callers learn nothing', async () => {
    const mine = await create(owner.token, { network: 'windy', stationId: 'w', key: 'windy-key-000' });
    const refused = await create(friend.token, { network: 'windy', stationId: 'w', key: 'k' });
    expect(refused.body.data).toEqual({
      code: 'targetOwnerOnly',
    });
    expect(
      (await call(t.url, 'GET', `/uploadTargets?device=${station._id}`, { token: friend.token })).status,
    ).toBe(403);
    expect(
      (await call(t.url, 'GET', `/uploadTargets?device=${station._id}`, { token: stranger.token })).status,
    ).toBe(404);
    for (const token of [friend.token, stranger.token]) {
      for (const [method, path] of [
        ['GET', `/uploadTargets/${mine.body._id}?$reveal=true`],
        ['PATCH', `/uploadTargets/${mine.body._id}`],
        ['DELETE', `/uploadTargets/${mine.body._id}`],
        ['POST', '/uploadTargets/test'],
      ]) {
        const res = await call(t.url, method, path, {
          token,
          body: method === 'GET' ? undefined : { target: mine.body._id },
        });
        expect([res.status, res.body.data?.code]).toEqual([404, 'targetNotFound']);
        expect(JSON.stringify(res.body)).not.toContain('windy-key');
      }
    }
    expect((await call(t.url, 'GET', `/uploadTargets?device=${station._id}`)).status).toBe(401);
  });

  test('bad input is a 400 with a message and a code, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ network: 'myspace', stationId: 'a', key: 'b' }, 'targetNetwork'],
      [{ network: 'wunderground', key: 'b' }, 'targetStationId'],
      [{ network: 'wunderground', stationId: 'a' }, 'targetKey'],
      [{ network: 'windy', stationId: 'a', key: 'b', interval: 60 }, 'targetInterval'],
      [{ network: 'custom', format: 'ecowitt' }, 'targetUrl'],
      [{ network: 'custom', format: 'ecowitt', url: 'ftp://example.com/' }, 'targetUrl'],
      [{ network: 'custom', format: 'ecowitt', url: 'http://user:pw@example.com/' }, 'targetUrl'],
      [{ network: 'custom', format: 'xml', url: 'http://example.com/' }, 'targetFormat'],
      [{ network: 'custom', url: 'http://example.com/' }, 'targetFormat'],
      [{ network: 'awekas', stationId: 'a', key: 'b', interval: 'soon' }, 'targetInterval'],
    ];
    for (const [body, code] of cases) {
      const res = await create(owner.token, body);
      expect([res.status, res.body.data?.code], JSON.stringify(body)).toEqual([400, code]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const windy = await create(owner.token, { network: 'windy', stationId: 'a', key: 'b', interval: 60 });
    expect(windy.body.data).toEqual({ code: 'targetInterval', field: 'interval', min: 300 });
    const extra = await create(owner.token, { network: 'windy', stationId: 'a', key: 'b', pausedAt: null });
    expect(extra.status).toBe(400);
    const bad = await call(t.url, 'POST', '/uploadTargets/test', {
      token: owner.token,
      body: { target: 'nope' },
    });
    expect(bad.status).toBe(400);
  });

  test('test now without any upload yet says so', async () => {
    const target = await create(owner.token, {
      network: 'custom',
      format: 'wunderground',
      url: 'https://weather.example.com/x',
    });
    const res = await call(t.url, 'POST', '/uploadTargets/test', {
      token: owner.token,
      body: { target: target.body._id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ok: false,
      result: 'failed',
      message: 'forwardNoUpload',
    });
  });
});
