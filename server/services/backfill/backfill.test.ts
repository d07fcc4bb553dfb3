// Backfill through the real service over HTTP, against a local fake of each vendor's history API serving the
// recorded shapes (server/backfill/fixtures/): paging, pacing, 429 with Retry-After, 401/403, 500 and answers
// that are not JSON; the rows land only in hours the station has no data in. TEST_DATABASE_URL runs it on
// PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { BackfillJob } from '../../../src/domain/backfill';
import { localDayStart } from '../../../src/domain/timeZones';
import { backfillConfig } from '../../backfill/config';
import { resetPacing } from '../../backfill/http';
import { type FakeVendors, STEP, startFakeVendors, tempAt } from '../../backfill/testing/fake-vendors';
import { unpack } from '../../storage/packed';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';

const ZONE = 'Europe/Prague';
const NOW = Math.floor(Date.now() / 1000);
/** Local midnight three days ago: each case backfills the two days from there. */
const DAY0 = localDayStart(localDayStart(NOW, ZONE) - 2 * 86400 - 3600, ZONE);
const DAY2 = localDayStart(DAY0 + 2 * 86400 + 7200, ZONE);

let t: TestServer;
let fake: FakeVendors;
let owner: Awaited<ReturnType<typeof newUser>>;
let friend: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  fake = await startFakeVendors(ZONE);
  const base = backfillConfig({});
  t = await startServer({
    backfill: {
      endpoints: { ecowitt: fake.url, wunderground: fake.url, ambient: fake.url, weatherlink: fake.url },
      // Ambient's real pace (1 request a second per key) is kept and checked; the others are quickened.
      intervals: { ...base.intervals, ecowitt: 20, wunderground: 20, weatherlink: 10 },
      maxRetryAfter: 5,
      retryMs: 20,
    },
  });
  owner = await newUser(t, 'backfill-owner');
  friend = await newUser(t, 'backfill-friend');
  stranger = await newUser(t, 'backfill-stranger');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  resetPacing();
});

async function station(name: string) {
  return newStation(t, owner.token, { name, timezone: ZONE });
}

