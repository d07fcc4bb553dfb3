// Corrections and provenance (issue 24), through the real upload endpoint and the services, on SQLite or
// (TEST_DATABASE_URL) PostgreSQL. Day D (two days ago, the station on UTC) gets seven hourly WSLink uploads:
//   06 07 08 09 10 11 12 h
//   temperature 10 12 14 16 18 17 15 °C (high 18 at 10 h), humidity 60 %
//   daily rain  0 0.5 0.5 3.5 6.5 7.0 7.0 mm (the day's total 7.0; 3.0 + 3.0 mm at 9 and 10 h from a cleaning)
// and day D+1 one upload at 06 h with daily rain 0.2 mm (the counter reset at midnight).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dewPoint } from '../../../src/domain/formulas';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
const DAY = 86400;
const H = 3600;
const now = Math.floor(Date.now() / 1000);
const today = now - (now % DAY);
const D = today - 2 * DAY;
const HOURS = [6, 7, 8, 9, 10, 11, 12];
const TEMPS = [10, 12, 14, 16, 18, 17, 15];
const RAIN = [0, 0.5, 0.5, 3.5, 6.5, 7.0, 7.0];
const wsTime = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'corr-owner');
  stranger = await newUser(t, 'corr-stranger');
  station = await newStation(t, owner.token, { timezone: 'UTC' });
  for (let i = 0; i < HOURS.length; i++) {
    const res = await wslink(t, station, {
      datetime: wsTime(D + HOURS[i] * H),
      t1tem: TEMPS[i],
      t1hum: 60,
      t1raindy: RAIN[i],
    });
    expect(res.status).toBe(200);
  }
  const next = await wslink(t, station, {
    datetime: wsTime(D + DAY + 6 * H),
    t1tem: 9,
    t1hum: 60,
    t1raindy: 0.2,
  });
  expect(next.status).toBe(200);
});
afterAll(() => t.close());

