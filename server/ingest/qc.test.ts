// Quality control through the real upload endpoint (issue 24): a spike, a stuck sensor, a value outside its range
// and one outside the owner's limits are left out of the buckets, records and alerts and listed for the owner;
// a rejected value stays out, an accepted one comes back into the day's maximum and the records.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';
import { QualityControl } from './qc';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'qc-owner');
  stranger = await newUser(t, 'qc-stranger');
});
afterAll(() => t.close());

const NOW = Math.floor(Date.now() / 1000);
/** A WSLink time (UTC) of a unix second. */
const wsTime = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');

async function upload(s: { wsid: string; stationKey: string }, time: number, fields: Record<string, number>) {
  const res = await wslink(t, s, { datetime: wsTime(time), ...fields });
  expect(res.status).toBe(200);
}

async function flags(device: string, token = owner.token) {
  await t.server.ingest.settled();
  const res = await call(t.url, 'GET', `/qcFlags?device=${device}&days=2`, { token });
  expect(res.status).toBe(200);
  return (res.body.days as { flags: Record<string, unknown>[] }[]).flatMap((d) => d.flags);
}

/** The highest of a metric over the station's daily buckets of the last two days. */
async function dayMax(device: string, key: string): Promise<number | null> {
  await t.server.app.ctx.samples.flush();
  const rows = await t.server.app.ctx.samples.buckets('buckets1d', device, NOW - 3 * 86400, NOW + 86400);
  const maxima = rows.flatMap((r) => (r.aggs[key] && r.aggs[key][0] > 0 ? [r.aggs[key][3]] : []));
  return maxima.length > 0 ? Math.max(...maxima) : null;
}

