// Re-applying a calibration to history (issue 24), through the real upload endpoint and the service, on SQLite or
// (TEST_DATABASE_URL) PostgreSQL: 30 days of readings (the last two days and today uploaded, older days written
// into the store and their raw samples pruned as retention does), a calibration set, previewed and applied to
// the last 30 days. Stored values, daily extremes and records change by hand-derived numbers; the console's raw
// values do not; applying twice changes nothing more; a changed calibration re-applied inverts the first.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dewPoint } from '../../../src/domain/formulas';
import { RAW_SAMPLE_DAYS } from '../../storage/retention';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
const DAY = 86400;
const now = Math.floor(Date.now() / 1000);
const today = now - (now % DAY); // the station is on UTC
/** Day i (days ago): readings at 03, 09, 15 and 21 h. Its low is i % 7, its high i % 7 + 10. */
const HOURS = [3, 9, 15, 21];
const tempsOf = (i: number) => [0, 5, 10, 3].map((d) => (i % 7) + d);
const HUMS = [80, 60, 40, 70];
const wsTime = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');
const from = today - 30 * DAY;
// Today's one reading (before the calibration), two minutes ago or at the day's start just after midnight.
const written: number[] = [];
const todayAt = Math.max(today + 60, now - 120);

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'recal-owner');
  stranger = await newUser(t, 'recal-stranger');
  station = await newStation(t, owner.token, { timezone: 'UTC' });
  const device = { _id: station._id, timezone: 'UTC' };
  // Older history straight into the store (as an import does), then its raw samples pruned as retention does.
  for (let i = 30; i >= 3; i--)
    for (let h = 0; h < 4; h++) {
      written.push(today - i * DAY + HOURS[h] * 3600);
      await t.server.app.ctx.samples.write(device, written.at(-1)!, {
        tempc0: tempsOf(i)[h],
        humc0: HUMS[h],
      });
    }
  await t.server.app.ctx.samples.flush();
  await t.server.app.ctx.samples.prune(now - RAW_SAMPLE_DAYS * DAY);
  // The last two days and today through the upload endpoint.
  for (const i of [2, 1])
    for (let h = 0; h < 4; h++) {
      const res = await wslink(t, station, {
        datetime: wsTime(today - i * DAY + HOURS[h] * 3600),
        t1tem: tempsOf(i)[h],
        t1hum: HUMS[h],
      });
      expect(res.status).toBe(200);
    }
  expect((await wslink(t, station, { datetime: wsTime(todayAt), t1tem: 3, t1hum: 50 })).status).toBe(200);
});
afterAll(() => t.close());