const iso = (s: number) => new Date(s * 1000).toISOString();
/** Day D and D+1: [max tempc0, min tempc0, max dailyrain] each. */
const days = async () => {
  const q = `device=${station._id}&range=1d&metrics=max_tempc0,min_tempc0,max_dailyrain&startTime=${iso(D)}&endTime=${iso(D + 2 * DAY)}`;
  const res = await call(t.url, 'GET', `/weatherMetrics/queryGroup?${q}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cols: string[] = res.body[0];
  return (res.body[1] as number[][]).map((r) => ({
    time: r[0],
    maxT: r[cols.indexOf('max_tempc0')],
    minT: r[cols.indexOf('min_tempc0')],
    rain: r[cols.indexOf('max_dailyrain')],
  }));
};
const fiveMinute = async (at: number) => {
  const q = `device=${station._id}&range=5m&metrics=tempc0,dewpoint,dailyrain&startTime=${iso(at)}&endTime=${iso(at + 300)}`;
  const res = await call(t.url, 'GET', `/weatherMetrics/queryGroup?${q}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cols: string[] = res.body[0];
  const row = res.body[1][0] as number[];
  return Object.fromEntries(cols.map((c, i) => [c, row[i]]));
};
/** The CSV export's rows of [from, to): the time of day, the outdoor temperature and the rain today. */
const exported = async (from: number, to: number) => {
  const res = await fetch(
    `${t.url}/weatherMetrics/export?device=${station._id}&startTime=${iso(from)}&endTime=${iso(to)}&format=csv&locale=en`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  expect(res.status).toBe(200);
  const [names, , ...rows] = (await res.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
  const temp = names.indexOf('Outdoor · Temperature');
  const rain = names.indexOf('Rain · Today');
  return rows.map((r) => [r[0].slice(11, 16), r[temp], r[rain]]);
};
const records = async () =>
  (await call(t.url, 'GET', `/weatherDevices/records?device=${station._id}`, { token: owner.token })).body
    .periods.allTime;
const correct = (body: Record<string, unknown>, token = owner.token) =>
  call(t.url, 'POST', '/sampleCorrections', { token, body: { device: station._id, ...body } });
const undo = (id: string, token = owner.token) =>
  call(t.url, 'PATCH', `/sampleCorrections/${id}`, { token, body: { undone: true } });
const log = async () => {
  const res = await call(t.url, 'GET', `/sampleCorrections?device=${station._id}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { _id: string; metric: string; undoneAt: number | null; reason: string }[];
};

describe('sampleCorrections', () => {
  let rainFix: string;
  let tempFix: string;

  test('the day as uploaded', async () => {
    const [d, d1] = await days();
    expect(d).toMatchObject({ time: D, maxT: 18, minT: 10, rain: 7 });
    expect(d1).toMatchObject({ time: D + DAY, rain: 0.2 });
    expect((await records()).dailyrain.max.value).toBe(7);
  });

  test('removing the rain of a gauge cleaning lowers the day’s total and the record', async () => {
    const res = await correct({
      metric: 'dailyrain',
      from: D + 8 * H + 1800,
      to: D + 10 * H,
      action: 'remove',
      reason: 'Gauge cleaning',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    rainFix = res.body._id;
    // 3.0 + 3.0 mm taken out: 9 h and 10 h stay at 0.5, 11 and 12 h lowered to 1.0; D+1 (after the reset) stays.
    expect(res.body).toMatchObject({
      metric: 'dailyrain',
      action: 'remove',
      samples: 4,
      before: { count: 2, min: 3.5, max: 6.5 },
      after: { count: 2, min: 0.5, max: 0.5 },
      reason: 'Gauge cleaning',
      userName: 'corr-owner',
    });
    const [d, d1] = await days();
    expect(d.rain).toBe(1);
    expect(d1.rain).toBe(0.2);
    expect((await fiveMinute(D + 11 * H)).dailyrain).toBe(1);
    expect((await records()).dailyrain.max.value).toBe(1);
  });

  test('a corrected temperature changes the day’s high, and the dew point derived from it', async () => {
    const res = await correct({
      metric: 'tempc0',
      from: D + 10 * H,
      to: D + 11 * H,
      action: 'set',
      value: 15,
      reason: 'Sun on the shield',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tempFix = res.body._id;
    expect(res.body).toMatchObject({
      samples: 2,
      before: { count: 2, min: 17, max: 18 },
      after: { min: 15, max: 15 },
    });
    const [d] = await days();
    // The high is now 16 at 9 h; the low stays 10.
    expect(d).toMatchObject({ maxT: 16, minT: 10 });
    const five = await fiveMinute(D + 10 * H);
    expect(five.tempc0).toBe(15);
    expect(five.dewpoint).toBeCloseTo(dewPoint(15, 60) as number, 1);
    expect((await records()).tempc0.max).toMatchObject({ value: 16 });
    // The CSV export reads the corrected buckets: 10 h and 11 h are 15.0 °C, 9 h stays 16.0; the rain is the
    // removal's (9 h and 10 h 0.5 mm, 11 h 1.0 mm).
    expect(await exported(D + 9 * H, D + 12 * H)).toEqual([
      ['09:00', '16.0', '0.5'],
      ['10:00', '15.0', '0.5'],
      ['11:00', '15.0', '1.0'],
    ]);
  });

  test('the edit log, and each sample’s source', async () => {
    const entries = await log();
    expect(entries.map((e) => [e.metric, e.reason, e.undoneAt])).toEqual([
      ['tempc0', 'Sun on the shield', null],
      ['dailyrain', 'Gauge cleaning', null],
    ]);
    const res = await call(
      t.url,
      'GET',
      `/sampleCorrections?device=${station._id}&samples=true&from=${D}&to=${D + DAY}`,
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const samples = res.body as { time: number; source: string; edited: string[] }[];
    expect(samples.map((s) => [(s.time - D) / H, s.source])).toEqual([
      [6, 'wslink'],
      [7, 'wslink'],
      [8, 'wslink'],
      [9, 'edit'],
      [10, 'edit'],
      [11, 'edit'],
      [12, 'edit'],
    ]);
    const edited = (hour: number) => samples.find((s) => s.time === D + hour * H)!.edited;
    expect(edited(9)).toEqual(['dailyrain']);
    expect(edited(10)).toEqual(expect.arrayContaining(['dailyrain', 'tempc0', 'dewpoint']));
    expect(edited(12)).toEqual(['dailyrain']);
  });

  test('undo restores, the newest over the same readings first', async () => {
    // The rain removal is older; the temperature correction changed other metrics of the same readings.
    const rainUndone = await undo(rainFix);
    expect(rainUndone.status, JSON.stringify(rainUndone.body)).toBe(200);
    expect(rainUndone.body.undoneAt).toBeGreaterThan(0);
    expect((await days())[0]).toMatchObject({ rain: 7, maxT: 16 });
    expect((await records()).dailyrain.max.value).toBe(7);
    const tempUndone = await undo(tempFix);
    expect(tempUndone.status).toBe(200);
    expect((await days())[0]).toMatchObject({ rain: 7, maxT: 18, minT: 10 });
    expect((await fiveMinute(D + 10 * H)).dewpoint).toBeCloseTo(dewPoint(18, 60) as number, 1);
    expect((await records()).tempc0.max).toMatchObject({ value: 18 });
    // Undoing again changes nothing.
    expect((await undo(tempFix)).status).toBe(200);
    expect((await days())[0]).toMatchObject({ maxT: 18 });
  });

  test('a later correction over the same readings is undone first', async () => {
    const a = await correct({
      metric: 'tempc0',
      from: D + 7 * H,
      to: D + 7 * H,
      action: 'set',
      value: 11,
      reason: 'a',
    });
    const b = await correct({
      metric: 'tempc0',
      from: D + 7 * H,
      to: D + 7 * H,
      action: 'remove',
      reason: 'b',
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await undo(a.body._id)).status).toBe(409);
    expect((await undo(b.body._id)).status).toBe(200);
    expect((await undo(a.body._id)).status).toBe(200);
    expect((await fiveMinute(D + 7 * H)).tempc0).toBe(12);
  });

  test('another user can neither see nor change', async () => {
    const list = await call(t.url, 'GET', `/sampleCorrections?device=${station._id}`, {
      token: stranger.token,
    });
    expect([403, 404]).toContain(list.status);
    const made = await correct(
      { metric: 'tempc0', from: D, to: D + DAY, action: 'remove', reason: 'x' },
      stranger.token,
    );
    expect([403, 404]).toContain(made.status);
    expect([403, 404]).toContain((await undo(rainFix, stranger.token)).status);
    expect((await call(t.url, 'GET', `/sampleCorrections?device=${station._id}`)).status).toBe(401);
  });

  test('bad input is a 400 with a message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ metric: 'nosuch', from: D, to: D + H, action: 'remove', reason: 'r' }, /Unknown metric/],
      [{ metric: 'tempc0', from: D + H, to: D, action: 'remove', reason: 'r' }, /from must not be after to/],
      [{ metric: 'tempc0', from: D - 6 * DAY, to: D + 2 * DAY, action: 'remove', reason: 'r' }, /too long/],
      [{ metric: 'tempc0', from: D, to: D + H, action: 'remove' }, /reason/],
      [{ metric: 'tempc0', from: D, to: D + H, action: 'remove', reason: '   ' }, /reason/],
      [{ metric: 'tempc0', from: D, to: D + H, action: 'set', reason: 'r' }, /value/],
      [{ metric: 'all', from: D, to: D + H, action: 'set', value: 3, reason: 'r' }, /one metric/],
      [{ metric: 'tempc0', from: D, to: D + H, action: 'shift', reason: 'r' }, /action/],
      [
        { metric: 'tempc0', from: today - 9 * DAY, to: today - 8 * DAY, action: 'remove', reason: 'r' },
        /kept for 7 days/,
      ],
      [{ metric: 'tempc0', from: D, to: D + 5 * H, action: 'remove', reason: 'r' }, /No readings of tempc0/],
    ];
    for (const [body, message] of cases) {
      const res = await correct(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
  });

  test('provenance of an upload vs an import', async () => {
    const t0 = Date.UTC(2024, 10, 1) / 1000;
    const lines: string[] = [];
    for (let m = 0; m < 120; m += 10) {
      const d = new Date((t0 + m * 60) * 1000);
      const p = (n: number) => String(n).padStart(2, '0');
      lines.push(
        `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/24 ${p(d.getUTCHours())}:${p(d.getUTCMinutes())},${t0 + m * 60},5.0,80,5.0,1.0,2.0,90,0.00,0.00,1010.00`,
      );
    }
    const up = await fetch(`${t.url}/imports/upload?name=Nov24log.txt`, {
      method: 'POST',
      body: `${lines.join('\n')}\n`,
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${owner.token}` },
    });
    const upload = (await up.json()).upload;
    const started = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: { upload, device: station._id, dryRun: false, policy: 'keep' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    for (;;) {
      const job = await call(t.url, 'GET', `/imports/${started.body.job._id}`, { token: owner.token });
      if (job.body.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await call(
      t.url,
      'GET',
      `/sampleCorrections?device=${station._id}&sources=true&from=${t0 - H}&to=${now}`,
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Before the import: stored before provenance (none); the file's 2 hours; then nothing until the first
    // WSLink upload at D 06 h, which runs on.
    expect(res.body).toEqual([
      { from: t0 - H, to: t0 - 1, source: 'console' },
      { from: t0, to: t0 + 110 * 60, source: 'import' },
      { from: t0 + 110 * 60 + 1, to: D + 6 * H - 1, source: 'console' },
      { from: D + 6 * H, to: now, source: 'wslink' },
    ]);
  });
});