async function recordMax(device: string, key: string): Promise<number | undefined> {
  const res = await call(t.url, 'GET', `/weatherDevices/records?device=${device}`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.periods.allTime[key]?.max?.value;
}

const decide = (id: string, status: string, token = owner.token) =>
  call(t.url, 'PATCH', `/qcFlags/${id}`, { token, body: { status } });

describe('a spike', () => {
  test('is flagged and absent from the day’s maximum, the records and the alerts; rejected it stays out, accepted it comes back', async () => {
    const s = await newStation(t, owner.token, { timezone: 'UTC' });
    const rule = await call(t.url, 'POST', '/alertSettings', {
      token: owner.token,
      body: {
        weatherDevice: s._id,
        disableAll: false,
        settings: [{ item: 'tempc0', condition: 'above', value: 50, unit: 'C', method: 'email' }],
      },
    });
    expect(rule.status).toBe(201);
    const t0 = NOW - 600;
    await upload(s, t0, { t1tem: 20, t1hum: 50 });
    await upload(s, t0 + 60, { t1tem: 20.5, t1hum: 50 });
    await upload(s, t0 + 120, { t1tem: 80, t1hum: 51 });
    await upload(s, t0 + 180, { t1tem: 21, t1hum: 51 });
    await t.server.app.ctx.alerts?.idle();

    const [spike, ...others] = await flags(s._id);
    expect(others).toEqual([]);
    expect(spike).toMatchObject({
      key: 'tempc0',
      value: 80,
      reason: 'spike',
      status: 'flagged',
      time: t0 + 120,
    });
    expect(await dayMax(s._id, 'tempc0')).toBe(21);
    // The humidity of that upload is kept; its dew point is derived without the spike.
    expect(await dayMax(s._id, 'humc0')).toBe(51);
    expect(await dayMax(s._id, 'dewpoint')).toBeLessThan(12);
    expect(await recordMax(s._id, 'tempc0')).toBe(21);
    const alerts = await call(t.url, 'GET', `/alerts?device=${s._id}`, { token: owner.token });
    expect(alerts.status).toBe(200);
    expect(alerts.body.data ?? alerts.body).toEqual([]);

    // Others may not decide; bad input is a 400.
    expect((await decide(spike._id as string, 'accepted', stranger.token)).status).toBe(404);
    expect(
      (await call(t.url, 'PATCH', `/qcFlags/${spike._id}`, { body: { status: 'accepted' } })).status,
    ).toBe(401);
    expect((await decide(spike._id as string, 'maybe')).status).toBe(400);
    expect((await decide(spike._id as string, 'flagged')).status).toBe(400);
    expect((await decide('0'.repeat(24), 'accepted')).status).toBe(404);
    expect((await decide('nope', 'accepted')).status).toBe(400);

    const rejected = await decide(spike._id as string, 'rejected');
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('rejected');
    expect(await dayMax(s._id, 'tempc0')).toBe(21);
    expect(await recordMax(s._id, 'tempc0')).toBe(21);
    expect((await flags(s._id))[0].status).toBe('rejected');

    // It was real after all: back into the day's maximum and the records.
    const accepted = await decide(spike._id as string, 'accepted');
    expect(accepted.status).toBe(200);
    expect(await dayMax(s._id, 'tempc0')).toBe(80);
    expect(await recordMax(s._id, 'tempc0')).toBe(80);
    // Once in the data, for good.
    expect((await decide(spike._id as string, 'rejected')).status).toBe(400);
  });
});

test('a process that has not seen the station judges its next upload against the stored previous value', async () => {
  const s = await newStation(t, owner.token, { timezone: 'UTC' });
  await upload(s, NOW - 120, { t1tem: 20, t1hum: 50 });
  // Another process (the station's uploads moved to it): no memory of the station, one read of the store.
  const other = new QualityControl(t.server.app);
  const values: Record<string, number | null> = { tempc0: 80, humc0: 50 };
  expect(await other.judge(s._id, NOW - 60, values)).toEqual([{ key: 'tempc0', value: 80, reason: 'spike' }]);
  expect(values).toEqual({ tempc0: null, humc0: 50 });
  // Known from then on: the next upload costs no read.
  const latest = t.server.app.ctx.samples.latest;
  t.server.app.ctx.samples.latest = () => Promise.reject(new Error('read again'));
  try {
    expect(await other.judge(s._id, NOW, { tempc0: 20.2 })).toEqual([]);
  } finally {
    t.server.app.ctx.samples.latest = latest;
  }
});

test('a humidity stuck at 90 % is flagged once unchanged for 6 hours, left out, and kept once per 5 minutes', async () => {
  const s = await newStation(t, owner.token, { timezone: 'UTC' });
  // On a 5-minute boundary: the 20th upload and the one a minute after it share a bucket.
  const t0 = NOW - 7 * 3600 - ((NOW - 7 * 3600) % 300);
  // Every 20 minutes for 6 h 20 min, the temperature moving, the humidity not.
  for (let i = 0; i <= 19; i++) await upload(s, t0 + i * 1200, { t1tem: 10 + (i % 3) * 0.2, t1hum: 90 });
  await upload(s, t0 + 19 * 1200 + 60, { t1tem: 10.3, t1hum: 90 });
  const stuck = await flags(s._id);
  expect(stuck.map((f) => [f.key, f.value, f.reason, f.time])).toEqual([
    ['humc0', 90, 'stuck', t0 + 18 * 1200],
    ['humc0', 90, 'stuck', t0 + 19 * 1200],
  ]);
  await t.server.app.ctx.samples.flush();
  const fives = await t.server.app.ctx.samples.buckets('buckets5m', s._id, t0 + 18 * 1200, NOW);
  expect(fives.map((b) => [b.time, b.aggs.humc0?.[0] ?? 0, b.aggs.tempc0?.[0]])).toEqual([
    [t0 + 18 * 1200, 0, 1],
    [t0 + 19 * 1200, 0, 2],
  ]);
});

test('values outside the physical range and the owner’s limits are flagged; a range value cannot be accepted', async () => {
  const s = await newStation(t, owner.token, { timezone: 'UTC' });
  const limits = await call(t.url, 'POST', '/stationQcLimits', {
    token: owner.token,
    body: { weatherDevice: s._id, limits: [{ key: 'relbaro', min: 950, max: 1045 }] },
  });
  expect(limits.status).toBe(201);
  await upload(s, NOW - 300, { t1tem: 150, t1hum: 50, rbar: 1050 });
  const found = await flags(s._id);
  expect(found.map((f) => [f.key, f.value, f.reason]).sort()).toEqual([
    ['relbaro', 1050, 'ownerLimit'],
    ['tempc0', 150, 'limit'],
  ]);
  expect(await dayMax(s._id, 'relbaro')).toBeNull();
  const limit = found.find((f) => f.reason === 'limit');
  const refused = await decide(limit?._id as string, 'accepted');
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/physical range/);
  const owned = found.find((f) => f.reason === 'ownerLimit');
  const ok = await decide(owned?._id as string, 'accepted');
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  expect(await dayMax(s._id, 'relbaro')).toBe(1050);
  // Accepted at once, while its upload may still wait in the open bucket (SQLite's log): a second of its own.
  await upload(s, NOW - 240, { t1tem: 20, t1hum: 50, rbar: 1060 });
  const next = (await flags(s._id)).find((f) => f.value === 1060);
  const ok2 = await decide(next?._id as string, 'accepted');
  expect(ok2.status, JSON.stringify(ok2.body)).toBe(200);
  expect(await dayMax(s._id, 'relbaro')).toBe(1060);
  // A change of the limits applies to the next upload.
  const changed = await call(t.url, 'PATCH', `/stationQcLimits/${limits.body._id}`, {
    token: owner.token,
    body: { limits: [{ key: 'relbaro', max: 1070 }] },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  await upload(s, NOW - 180, { t1tem: 20, t1hum: 50, rbar: 1065 });
  expect((await flags(s._id)).some((f) => f.value === 1065)).toBe(false);
  expect(await dayMax(s._id, 'relbaro')).toBe(1065);
});

test('the list is the owner’s: 400 without a station or with bad days, 404 to a stranger, 401 signed out', async () => {
  const s = await newStation(t, owner.token, { timezone: 'UTC' });
  expect((await call(t.url, 'GET', '/qcFlags', { token: owner.token })).status).toBe(400);
  expect((await call(t.url, 'GET', `/qcFlags?device=${s._id}&days=0`, { token: owner.token })).status).toBe(
    400,
  );
  expect((await call(t.url, 'GET', `/qcFlags?device=${s._id}&days=x`, { token: owner.token })).status).toBe(
    400,
  );
  expect((await call(t.url, 'GET', `/qcFlags?device=${s._id}`, { token: stranger.token })).status).toBe(404);
  expect((await call(t.url, 'GET', `/qcFlags?device=${s._id}`)).status).toBe(401);
  const empty = await call(t.url, 'GET', `/qcFlags?device=${s._id}`, { token: owner.token });
  expect(empty.body).toMatchObject({ days: [], truncated: false });
  expect(empty.body.gaps).toBeDefined();
});
