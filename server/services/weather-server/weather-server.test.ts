import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isLoopbackHost } from '../../../src/domain/loopback';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../../testing/server';
import { lanAddresses } from './lan';
import { serverAddress } from './weather-server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let friend: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'ws-owner');
  friend = await newUser(t, 'ws-friend');
  stranger = await newUser(t, 'ws-stranger');
  station = await newStation(t, owner.token, { mac: 'AA:BB:CC:DD:EE:FF' });
  await t.server.app.ctx.storage
    .knex('weatherDevices')
    .where({ _id: station._id })
    .update({ shareUsers: JSON.stringify([friend.user._id]) });
  t.server.app.ctx.devices.forget();
});
afterAll(() => t.close());

const get = (path: string, token?: string) => call(t.url, 'GET', path, { token });

describe('weatherServer', () => {
  test('the owner sees exactly what to type into the console, per protocol', async () => {
    await wslink(t, station, { t1tem: 20, mysteryfield: 42 });
    // Without PUBLIC_HOST the request's Host is the server name (fetch cannot fake Host: use the real one).
    // The test server is reached as 127.0.0.1, a loopback address: the machine's LAN address replaces it
    // (issue 22), when it has one.
    const { port } = new URL(t.url);
    const lan = lanAddresses();
    const hostname = lan[0] ?? new URL(t.url).hostname;
    const res = await get(`/weatherServer?device=${station._id}`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body.loopback).toEqual({ addresses: lan });
    expect(res.body).toMatchObject({
      serverName: `${hostname}:${port}`,
      stationId: station.wsid,
      stationKey: station.stationKey,
    });
    expect(Math.abs(res.body.lastUpload - Date.now() / 1000)).toBeLessThan(60);
    const [wsl, wu, eco] = res.body.protocols;
    expect(wsl).toMatchObject({
      protocol: 'wslink',
      host: hostname,
      port: Number(port),
      path: '/data/upload.php',
    });
    expect(wsl.settings).toEqual([
      ['Server', hostname],
      ['Port', port],
      ['Path', '/data/upload.php'],
      ['Station ID', station.wsid],
      ['Station key', station.stationKey],
    ]);
    expect(wu).toMatchObject({
      protocol: 'wunderground',
      path: '/weatherstation/updateweatherstation.php',
      ID: station.wsid,
      PASSWORD: station.stationKey,
    });
    expect(eco).toMatchObject({
      protocol: 'ecowitt',
      path: `/data/report/${station.stationKey}`,
      mac: 'AA:BB:CC:DD:EE:FF',
      macAuth: false,
    });
    expect(eco.settings).toContainEqual(['Path', `/data/report/${station.stationKey}`]);
    // Other networks' formats: the whole URL station software takes, with the network's credential names.
    const others = Object.fromEntries(
      res.body.protocols
        .slice(3)
        .map((p: { protocol: string; settings: unknown }) => [p.protocol, p.settings]),
    );
    const base = `http://${hostname}:${port}`;
    expect(others).toEqual({
      pwsweather: [
        ['Server URL', `${base}/pwsupdate/pwsupdate.php`],
        ['Station ID', station.wsid],
        ['Station key', station.stationKey],
      ],
      wow: [
        ['Server URL', `${base}/automaticreading`],
        ['Site ID', station.wsid],
        ['Authentication key', station.stationKey],
      ],
      weathercloud: [
        ['Server URL', `${base}/v01/set`],
        ['Weathercloud ID', station.wsid],
        ['Weathercloud key', station.stationKey],
      ],
      windy: [
        ['Server URL', `${base}/pws/update/${station.stationKey}`],
        ['API key', station.stationKey],
      ],
    });
    expect(res.body.unmapped).toHaveProperty('mysteryfield');
  });

  test('loopback names and addresses are told from reachable ones (issue 22)', () => {
    for (const h of [
      'localhost',
      'LOCALHOST',
      'app.localhost',
      '127.0.0.1',
      '127.1.2.3',
      '[::1]',
      '::1',
      '0.0.0.0',
    ])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['192.168.1.5', 'wx.example.org', 'localhost.example.org', '10.0.0.1', '[fe80::1]'])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  test('LAN addresses: IPv4, not loopback or link-local, home networks first', () => {
    const i = (address: string, internal = false, family = 'IPv4') =>
      ({ address, internal, family, netmask: '', mac: '', cidr: null }) as never;
    expect(
      lanAddresses({
        lo: [i('127.0.0.1', true)],
        docker0: [i('172.17.0.1')],
        eth0: [i('192.168.1.20'), i('fe80::1', false, 'IPv6')],
        wlan0: [i('169.254.3.4'), i('10.0.0.7')],
      }),
    ).toEqual(['192.168.1.20', '10.0.0.7', '172.17.0.1']);
  });

  test('PUBLIC_HOST wins over the Host header', () => {
    expect(serverAddress('https://wx.example.org', 'localhost:8080')).toMatchObject({
      serverName: 'wx.example.org',
      host: 'wx.example.org',
      port: 443,
    });
    expect(serverAddress(null, '192.168.1.5:8080')).toMatchObject({ host: '192.168.1.5', port: 8080 });
    expect(serverAddress('wx.example.org', undefined)).toMatchObject({ port: 80 });
  });

  test('owner only: a shared user is refused, a stranger gets 404, anonymous 401, bad input 400', async () => {
    const shared = await get(`/weatherServer?device=${station._id}`, friend.token);
    expect(shared.status).toBe(403);
    expect(JSON.stringify(shared.body)).not.toContain(station.stationKey);
    const theirs = await get(`/weatherServer?device=${station._id}`, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Device not found');
    expect((await get(`/weatherServer?device=${station._id}`)).status).toBe(401);
    expect((await get('/weatherServer', owner.token)).status).toBe(400);
    expect((await get('/weatherServer?device=xyz', owner.token)).status).toBe(400);
  });
});

describe('stations/lookup', () => {
  test('finds owned, shared, public and unlisted stations by station ID; else 404 Device not found', async () => {
    const mine = await get(`/stations/lookup?wsid=${station.wsid}`, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ _id: station._id, stationKey: station.stationKey });
    const shared = await get(`/stations/lookup?wsid=${station.wsid}`, friend.token);
    expect(shared.body._id).toBe(station._id);
    expect(shared.body.stationKey).toBeUndefined();

    const hidden = await get(`/stations/lookup?wsid=${station.wsid}`, stranger.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Device not found');
    expect((await get(`/stations/lookup?wsid=${station.wsid}`)).status).toBe(404);

    for (const shareMode of ['unlist', 'public']) {
      await call(t.url, 'PATCH', `/weatherDevices/${station._id}`, {
        token: owner.token,
        body: { shareMode },
      });
      const seen = await get(`/stations/lookup?wsid=${station.wsid}`);
      expect(seen.status, shareMode).toBe(200);
      expect(seen.body._id).toBe(station._id);
      expect(seen.body.stationKey).toBeUndefined();
    }
    const none = await get('/stations/lookup?wsid=NOSUCHSTATION');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Device not found');
    expect((await get('/stations/lookup')).status).toBe(400);
    expect((await get(`/stations/lookup?wsid=${'x'.repeat(40)}`)).status).toBe(400);
  });
});
