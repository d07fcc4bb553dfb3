// Issue #9 B: an Ecowitt station is identified by the station key in its path; identification by MAC is opt-in
// (macAuth) and a MAC can be claimed by one station only. Over real HTTP, as consoles upload.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStorage } from '../storage/db';
import { migrate } from '../storage/migrate';
import { call, newStation, newUser, startServer, type TestServer, testDatabase } from '../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let other: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'mac-owner');
  other = await newUser(t, 'mac-other');
});
afterAll(() => t.close());

const md5 = (mac: string) => createHash('md5').update(mac).digest('hex').toUpperCase();

let clock = Math.floor(Date.now() / 1000) - 3600;

/** An Ecowitt upload; each one a minute after the previous (the same second twice is a retransmission). */
async function ecowitt(path: string, passkey: string, tempf: number) {
  clock += 60;
  const dateutc = new Date(clock * 1000).toISOString().slice(0, 19).replace('T', '+');
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `PASSKEY=${passkey}&stationtype=GW1000&dateutc=${dateutc}&tempf=${tempf}`,
  });
  return { status: res.status, body: await res.json() };
}

async function lastTemp(id: string, token = owner.token): Promise<number | undefined> {
  const res = await call(t.url, 'GET', `/weatherDevices/lastData?device=${id}`, { token });
  return res.body.last?.tempc0;
}

const patch = (id: string, body: unknown, token = owner.token) =>
  call(t.url, 'PATCH', `/weatherDevices/${id}`, { token, body });

