import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;
// 2026-11-20 00:00 UTC = 01:00 in Prague.
const T0 = Date.parse('2026-11-20T00:00:00Z') / 1000;

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'exporter');
  stranger = await newUser(t, 'peeker');
  station = await newStation(t, owner.token, { timezone: 'Europe/Prague' });
  const device = { _id: station._id, timezone: 'Europe/Prague' };
  // Every 10 minutes for an hour on the 20th, and once on the 22nd (a day with no data in between).
  for (let i = 0; i < 6; i++)
    await t.server.app.ctx.samples.write(device, T0 + i * 600, {
      tempc0: i,
      humc0: 50,
      relbaro: 1013.25,
      windspd: 10,
      winddir: 90,
    });
  await t.server.app.ctx.samples.write(device, T0 + 2 * 86400, { tempc0: -2.25, dailyrain: 2.54 });
});
afterAll(() => t.close());

async function download(query: string, token?: string) {
  const res = await fetch(`${t.url}/weatherMetrics/export?${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8') };
}

const range = (from = '2026-11-20T00:00:00Z', to = '2026-11-23T00:00:00Z') =>
  `device=${station._id}&startTime=${from}&endTime=${to}`;
const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
const cells = (line: string) => line.split(',');

describe('CSV export (issue #13: names as on the dashboard, units row, empty cells, present readings only)', () => {
  test('BOM, names, units, local time, 5-minute rows ascending, empty cells for no value, file name', async () => {
    const { res, bytes, text } = await download(`${range()}&format=csv&locale=en`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${station.wsid}_20261120_20261123.csv"`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [names, units, ...rows] = lines(text);
    // Only what the station sent in the range, in the §4 order, named in words (no internal keys).
    expect(cells(names)).toEqual([
      'Time',
      'Barometer · Relative',
      'Outdoor · Temperature',
      'Outdoor · Humidity',
      'Wind · Direction',
      'Wind speed',
      'Rain · Today',
    ]);
    expect(cells(units)).toEqual(['', 'hPa', '°C', '%', '', 'm/s', 'mm']);

    // 10-minute uploads land in their 5-minute buckets; the 22nd follows the 20th.
    expect(rows.map((r) => cells(r)[0])).toEqual([
      '2026-11-20 01:00:00',
      '2026-11-20 01:10:00',
      '2026-11-20 01:20:00',
      '2026-11-20 01:30:00',
      '2026-11-20 01:40:00',
      '2026-11-20 01:50:00',
      '2026-11-22 01:00:00',
    ]);
    expect(cells(rows[1])).toEqual(['2026-11-20 01:10:00', '1013.3', '1.0', '50', 'E', '10.0', '']);
    // Missing values are empty cells, never '---'.
    expect(cells(rows[6])).toEqual(['2026-11-22 01:00:00', '', '-2.3', '', '', '', '2.5']);
    expect(text).not.toContain('---');
  });

  test("a range with only some readings has only their columns; the user's channel names", async () => {
    const named = await newStation(t, owner.token, {
      timezone: 'UTC',
      channelNameMapping: [{ channel: 2, name: 'Greenhouse' }],
    });
    await t.server.app.ctx.samples.write({ _id: named._id, timezone: 'UTC' }, T0, {
      tempc2: 18.5,
      humc2: 70,
    });
    await t.server.app.ctx.samples.write({ _id: named._id, timezone: 'UTC' }, T0 + 86400, { pm25c1: 35.4 });
    const q = (from: string, to: string) => `device=${named._id}&startTime=${from}&endTime=${to}&format=csv`;
    const first = lines(
      (await download(q('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z'), owner.token)).text,
    );
    expect(cells(first[0])).toEqual(['Time', 'Greenhouse · Temperature', 'Greenhouse · Humidity']);
    expect(cells(first[2])).toEqual(['2026-11-20 00:00:00', '18.5', '70']);
    const both = lines((await download(q('2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z'), owner.token)).text);
    expect(cells(both[0])).toEqual([
      'Time',
      'Greenhouse · Temperature',
      'Greenhouse · Humidity',
      'PM channel 1 · PM2.5',
    ]);
    expect(cells(both[3])).toEqual(['2026-11-21 00:00:00', '', '', '35']); // PM in whole µg/m³
    // Nothing in the range: the time column alone (its units cell is empty) and no rows.
    const none = (await download(q('2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z'), owner.token)).text;
    expect(none).toBe('\uFEFFTime\r\n\r\n');
  });

  test('a channel name that is a formula stays text in CSV and XLSX (issue #20)', async () => {
    const evil = '=HYPERLINK("http://e.vil","x")';
    const named = await newStation(t, owner.token, {
      timezone: 'UTC',
      channelNameMapping: [
        { channel: 2, name: evil },
        { channel: 3, name: '@SUM(1+1)' },
      ],
    });
    await t.server.app.ctx.samples.write({ _id: named._id, timezone: 'UTC' }, T0, {
      tempc2: -3.5,
      tempc3: 1,
    });
    const q = `device=${named._id}&startTime=2026-11-20T00:00:00Z&endTime=2026-11-21T00:00:00Z&temperature=C`;
    const [header, , row] = lines((await download(`${q}&format=csv`, owner.token)).text);
    expect(header).toBe(`Time,"'=HYPERLINK(""http://e.vil"",""x"") · Temperature",'@SUM(1+1) · Temperature`);
    // A negative reading is a number, not a formula.
    expect(row).toBe('2026-11-20 00:00:00,-3.5,1.0');
    const sheet = await readSheet((await download(`${q}&format=xlsx`, owner.token)).bytes, { trim: false });
    expect(sheet[0]).toEqual(['Time', `'${evil} · Temperature`, "'@SUM(1+1) · Temperature"]);
    expect(sheet[2]).toEqual(['2026-11-20 00:00:00', -3.5, 1]);
  });

  test('units from the query, then from the user’s stored display settings', async () => {
    const q = `${range()}&temperature=F&pressure=inHg&windSpeed=km/h&windDirection=deg&rain=in`;
    const { text } = await download(q, owner.token);
    const [, units, , second, ...rest] = lines(text);
    expect(cells(units)).toEqual(['', 'inHg', '°F', '%', '°', 'km/h', 'in']);
    expect(cells(second).slice(1)).toEqual(['29.92', '33.8', '50', '90', '36.0', '']);
    expect(cells(rest.at(-1)!)[6]).toBe('0.10');

    const me = await call(t.url, 'PATCH', `/users/${owner.user._id}`, {
      token: owner.token,
      body: { displaySetting: { temperature: 'F', windSpeed: 'knot' } },
    });
    expect(me.status).toBe(200);
    const stored = lines((await download(range(), owner.token)).text);
    expect(cells(stored[1])[2]).toBe('°F');
    expect(cells(stored[1])[5]).toBe('kn');
    expect(cells(stored[3])[2]).toBe('33.8');
    // The query still wins.
    const asked = lines((await download(`${range()}&temperature=C`, owner.token)).text);
    expect(cells(asked[3])[2]).toBe('1.0');
  });

  test('authorised by Bearer or a download token; strangers get 404 and nobody else anything', async () => {
    const ticket = async (token: string, path = 'weatherMetrics/export') =>
      (await call(t.url, 'POST', '/downloadTokens', { token, body: { path } })).body.token as string;
    const viaLink = await download(`${range()}&$downloadToken=${await ticket(owner.token)}`);
    expect(viaLink.res.status).toBe(200);
    expect(lines(viaLink.text).length).toBe(9);
    expect((await download(range())).res.status).toBe(401);
    expect((await download(`${range()}&$downloadToken=forged.token.here`)).res.status).toBe(401);
    const theirs = await download(range(), stranger.token);
    expect(theirs.res.status).toBe(404);
    expect(JSON.parse(theirs.text)).toMatchObject({
      message: 'Device not found',
      data: { code: 'deviceNotFound' },
    });
    const theirsViaLink = await download(`${range()}&$downloadToken=${await ticket(stranger.token)}`);
    expect(theirsViaLink.res.status).toBe(404);
  });

  test('the long-lived access token is no longer taken in the URL; a download token is good for one path and a minute only', async () => {
    const viaQuery = await download(`${range()}&$accessToken=${owner.token}`);
    expect(viaQuery.res.status).toBe(401);
    expect(JSON.parse(viaQuery.text).message).toMatch(/download token/);
    const made = await call(t.url, 'POST', '/downloadTokens', {
      token: owner.token,
      body: { path: 'weatherMetrics/export' },
    });
    expect(made.status).toBe(201);
    const { token, expiresAt } = made.body;
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    // Not an access token anywhere else, neither as a header nor as $accessToken.
    expect((await call(t.url, 'GET', '/users/me', { token })).status).toBe(401);
    expect((await call(t.url, 'GET', `/users/me?$accessToken=${token}`)).status).toBe(401);
    // Other paths cannot be asked for; anonymous callers get none.
    expect(
      (await call(t.url, 'POST', '/downloadTokens', { token: owner.token, body: { path: 'users/me' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(t.url, 'POST', '/downloadTokens', { body: { path: 'weatherMetrics/export' } })).status,
    ).toBe(401);
    // Expired a minute later.
    const auth = t.server.app.service('authentication') as unknown as {
      createAccessToken(p: object, o: object): Promise<string>;
    };
    const stale = await auth.createAccessToken(
      { purpose: 'download', sv: 0 },
      { subject: owner.user._id, audience: 'weatherMetrics/export', expiresIn: '1s' },
    );
    await new Promise((r) => setTimeout(r, 2100));
    expect((await download(`${range()}&$downloadToken=${stale}`)).res.status).toBe(401);
    // The Authorization header of third-party callers still works.
    expect((await download(range(), owner.token)).res.status).toBe(200);
  });

  test('bad parameters are a 400 with a message', async () => {
    const bad = [
      `${range()}&format=pdf`,
      `device=${station._id}&startTime=yesterday&endTime=2026-11-21`,
      `device=${station._id}&startTime=2026-11-21&endTime=2026-11-20`,
      `device=${station._id}&endTime=2026-11-20`,
      `device=${station._id}&startTime=2020-01-01&endTime=2026-11-20`,
      `${range()}&temperature=K`,
      `${range()}&decimals=9`,
      `${range()}&locale=<script>`,
      `startTime=2026-11-20&endTime=2026-11-21`,
      `device=nonsense&startTime=2026-11-20&endTime=2026-11-21`,
    ];
    for (const q of bad) {
      const { res, text } = await download(q, owner.token);
      expect(res.status, q).toBe(400);
      expect(JSON.parse(text).message, q).toBeTruthy();
    }
  });

  test('streams one device-local day per read, never the whole range at once', async () => {
    const spy = vi.spyOn(t.server.app.ctx.samples, 'buckets');
    try {
      const { res } = await download(range('2026-10-01T00:00:00Z', '2026-11-23T00:00:00Z'), owner.token);
      expect(res.status).toBe(200);
      const calls = spy.mock.calls.filter(([table]) => table === 'buckets5m');
      expect(calls.length).toBeGreaterThanOrEqual(53);
      for (const [, , from, to] of calls) expect(to - from).toBeLessThanOrEqual(25 * 3600);
    } finally {
      spy.mockRestore();
    }
  });

  test('unix seconds work as times too', async () => {
    const { res, text } = await download(
      `device=${station._id}&startTime=${T0}&endTime=${T0 + 1200}&format=csv`,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(lines(text)).toHaveLength(2 + 2);
  });
});

describe('XLSX export', () => {
  test('a workbook with the same rows, numbers as numbers', async () => {
    const { res, bytes } = await download(`${range()}&format=xlsx&temperature=C`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${station.wsid}_20261120_20261123.xlsx"`,
    );
    // Read back as a spreadsheet program would: the same rows as the CSV, numbers as numbers.
    const sheet = await readSheet(bytes, { trim: false });
    expect(sheet).toHaveLength(9);
    expect(sheet[0]).toEqual([
      'Time',
      'Barometer · Relative',
      'Outdoor · Temperature',
      'Outdoor · Humidity',
      'Wind · Direction',
      'Wind speed',
      'Rain · Today',
    ]);
    expect(sheet[1][2]).toBe('°C');
    expect(sheet[3][0]).toBe('2026-11-20 01:10:00');
    expect(sheet[3][2]).toBe(1);
    // Missing values are empty cells.
    expect(sheet[8][1]).toBeNull();
    expect(sheet[8][6]).toBe(2.5);
    const csv = lines((await download(`${range()}&format=csv&temperature=C`, owner.token)).text).map(cells);
    expect(sheet.map((row) => row.map((v) => (v === null ? '' : String(v))))).toEqual(
      csv.map((row) => row.map((v) => (/^-?\d+(\.\d+)?$/.test(v) ? String(Number(v)) : v))),
    );
  });
});

describe('exports share the server (issue #20)', () => {
  /** The export as the REST call makes it, its stream held here (not read: the export stays running). */
  const exportCall = (query: string, token: string) =>
    t.server.app.service('weatherMetrics/export').find({
      provider: 'rest',
      authentication: { strategy: 'jwt', accessToken: token },
      query: Object.fromEntries(new URLSearchParams(query)),
    } as never) as unknown as Promise<import('node:stream').Readable>;

  test('one export at a time per user: a second one is a 429 with Retry-After until the first ends', async () => {
    const first = await exportCall(`${range()}&format=xlsx`, owner.token);
    const busy = await download(`${range()}&format=csv`, owner.token);
    expect(busy.res.status).toBe(429);
    expect(busy.res.headers.get('retry-after')).toBe('10');
    expect(JSON.parse(busy.text)).toMatchObject({ code: 429, data: { code: 'exportBusy' } });
    // Another user is not held up by it.
    const theirs = await newStation(t, stranger.token);
    const other = await download(
      `device=${theirs._id}&startTime=2026-11-20T00:00:00Z&endTime=2026-11-21T00:00:00Z`,
      stranger.token,
    );
    expect(other.res.status).toBe(200);
    // Done (here: the client went away): the next one runs.
    first.destroy();
    await vi.waitFor(async () =>
      expect((await download(`${range()}&format=csv`, owner.token)).res.status).toBe(200),
    );
  });

  test('a long export lets the event loop turn while it runs (other requests are served between slices)', async () => {
    const long = await newStation(t, owner.token, { timezone: 'UTC' });
    const device = { _id: long._id, timezone: 'UTC' };
    // Twenty days: long enough next to one /users/me round trip that several fit in it, loaded machine or not.
    const start = T0 - 20 * 86400;
    await Promise.all(
      Array.from({ length: 20 * 288 }, (_, i) =>
        t.server.app.ctx.samples.write(device, start + i * 300, {
          tempc0: i % 30,
          humc0: 50,
          relbaro: 1013,
          windspd: 3,
          winddir: 90,
          uv: 2,
          solarrad: 300,
        }),
      ),
    );
    await t.server.app.ctx.samples.flush();
    // A clock that moves 10 ms per reading: every row is past its slice, so an export that shares the event
    // loop gives a turn (setImmediate) per row. (Counting other requests served meanwhile depends on the
    // machine's load; this does not.)
    let clock = performance.now();
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    const turns = vi.spyOn(globalThis, 'setImmediate');
    try {
      const stream = await exportCall(
        `device=${long._id}&startTime=${start}&endTime=${T0}&format=xlsx`,
        owner.token,
      );
      let bytes = 0;
      for await (const chunk of stream) bytes += (chunk as Uint8Array).length;
      expect(bytes).toBeGreaterThan(10_000);
      expect(turns.mock.calls.length).toBeGreaterThanOrEqual(4 * 288);
    } finally {
      now.mockRestore();
      turns.mockRestore();
    }
  });
});