async function until(job: string): Promise<BackfillJob> {
  for (;;) {
    const res = await call(t.url, 'GET', `/backfill/${job}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.status !== 'running') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function start(device: string, vendor: string, keys?: Record<string, string>, from = DAY0, to = DAY2) {
  const res = await call(t.url, 'POST', '/backfill', {
    token: owner.token,
    body: { device, vendor, keys, from, to },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as BackfillJob;
}

/** The station's 5-minute outdoor temperatures (mean of each bucket) in [from, to). */
async function temps(device: string, from = DAY0, to = DAY2): Promise<Map<number, number>> {
  const knex = t.server.app.ctx.storage.knex;
  const { seq } = await knex('weatherDevices').where({ _id: device }).first('seq');
  const rows = await knex('buckets5m')
    .where({ device: seq })
    .andWhere('time', '>=', from)
    .andWhere('time', '<', to);
  const out = new Map<number, number>();
  for (const r of rows) {
    const a = unpack(r.data).tempc0;
    if (a) out.set(Number(r.time), Math.round((a[1] / a[0]) * 10) / 10);
  }
  return out;
}

const slots = (from: number, to: number) => (to - from) / STEP;

describe('backfill', () => {
  test('Ecowitt: two days fill every 5 minutes without console data; the console’s buckets are kept', async () => {
    const s = await station('Ecowitt backfill');
    // The console's readings: the first half of an hour on the first day, at 30.5 °C (its second half missing).
    const console = DAY0 + 10 * 3600;
    for (let i = 0; i < 6; i++)
      await t.server.app.ctx.samples.write({ _id: s._id, timezone: ZONE }, console + i * STEP, {
        tempc0: 30.5,
      });
    await t.server.app.ctx.samples.flush();
    const keys = {
      applicationKey: 'APPKEY-0123456789',
      apiKey: 'api-key-secret-42',
      mac: 'AA:BB:CC:DD:EE:FF',
    };
    const started = await start(s._id, 'ecowitt', keys);
    expect(started).toMatchObject({
      vendor: 'ecowitt',
      source: 'backfill',
      format: 'ecowitt-cloud',
      from: DAY0,
    });
    const done = await until(started._id);
    const expected = slots(DAY0, DAY2);
    expect(done).toMatchObject({
      status: 'done',
      imported: expected - 6,
      skipped: 6,
      days: 2,
      error: null,
    });
    expect(done.requests).toEqual({ done: 2, planned: 2 });
    // One local day per request, in the station's wall time, metric units, 5-minute data.
    expect(fake.requests.map((r) => r.query.get('start_date'))).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} 00:00:00$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} 00:00:00$/),
    ]);
    const q = fake.requests[0].query;
    expect(Object.fromEntries(q)).toMatchObject({
      application_key: keys.applicationKey,
      api_key: keys.apiKey,
      mac: keys.mac,
      cycle_type: '5min',
      temp_unitid: '1',
      pressure_unitid: '3',
      wind_speed_unitid: '6',
      rainfall_unitid: '12',
    });
    const stored = await temps(s._id);
    expect(stored.size).toBe(expected);
    for (const [time, temp] of stored)
      expect(temp, new Date(time * 1000).toISOString()).toBe(
        time >= console && time < console + 1800 ? 30.5 : tempAt(time),
      );
    // The hour of both: the console's six buckets and the cloud's six, its high the console's, its last the cloud's.
    const knex = t.server.app.ctx.storage.knex;
    const { seq } = await knex('weatherDevices').where({ _id: s._id }).first('seq');
    const hour = unpack((await knex('buckets1h').where({ device: seq, time: console }).first()).data).tempc0;
    expect(hour[0]).toBe(12);
    expect(hour[3]).toBe(30.5);
    expect(hour[4]).toBe(tempAt(console + 3300));
    // The history and the records read the backfilled hours like any other.
    const day = await call(
      t.url,
      'GET',
      `/weatherMetrics/queryGroup?device=${s._id}&range=1d&metrics=max_tempc0&startTime=${new Date(DAY0 * 1000).toISOString()}&endTime=${new Date(DAY2 * 1000).toISOString()}`,
      { token: owner.token },
    );
    expect(day.status).toBe(200);
    expect(JSON.stringify(day.body)).toContain('30.5');
    // Provenance: the import job says where the rows came from; undo is the import's.
    const listed = await call(t.url, 'GET', `/imports?device=${s._id}`, { token: owner.token });
    expect(listed.body[0]).toMatchObject({ _id: started._id, source: 'backfill', format: 'ecowitt-cloud' });
    // And each reading's source (issue 24): the backfilled days are the backfill's.
    const sourceOf = async (time: number) => {
      const res = await call(
        t.url,
        'GET',
        `/sampleCorrections?device=${s._id}&sources=true&from=${time}&to=${time}`,
        { token: owner.token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body[0].source;
    };
    expect(await sourceOf(DAY0 + 3600)).toBe('backfill');
    // The keys are answered masked, and to the owner only.
    const state = await call(t.url, 'GET', `/backfill?device=${s._id}`, { token: owner.token });
    expect(state.body.source).toEqual({
      vendor: 'ecowitt',
      keys: { applicationKey: '••••6789', apiKey: '••••t-42', mac: keys.mac },
      updatedAt: expect.any(Number),
    });
    expect(JSON.stringify(state.body)).not.toContain(keys.apiKey);
    expect(state.body.jobs.map((j: BackfillJob) => j._id)).toEqual([started._id]);
    const undo = await call(t.url, 'PATCH', `/imports/${started._id}`, {
      token: owner.token,
      body: { action: 'rollback' },
    });
    expect(undo.body.status).toBe('rolledBack');
    // Rolled back: no longer the backfill's (these readings were stored before sources were recorded).
    expect(await sourceOf(DAY0 + 3600)).toBe('console');
    const after = await temps(s._id);
    expect([...after.values()]).toEqual(Array(6).fill(30.5));
    expect(
      unpack((await knex('buckets1h').where({ device: seq, time: console }).first()).data).tempc0[0],
    ).toBe(6);
  });

  test('what a backfill filled is queued for the networks that take past readings, not for real-time ones', async () => {
    const s = await station('Backfill forwarded');
    for (const body of [
      { network: 'wunderground', stationId: 'KBACK1', key: 'key-back-1111', interval: 300 },
      {
        network: 'weathercloud',
        stationId: 'abcdef0123456789',
        key: '0123456789abcdef0123456789abcdef',
        interval: 600,
      },
    ]) {
      const res = await call(t.url, 'POST', '/uploadTargets', {
        token: owner.token,
        body: { device: s._id, ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // Both have sent a reading of now already: the filled days are older.
    const knex = t.server.app.ctx.storage.knex;
    await knex('uploadTargets').where({ device: s._id }).update({ lastSampleTime: NOW });
    const keys = {
      applicationKey: 'APPKEY-0123456789',
      apiKey: 'api-key-secret-42',
      mac: 'AA:BB:CC:DD:EE:01',
    };
    expect(await until((await start(s._id, 'ecowitt', keys))._id)).toMatchObject({ status: 'done' });
    // Noted once the import has ended (after the job reads done): waited for, not assumed.
    const queued = async () =>
      (await knex('uploadTargets').where({ device: s._id }).orderBy('network')).map((r) => [
        r.network,
        r.catchUpFrom === null ? null : Number(r.catchUpFrom),
      ]);
    await expect.poll(queued).toEqual([
      ['weathercloud', null],
      ['wunderground', DAY0],
    ]);
  });

  test('a 429 is waited out by its Retry-After, and a second run with the stored (masked) keys adds nothing twice', async () => {
    const s = await station('Ecowitt 429');
    fake.script('ecowitt', {
      status: 429,
      headers: { 'retry-after': '1' },
      body: '{"code":-1,"msg":"busy"}',
    });
    const keys = {
      applicationKey: 'APPKEY-429-000000',
      apiKey: 'api-key-429-00000',
      mac: '11:22:33:44:55:66',
    };
    const first = await until((await start(s._id, 'ecowitt', keys, DAY0, DAY0 + 6 * 3600))._id);
    expect(first).toMatchObject({ status: 'done', imported: 72, skipped: 0 });
    const [refused, retried] = fake.requests;
    expect(retried.at - refused.at).toBeGreaterThanOrEqual(1000);
    expect(retried.query.get('start_date')).toBe(refused.query.get('start_date'));
    const masked = { applicationKey: '••••0000', apiKey: '••••0000', mac: '11:22:33:44:55:66' };
    const second = await until((await start(s._id, 'ecowitt', masked, DAY0, DAY0 + 6 * 3600))._id);
    expect(second).toMatchObject({ status: 'done', imported: 0, skipped: 72 });
    expect(fake.requests.at(-1)!.query.get('api_key')).toBe(keys.apiKey);
  });

  test('Weather Underground: day by day in the station’s dates; a day without data (204) and a passing 500', async () => {
    const s = await station('WU backfill');
    // No readings on the first day; the second day's first answer is a 500, asked again.
    fake.since = DAY0 + 86400;
    fake.script('wunderground', { status: 204 }, { status: 500, body: 'oops' });
    try {
      const done = await until(
        (await start(s._id, 'wunderground', { stationId: 'IPRAGUE123', apiKey: 'wu-key-0123456789' }))._id,
      );
      expect(done).toMatchObject({
        status: 'done',
        imported: slots(DAY0 + 86400, DAY2),
        skipped: 0,
        days: 1,
      });
      const dates = fake.requests.map((r) => r.query.get('date'));
      const ymd = (t: number) => new Date((t + 7200) * 1000).toISOString().slice(0, 10).replace(/-/g, '');
      expect(dates).toEqual([ymd(DAY0), ymd(DAY0 + 86400), ymd(DAY0 + 86400)]);
      expect(Object.fromEntries(fake.requests[0].query)).toMatchObject({
        stationId: 'IPRAGUE123',
        units: 'm',
        format: 'json',
        apiKey: 'wu-key-0123456789',
      });
      const stored = await temps(s._id);
      expect(stored.size).toBe(slots(DAY0 + 86400, DAY2));
      for (const [time, temp] of stored) expect(temp).toBe(tempAt(time));
    } finally {
      fake.since = NOW - 365 * 86400;
    }
  });

  test('Ambient: paged backwards by endDate, 288 at a time, one request a second', async () => {
    const s = await station('Ambient backfill');
    const keys = {
      applicationKey: 'amb-app-0123456789',
      apiKey: 'amb-api-0123456789',
      mac: '00:0E:C6:20:0F:7B',
    };
    const done = await until((await start(s._id, 'ambient', keys))._id);
    expect(done).toMatchObject({ status: 'done', imported: slots(DAY0, DAY2), skipped: 0, days: 2 });
    expect(done.requests.planned).toBeNull();
    const ends = fake.requests.map((r) => Number(r.query.get('endDate')));
    expect(ends[0]).toBe(DAY2 * 1000);
    // Each next page ends at the previous page's oldest record: 288 records back.
    for (let i = 1; i < ends.length; i++) expect(ends[i]).toBe(ends[i - 1] - 287 * STEP * 1000);
    expect(ends.at(-1)).toBeLessThanOrEqual(DAY0 * 1000 + 287 * STEP * 1000);
    expect(fake.requests[0].path).toBe('/v1/devices/00%3A0E%3AC6%3A20%3A0F%3A7B');
    expect(fake.requests[0].query.get('limit')).toBe('288');
    for (let i = 1; i < fake.requests.length; i++)
      expect(fake.requests[i].at - fake.requests[i - 1].at).toBeGreaterThanOrEqual(990);
    const stored = await temps(s._id);
    expect(stored.size).toBe(slots(DAY0, DAY2));
    // °F to °C and back to a tenth: within 0.1 of the fake's temperature.
    for (const [time, temp] of stored) expect(Math.abs(temp - tempAt(time))).toBeLessThanOrEqual(0.1);
  });

  test('WeatherLink: 24 hours a call, the secret in its header, sensors merged, interval rain summed per day', async () => {
    const s = await station('WeatherLink backfill');
    const keys = { stationId: '96230', apiKey: 'wl-key-0123456789', apiSecret: 'wl-secret-0123456789' };
    const done = await until((await start(s._id, 'weatherlink', keys))._id);
    expect(done).toMatchObject({ status: 'done', imported: slots(DAY0, DAY2), days: 2 });
    for (const r of fake.requests) {
      expect(r.path).toBe('/v2/historic/96230');
      expect(r.headers['x-api-secret']).toBe(keys.apiSecret);
      expect(r.query.has('api-secret')).toBe(false);
      expect(
        Number(r.query.get('end-timestamp')) - Number(r.query.get('start-timestamp')),
      ).toBeLessThanOrEqual(86400);
    }
    const knex = t.server.app.ctx.storage.knex;
    const { seq } = await knex('weatherDevices').where({ _id: s._id }).first('seq');
    const day = await knex('buckets1d').where({ device: seq, time: DAY0 }).first();
    const aggs = unpack(day.data);
    // 0.2 mm every 5 minutes: 288 × 0.2 = 57.6 mm by the day's end; the barometer's sensor merged in.
    expect(aggs.dailyrain[3]).toBeCloseTo(57.6, 1);
    expect(aggs.relbaro[1] / aggs.relbaro[0]).toBeCloseTo(30.012 * 33.8639, 1);
  });

  test('errors stop the backfill with words: 401 keys, WeatherLink 403 plan, 500 four times, not JSON, Ecowitt 40011', async () => {
    const cases: [string, Record<string, string>, Parameters<FakeVendors['script']>[1][], RegExp][] = [
      [
        'wunderground',
        { stationId: 'IX1', apiKey: 'wu-bad-key-000000' },
        [{ status: 401, body: '{"success":false}' }],
        /^auth: Weather Underground refused the keys \(401\)$/,
      ],
      [
        'weatherlink',
        { stationId: '1', apiKey: 'wl-k-000000000', apiSecret: 'wl-s-00000000000' },
        [{ status: 403, body: JSON.stringify({ code: 403, message: 'no plan' }) }],
        /^plan: /,
      ],
      [
        'ambient',
        { applicationKey: 'a-000000000', apiKey: 'b-000000000', mac: 'M1' },
        Array(4).fill({ status: 500, body: 'down' }),
        /^server: Ambient Weather answered 500, 4 times$/,
      ],
      [
        'ambient',
        { applicationKey: 'a-000000001', apiKey: 'b-000000001', mac: 'M2' },
        [{ status: 200, body: '[{"dateutc":' }],
        /^malformed: /,
      ],
      [
        'ecowitt',
        { applicationKey: 'c-000000000', apiKey: 'd-000000000', mac: 'M3' },
        [{ status: 200, body: JSON.stringify({ code: 40011, msg: 'Illegal Api_Key Parameter', data: [] }) }],
        /^auth: Ecowitt.net refused the keys \(40011/,
      ],
    ];
    const s = await station('Errors');
    for (const [vendor, keys, answers, error] of cases) {
      fake.script(vendor as never, ...answers);
      const done = await until((await start(s._id, vendor, keys))._id);
      expect(done.status, vendor).toBe('failed');
      expect(done.error, vendor).toMatch(error);
      // Nothing of the keys in the error.
      for (const v of Object.values(keys)) if (v.length > 4) expect(done.error).not.toContain(v);
    }
    // A 429 asking to wait longer than we wait stops with when to try again.
    fake.script('wunderground', { status: 429, headers: { 'retry-after': '3600' } });
    const long = await until(
      (await start(s._id, 'wunderground', { stationId: 'IX2', apiKey: 'wu-key-long-wait-0' }))._id,
    );
    expect(long).toMatchObject({
      status: 'failed',
      error: 'rateLimit: Weather Underground asks to wait 60 minutes: start again later',
    });
  });

  test('a backfill can be stopped while it waits', async () => {
    const s = await station('Cancelled');
    fake.script('wunderground', { status: 429, headers: { 'retry-after': '4' } });
    const started = await start(s._id, 'wunderground', { stationId: 'IX3', apiKey: 'wu-key-cancel-000' });
    for (
      let i = 0;
      i < 100 &&
      (await call(t.url, 'GET', `/backfill/${started._id}`, { token: owner.token })).body.waitingUntil ===
        null;
      i++
    )
      await new Promise((r) => setTimeout(r, 20));
    const waiting = await call(t.url, 'GET', `/backfill/${started._id}`, { token: owner.token });
    expect(waiting.body.waitingUntil).toBeGreaterThan(Date.now());
    const busy = await call(t.url, 'POST', '/backfill', {
      token: owner.token,
      body: { device: s._id, vendor: 'wunderground', from: DAY0, to: DAY2 },
    });
    expect(busy.status).toBe(400);
    expect(busy.body.message).toBe('A backfill of this station is running already');
    await call(t.url, 'PATCH', `/backfill/${started._id}`, {
      token: owner.token,
      body: { action: 'cancel' },
    });
    const done = await until(started._id);
    expect(done.status).toBe('cancelled');
    expect(fake.requests.length).toBe(1);
  });

  test('a backfill left running by a process that is gone is marked stopped; one still going blocks another', async () => {
    const s = await station('Restarted');
    const knex = t.server.app.ctx.storage.knex;
    const row = (id: string, updatedAt: number) => ({
      _id: id,
      device: s._id,
      user: owner.user._id,
      format: 'ambient-cloud',
      fileName: 'Ambient Weather',
      fileHash: id.padEnd(64, '0'),
      policy: 'fill',
      status: 'running',
      source: 'backfill',
      options: JSON.stringify({ vendor: 'ambient', from: DAY0, to: DAY2 }),
      createdAt: updatedAt,
      updatedAt,
    });
    await knex('importJobs').insert(row('b'.repeat(24), Date.now() - 16 * 60_000));
    const state = await call(t.url, 'GET', `/backfill?device=${s._id}`, { token: owner.token });
    expect(state.body.jobs).toMatchObject([{ _id: 'b'.repeat(24), status: 'cancelled', vendor: 'ambient' }]);
    // Another process's backfill, heard from a minute ago: still running there.
    await knex('importJobs').insert(row('c'.repeat(24), Date.now() - 60_000));
    const busy = await call(t.url, 'POST', '/backfill', {
      token: owner.token,
      body: {
        device: s._id,
        vendor: 'ambient',
        keys: { applicationKey: 'a-1', apiKey: 'b-1', mac: 'm' },
        from: DAY0,
        to: DAY2,
      },
    });
    expect(busy.status).toBe(400);
    expect(busy.body.message).toBe('A backfill of this station is running already');
  });

  test('refused: others, shared users, bad input (400 with a message, never 500)', async () => {
    const s = await station('Shared');
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: s._id })
      .update({ shareUsers: JSON.stringify([friend.user._id]) });
    t.server.app.ctx.devices.forget(s._id);
    const body = {
      device: s._id,
      vendor: 'ecowitt',
      keys: { applicationKey: 'x-0000000', apiKey: 'y-0000000', mac: 'm' },
      from: DAY0,
      to: DAY2,
    };
    expect((await call(t.url, 'POST', '/backfill', { body })).status).toBe(401);
    expect((await call(t.url, 'POST', '/backfill', { token: stranger.token, body })).status).toBe(404);
    // The friend the station is shared with sees the station, not its keys nor its backfills.
    expect((await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: friend.token })).status).toBe(200);
    const shared = await call(t.url, 'GET', `/backfill?device=${s._id}`, { token: friend.token });
    expect(shared.status).toBe(403);
    expect((await call(t.url, 'POST', '/backfill', { token: friend.token, body })).status).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, vendor: 'davis' }, 'vendor must be one of ecowitt, wunderground, ambient, weatherlink'],
      [
        { ...body, keys: { apiKey: 'y-0000000', mac: 'm' } },
        'keys.applicationKey is required for Ecowitt.net',
      ],
      [
        { ...body, keys: { ...body.keys, apiKey: 'has space' } },
        'keys.apiKey must be letters, digits and signs without spaces',
      ],
      [{ ...body, from: DAY2, to: DAY0 }, 'from must be before to, and before the current hour'],
      [
        { ...body, from: NOW - 400 * 86400, to: NOW - 390 * 86400 },
        'Ecowitt.net keeps readings for 365 days only',
      ],
      [
        {
          ...body,
          vendor: 'ambient',
          keys: { applicationKey: 'a', apiKey: 'b', mac: 'c' },
          from: NOW - 400 * 86400,
        },
        'A backfill covers at most 366 days',
      ],
      [{ ...body, from: 'yesterday' }, 'from must be a valid number'],
    ];
    for (const [b, message] of cases) {
      const res = await call(t.url, 'POST', '/backfill', { token: owner.token, body: b });
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(t.url, 'POST', '/backfill', { token: owner.token, body: 'nonsense' })).status).toBe(
      400,
    );
    expect((await call(t.url, 'GET', '/backfill/nope', { token: owner.token })).status).toBe(404);
    expect(
      (
        await call(t.url, 'PATCH', `/backfill/${'0'.repeat(24)}`, {
          token: owner.token,
          body: { action: 'cancel' },
        })
      ).status,
    ).toBe(404);
    // Forgetting the keys.
    const forgot = await call(t.url, 'DELETE', `/backfill/${s._id}`, { token: owner.token });
    expect(forgot.status).toBe(200);
    expect(
      (await call(t.url, 'GET', `/backfill?device=${s._id}`, { token: owner.token })).body.source,
    ).toBeNull();
  });
});