describe('the station key in the path', () => {
  test('identifies the station, with or without a trailing slash, whatever PASSKEY says', async () => {
    const a = await newStation(t, owner.token, { mac: 'AA:BB:CC:10:00:01' });
    const b = await newStation(t, other.token, { mac: 'AA:BB:CC:10:00:02', macAuth: true });
    expect(await ecowitt(`/data/report/${a.stationKey}`, 'NOT-A-KEY', 50)).toEqual({
      status: 200,
      body: { errcode: '0', errmsg: 'ok' },
    });
    expect(await lastTemp(a._id)).toBeCloseTo(10, 1);
    // PASSKEY names b (which accepts its MAC), but the key in the path wins.
    expect((await ecowitt(`/data/report/${a.stationKey}/`, md5('AA:BB:CC:10:00:02'), 59)).status).toBe(200);
    expect(await lastTemp(a._id)).toBeCloseTo(15, 1);
    expect(await lastTemp(b._id, other.token)).toBeUndefined();
  });

  test('a wrong or old key is refused in the Ecowitt reply shape', async () => {
    const s = await newStation(t, owner.token);
    const wrong = await ecowitt(`/data/report/${s.stationKey}x`, md5('AA:BB:CC:10:00:03'), 50);
    expect(wrong).toEqual({ status: 401, body: { errcode: '401', errmsg: 'unauthorized' } });
    expect((await ecowitt(`/data/report/${'k'.repeat(200)}`, 'X', 50)).status).toBe(401);
    const renewed = await patch(s._id, { stationKey: 'regenerate' });
    expect((await ecowitt(`/data/report/${s.stationKey}`, 'X', 50)).status).toBe(401);
    expect((await ecowitt(`/data/report/${renewed.body.stationKey}`, 'X', 50)).status).toBe(200);
    // Only one segment after /data/report/ is a key; deeper paths are not upload paths.
    expect((await call(t.url, 'POST', `/data/report/${renewed.body.stationKey}/more`)).status).toBe(404);
  });

  test('needs no PASSKEY, by POST or GET; a MAC upload without one is a bad request', async () => {
    const s = await newStation(t, owner.token);
    clock += 60;
    const dateutc = new Date(clock * 1000).toISOString().slice(0, 19).replace('T', '+');
    const post = await fetch(`${t.url}/data/report/${s.stationKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `stationtype=GW1000&dateutc=${dateutc}&tempf=68`,
    });
    expect([post.status, await post.json()]).toEqual([200, { errcode: '0', errmsg: 'ok' }]);
    expect(await lastTemp(s._id)).toBeCloseTo(20, 1);
    const get = await fetch(
      `${t.url}/data/report/${s.stationKey}/?stationtype=AMBWeatherPro&dateutc=now&tempf=77`,
    );
    expect(get.status).toBe(200);
    expect(await lastTemp(s._id)).toBeCloseTo(25, 1);
    const bare = await fetch(`${t.url}/data/report/`, { method: 'POST', body: 'tempf=50' });
    expect(bare.status).toBe(400);
  });

  test('another method gets 405 in the Ecowitt reply shape', async () => {
    const s = await newStation(t, owner.token);
    const res = await fetch(`${t.url}/data/report/${s.stationKey}`, { method: 'PUT', body: 'tempf=50' });
    expect([res.status, await res.json()]).toEqual([405, { errcode: '405', errmsg: 'use GET or POST' }]);
  });
});

describe('identification by MAC', () => {
  test('is refused (401, Ecowitt JSON) unless the owner turned it on; then Ecowitt and Ambient forms work', async () => {
    const mac = 'AA:BB:CC:20:00:01';
    const s = await newStation(t, owner.token, { mac });
    const refused = await ecowitt('/data/report/', md5(mac), 50);
    expect(refused).toEqual({ status: 401, body: { errcode: '401', errmsg: 'unauthorized' } });
    expect((await ecowitt('/data/report/', mac, 50)).status).toBe(401);
    expect(await lastTemp(s._id)).toBeUndefined();
    expect((await patch(s._id, { macAuth: true })).body).toMatchObject({ mac, macAuth: true });
    expect((await ecowitt('/data/report/', md5(mac), 50)).status).toBe(200);
    expect(await lastTemp(s._id)).toBeCloseTo(10, 1);
    expect((await ecowitt('/data/report', mac.replace(/:/g, '-'), 59)).status).toBe(200); // Ambient: the MAC
    expect(await lastTemp(s._id)).toBeCloseTo(15, 1);
    expect((await patch(s._id, { macAuth: false })).status).toBe(200);
    expect((await ecowitt('/data/report/', md5(mac), 50)).status).toBe(401);
  });

  test('a MAC is claimed by one station: a second claim is a 409 and cannot take the uploads', async () => {
    const mac = 'AA:BB:CC:20:00:02';
    const first = await newStation(t, owner.token, { mac, macAuth: true });
    const second = await newStation(t, other.token, { mac });
    const claim = await patch(second._id, { macAuth: true }, other.token);
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({
      name: 'Conflict',
      message: 'This MAC address already identifies another station',
    });
    const created = await call(t.url, 'POST', '/weatherDevices', {
      token: other.token,
      body: { name: 'Third', mac, macAuth: true },
    });
    expect(created.status).toBe(409);
    expect((await ecowitt('/data/report/', md5(mac), 68)).status).toBe(200);
    expect(await lastTemp(first._id)).toBeCloseTo(20, 1);
    expect(await lastTemp(second._id, other.token)).toBeUndefined();
    // Moving the claimed MAC onto another station is a claim too.
    const third = await newStation(t, other.token, { mac: 'AA:BB:CC:20:00:03', macAuth: true });
    expect((await patch(third._id, { mac }, other.token)).status).toBe(409);
  });

  test('the database refuses a second claim even past the check (two processes at once)', async () => {
    const mac = 'AA:BB:CC:20:00:04';
    await newStation(t, owner.token, { mac, macAuth: true });
    const copy = await newStation(t, other.token, { mac });
    const knex = t.server.app.ctx.storage.knex;
    const error = await knex('weatherDevices')
      .where({ _id: copy._id })
      .update({ macAuth: true })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const { isMacClaimViolation } = await import('../services/devices/mac-claim');
    expect(isMacClaimViolation(error)).toBe(true);
  });

  test('needs a MAC: without one it cannot be turned on, and a station without a MAC is never matched', async () => {
    const bare = await newStation(t, owner.token);
    const res = await patch(bare._id, { macAuth: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter the MAC address to identify the station by it');
    expect((await patch(bare._id, { macAuth: 'on' })).status).toBe(400);
    // A station stored with macAuth on but no MAC (as the database allows) still matches nothing.
    await t.server.app.ctx.storage.knex('weatherDevices').where({ _id: bare._id }).update({ macAuth: true });
    t.server.app.ctx.devices.forget();
    expect((await ecowitt('/data/report/', md5(''), 50)).status).toBe(401);
    expect((await ecowitt('/data/report/', 'null', 50)).status).toBe(401);
  });
});

test('migration 013: a MAC on one station keeps working, a MAC on several is switched off on all of them', async () => {
  const database = testDatabase(); // a schema of its own on PostgreSQL (TEST_DATABASE_URL)
  const storage = await openStorage(database);
  const schema = storage.engine === 'pg' ? new URL(database).searchParams.get('schema') : null;
  try {
    const { knex } = storage;
    await migrate(knex, '010_one_raised_alert');
    await knex('users').insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
    const station = (id: string, mac: string | null) => ({
      _id: id.repeat(24),
      wsid: id,
      stationKey: `key-${id}`,
      passkey: mac ? md5(mac) : null,
      mac,
      name: id,
      user: 'u'.repeat(24),
      createdAt: 0,
      updatedAt: 0,
    });
    await knex('weatherDevices').insert([
      station('a', 'AA:BB:CC:30:00:01'),
      station('b', 'AA:BB:CC:30:00:02'),
      station('c', 'AA:BB:CC:30:00:02'),
      station('d', null),
    ]);
    await migrate(knex);
    const rows: { _id: string; macAuth: number | boolean }[] = await knex('weatherDevices').select(
      '_id',
      'macAuth',
    );
    const on = Object.fromEntries(rows.map((r) => [r._id[0], !!r.macAuth]));
    expect(on).toEqual({ a: true, b: false, c: false, d: false });
    const refused = await knex('weatherDevices')
      .where({ _id: 'c'.repeat(24) })
      .update({ passkey: md5('AA:BB:CC:30:00:01'), macAuth: true })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refused).not.toBeNull();
    await knex('weatherDevices')
      .where({ _id: 'b'.repeat(24) })
      .update({ macAuth: true }); // now unclaimed
  } finally {
    if (schema) await storage.knex.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await storage.close();
  }
});