const daily = async () => {
  const q = `device=${station._id}&range=1d&metrics=min_tempc0,max_tempc0,count_tempc0&startTime=${new Date(from * 1000).toISOString()}&endTime=${new Date((today + DAY) * 1000).toISOString()}`;
  const res = await call(t.url, 'GET', `/weatherMetrics/queryGroup?${q}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map<number, number[]>(res.body[1].map((r: number[]) => [r[0], r.slice(1)]));
};
const records = async () =>
  (await call(t.url, 'GET', `/weatherDevices/records?device=${station._id}`, { token: owner.token })).body
    .periods;
const last = async () =>
  (await call(t.url, 'GET', `/weatherDevices/lastData?device=${station._id}`, { token: owner.token })).body
    .last as Record<string, number>;
const raw = async () => {
  const res = await call(
    t.url,
    'GET',
    `/stationRecalibrations?device=${station._id}&key=tempc0&from=${today - 2 * DAY}&raw=true`,
    { token: owner.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.values as { time: number; value: number }[];
};
const preview = (token = owner.token, key = 'tempc0', start: unknown = now - 30 * DAY) =>
  call(t.url, 'GET', `/stationRecalibrations?device=${station._id}&key=${key}&from=${start}`, { token });
const apply = (token = owner.token) =>
  call(t.url, 'POST', '/stationRecalibrations', {
    token,
    body: { device: station._id, key: 'tempc0', from: now - 30 * DAY },
  });
let calibrationId = '';
const setCalibration = async (entry: Record<string, number>) => {
  const body = { entries: [{ key: 'tempc0', since: Date.now(), ...entry }] };
  const res = calibrationId
    ? await call(t.url, 'PATCH', `/stationCalibrations/${calibrationId}`, { token: owner.token, body })
    : await call(t.url, 'POST', '/stationCalibrations', {
        token: owner.token,
        body: { weatherDevice: station._id, ...body },
      });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  calibrationId = res.body._id;
};

/** Every day's stored low and high under value' = m·v + o. */
async function expectDays(m: number, o: number) {
  const days = await daily();
  for (let i = 30; i >= 1; i--) {
    const [min, max, count] = days.get(today - i * DAY)!;
    expect(count).toBe(4);
    expect(min).toBeCloseTo(m * (i % 7) + o, 9);
    expect(max).toBeCloseTo(m * ((i % 7) + 10) + o, 9);
  }
  const [min, max] = days.get(today)!;
  expect(min).toBeCloseTo(m * 3 + o, 9);
  expect(max).toBeCloseTo(m * 3 + o, 9);
}

const consoleValues = [...[2, 1].flatMap((i) => tempsOf(i)), 3];
function expectConsoleValues(values: { value: number }[]) {
  expect(values).toHaveLength(consoleValues.length);
  for (const [i, r] of values.entries()) expect(r.value).toBeCloseTo(consoleValues[i], 9);
}

test('before: what the console sent; the raw values are those numbers', async () => {
  await expectDays(1, 0);
  const p = await records();
  expect(p.allTime.tempc0.max.value).toBe(16);
  expect(p.allTime.tempc0.min.value).toBe(0);
  expect((await raw()).map((r) => r.value)).toEqual(consoleValues);
});

test('a calibration previewed, applied to the last 30 days, and applied again', async () => {
  await setCalibration({ multiplier: 1.1, offset: 1.5 });
  const res = await preview();
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Every day of the 30 and today change; 4 five-minute buckets a day (1 today).
  expect(res.body.days).toHaveLength(31);
  expect(res.body.applied).toBe(false);
  const day6 = res.body.days.find((d: { day: number }) => d.day === today - 6 * DAY);
  expect(day6.before).toEqual({ min: 6, max: 16 });
  expect(day6.after.min).toBeCloseTo(1.1 * 6 + 1.5, 9);
  expect(day6.after.max).toBeCloseTo(1.1 * 16 + 1.5, 9);
  expect(day6.fiveMinute).toBe(4);
  // Raw samples kept: the 9 uploaded and the written ones retention has not reached yet.
  const kept = 9 + written.filter((s) => s >= now - RAW_SAMPLE_DAYS * DAY).length;
  expect(res.body.rows).toEqual({ samples: kept, buckets5m: 121, buckets1h: 121, buckets1d: 31 });
  // A preview writes nothing.
  await expectDays(1, 0);

  const done = await apply();
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  expect(done.body.applied).toBe(true);
  expect(done.body.rows.buckets5m).toBe(121);
  await expectDays(1.1, 1.5);
  const p = await records();
  expect(p.allTime.tempc0.max.value).toBeCloseTo(1.1 * 16 + 1.5, 9);
  expect(p.allTime.tempc0.min.value).toBeCloseTo(1.5, 9);
  expect(p.yesterday.tempc0.max.value).toBeCloseTo(1.1 * 11 + 1.5, 9);
  // The raw sample kept is calibrated; its dew point derived again from the new temperature.
  const row = await last();
  expect(row.tempc0).toBeCloseTo(1.1 * 3 + 1.5, 9);
  expect(row.dewpoint).toBeCloseTo(dewPoint(1.1 * 3 + 1.5, 50) as number, 1);
  // The console's values are unchanged.
  expectConsoleValues(await raw());

  // The export reads the same buckets: day 6's four readings, calibrated.
  const iso = (s: number) => new Date(s * 1000).toISOString();
  const csv = await fetch(
    `${t.url}/weatherMetrics/export?device=${station._id}&startTime=${iso(today - 6 * DAY)}&endTime=${iso(today - 5 * DAY)}&format=csv&locale=en`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  expect(csv.status).toBe(200);
  const [names, , ...lines] = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const column = names.split(',').findIndex((n) => /Temperature/.test(n));
  expect(lines.map((l) => Number(l.split(',')[column]))).toEqual([8.1, 13.6, 19.1, 11.4]);

  // Applying twice changes nothing more.
  const before = await daily();
  const again = await apply();
  expect(again.status).toBe(201);
  expect(again.body.rows).toEqual({ samples: 0, buckets5m: 0, buckets1h: 0, buckets1d: 0 });
  expect(again.body.days).toEqual([]);
  expect(await daily()).toEqual(before);
});

test('a changed calibration re-applied undoes the first exactly (the raw values are known)', async () => {
  await setCalibration({ offset: -1 });
  const res = await preview();
  const day6 = res.body.days.find((d: { day: number }) => d.day === today - 6 * DAY);
  expect(day6.before.max).toBeCloseTo(1.1 * 16 + 1.5, 9);
  expect(day6.after.max).toBeCloseTo(15, 9);
  expect((await apply()).status).toBe(201);
  await expectDays(1, -1);
  expect((await records()).allTime.tempc0.max.value).toBeCloseTo(15, 9);
  expectConsoleValues(await raw());
});

test('only the owner; bad input is a 400 with a message', async () => {
  expect((await preview(stranger.token)).status).toBe(404);
  expect((await apply(stranger.token)).status).toBe(404);
  expect(
    (await call(t.url, 'GET', `/stationRecalibrations?device=${station._id}&key=tempc0&from=${now}`)).status,
  ).toBe(401);
  for (const [key, start, message] of [
    ['dewpoint', now, /cannot be calibrated/],
    ['tempc0', 'yesterday', /from must be a time/],
    ['tempc0', now + 3 * DAY, /from must be a time/],
    ['tempc0', now - 4000 * DAY, /from must be a time/],
  ] as const) {
    const bad = await preview(owner.token, key, start);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(message);
  }
  const noKey = await call(t.url, 'POST', '/stationRecalibrations', {
    token: owner.token,
    body: { device: station._id, from: now },
  });
  expect(noKey.status).toBe(400);
});

test('a calibration changed after readings arrived: what ingest applied is still what gets inverted', async () => {
  const s = await newStation(t, owner.token, { timezone: 'UTC' });
  const hourAgo = Date.now() - 3_600_000;
  const made = await call(t.url, 'POST', '/stationCalibrations', {
    token: owner.token,
    body: {
      weatherDevice: s._id,
      entries: [{ key: 'tempc0', multiplier: 1.1, offset: 1.5, since: hourAgo }],
    },
  });
  expect(made.status).toBe(201);
  for (const [minutes, temp] of [
    [30, 20],
    [20, 22],
  ])
    expect((await wslink(t, s, { datetime: wsTime(now - minutes * 60), t1tem: temp })).status).toBe(200);
  // The owner rewrites the entry (an earlier start, another offset) and does not re-apply it.
  const changed = await call(t.url, 'PATCH', `/stationCalibrations/${made.body._id}`, {
    token: owner.token,
    body: { entries: [{ key: 'tempc0', offset: -1, since: hourAgo - 3_600_000 }] },
  });
  expect(changed.status).toBe(200);
  const rawOf = async () =>
    (
      await call(
        t.url,
        'GET',
        `/stationRecalibrations?device=${s._id}&key=tempc0&from=${now - 3600}&raw=true`,
        {
          token: owner.token,
        },
      )
    ).body.values.map((r: { value: number }) => r.value);
  const [a, b] = await rawOf();
  expect(a).toBeCloseTo(20, 9);
  expect(b).toBeCloseTo(22, 9);
  const applied = await call(t.url, 'POST', '/stationRecalibrations', {
    token: owner.token,
    body: { device: s._id, key: 'tempc0', from: now - 3600 },
  });
  expect(applied.status).toBe(201);
  const row = (await call(t.url, 'GET', `/weatherDevices/lastData?device=${s._id}`, { token: owner.token }))
    .body.last;
  expect(row.tempc0).toBeCloseTo(21, 9);
  const [c, d] = await rawOf();
  expect(c).toBeCloseTo(20, 9);
  expect(d).toBeCloseTo(22, 9);
});

test('a reading arriving late for a day already re-applied is stored as its neighbours are', async () => {
  const s = await newStation(t, owner.token, { timezone: 'UTC' });
  expect((await wslink(t, s, { datetime: wsTime(today - 2 * DAY + 3600), t1tem: 8 })).status).toBe(200);
  const made = await call(t.url, 'POST', '/stationCalibrations', {
    token: owner.token,
    body: { weatherDevice: s._id, entries: [{ key: 'tempc0', offset: 2, since: Date.now() }] },
  });
  expect(made.status).toBe(201);
  const applied = await call(t.url, 'POST', '/stationRecalibrations', {
    token: owner.token,
    body: { device: s._id, key: 'tempc0', from: today - 3 * DAY },
  });
  expect(applied.body.rows.buckets5m).toBe(1);
  // A relay's backlog: yesterday's reading arrives now. The entry starts now, but yesterday carries it already.
  expect((await wslink(t, s, { datetime: wsTime(today - DAY + 3600), t1tem: 10 })).status).toBe(200);
  const row = (await call(t.url, 'GET', `/weatherDevices/lastData?device=${s._id}`, { token: owner.token }))
    .body.last;
  expect(row.tempc0).toBe(12);
  const raw = await call(
    t.url,
    'GET',
    `/stationRecalibrations?device=${s._id}&key=tempc0&from=${today - 3 * DAY}&to=${today}&raw=true`,
    { token: owner.token },
  );
  expect(raw.body.values.map((v: { value: number }) => v.value)).toEqual([8, 10]);
});
