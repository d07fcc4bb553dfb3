// Station cameras (issue 28) through real HTTP: uploads by key (POST and PUT, raw and multipart), refusals with
// their reasons, the image service's newest / time / list answers and its permission rule, and pruning with the
// plan's store period. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cameraDayOf } from '../../../src/domain/camera';
import { applyRetention } from '../../storage/retention';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { collect, settle, socketClient } from '../../testing/socket';
import { png } from '../files/test-images';

const MORNING = new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', 'morning.jpg')));
const EVENING = new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', 'evening.jpg')));

let t: TestServer;
let owner: { token: string; user: { _id: string } };
let stranger: { token: string };
let shared: { token: string; user: { _id: string } };

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'camowner');
  stranger = await newUser(t, 'camstranger');
  shared = await newUser(t, 'camshared');
});
afterAll(() => t.close());

function upload(
  key: string,
  body: BodyInit | Uint8Array<ArrayBuffer>,
  { method = 'POST', type = 'image/jpeg' } = {},
) {
  return fetch(`${t.url}/data/camera/${encodeURIComponent(key)}`, {
    method,
    headers: type ? { 'content-type': type } : {},
    body,
  });
}

function form(file: Uint8Array<ArrayBuffer>, filename = 'snapshot.jpg', field = 'image'): FormData {
  const f = new FormData();
  f.append('camera', 'porch');
  f.append(field, new Blob([file], { type: 'image/jpeg' }), filename);
  return f;
}

async function image(query: string, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/weatherDevices/camera?${query}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('image/') ? Buffer.from(await res.arrayBuffer()) : await res.text();
  return { status: res.status, headers: res.headers, body };
}

describe('uploads', () => {
  test('POST raw and PUT multipart with the key are stored; the newest, an earlier one and the day list answer', async () => {
    const s = await newStation(t, owner.token, { timezone: 'Europe/Prague' });
    const first = await upload(s.stationKey, MORNING);
    expect(first.status).toBe(200);
    const a = (await first.json()) as { time: number; type: string; size: number };
    expect(a).toMatchObject({ device: s._id, type: 'image/jpeg', size: MORNING.length });
    const second = await upload(s.stationKey, form(EVENING), { method: 'PUT', type: '' });
    expect(second.status).toBe(200);
    const b = (await second.json()) as { time: number };
    expect(b.time).toBeGreaterThan(a.time);

    const newest = await image(`device=${s._id}`, owner.token);
    expect(newest.status).toBe(200);
    expect(newest.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.compare(newest.body as Buffer, EVENING)).toBe(0);
    expect(newest.headers.get('cache-control')).toBe('private, no-cache');
    expect(newest.headers.get('x-camera-time')).toBe(String(b.time));
    expect(newest.headers.get('x-content-type-options')).toBe('nosniff');
    // The same image again: a revalidation answers 304 without the bytes.
    const again = await image(`device=${s._id}`, owner.token, {
      'if-none-match': newest.headers.get('etag')!,
    });
    expect(again.status).toBe(304);

    for (const time of [String(a.time), new Date(b.time - 1).toISOString()]) {
      const earlier = await image(`device=${s._id}&time=${encodeURIComponent(time)}`, owner.token);
      expect(earlier.status, time).toBe(200);
      expect(Buffer.compare(earlier.body as Buffer, MORNING), time).toBe(0);
      expect(earlier.headers.get('cache-control')).toBe('private, max-age=86400');
    }
    const before = await image(`device=${s._id}&time=${a.time - 1}`, owner.token);
    expect(before.status).toBe(404);
    expect(JSON.parse(before.body as string).message).toBe(
      'This station has no camera image at or before that time',
    );

    const day = cameraDayOf(b.time, 'Europe/Prague');
    const list = await call(t.url, 'GET', `/weatherDevices/camera?device=${s._id}&list=${day}`, {
      token: owner.token,
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ device: s._id, day, timeZone: 'Europe/Prague', times: [a.time, b.time] });
    const other = await call(t.url, 'GET', `/weatherDevices/camera?device=${s._id}&list=2001-01-01`, {
      token: owner.token,
    });
    expect(other.body.times).toEqual([]);
    // The station record names its newest image, so the dashboard offers the card.
    const device = await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: owner.token });
    expect(device.body.cameraAt).toBe(b.time);
  });

  test("the first image tells the owner's open sockets (the card appears); later ones do not", async () => {
    const s = await newStation(t, owner.token);
    const sockets = await Promise.all([
      socketClient(t.url, owner.token),
      socketClient(t.url, stranger.token),
    ]);
    const [mine, theirs] = sockets.map((c) =>
      collect<{ _id: string; cameraAt?: number }>(c.client, 'weatherDevices', 'patched'),
    );
    const first = (await (await upload(s.stationKey, MORNING)).json()) as { time: number };
    await upload(s.stationKey, EVENING);
    await settle(300);
    expect(mine.filter((d) => d._id === s._id).map((d) => d.cameraAt)).toEqual([first.time]);
    expect(theirs.filter((d) => d._id === s._id)).toEqual([]);
    for (const c of sockets) c.close();
  });

  test('PNG by its bytes whatever the Content-Type says; POST multipart and PUT raw too', async () => {
    const s = await newStation(t, owner.token);
    const p = new Uint8Array(png(4, 3));
    expect((await upload(s.stationKey, p, { method: 'PUT', type: 'application/octet-stream' })).status).toBe(
      200,
    );
    expect((await image(`device=${s._id}`, owner.token)).headers.get('content-type')).toBe('image/png');
    expect((await upload(s.stationKey, form(MORNING, 'x.bin', 'file'), { type: '' })).status).toBe(200);
    expect((await image(`device=${s._id}`, owner.token)).headers.get('content-type')).toBe('image/jpeg');
  });

  test('a wrong key, a text body named .jpg, an empty body, a bad form and an oversize image are refused with reasons', async () => {
    const s = await newStation(t, owner.token);
    const refusal = async (res: Response, status: number, message: RegExp) => {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    };
    await refusal(await upload('not-a-key', MORNING), 401, /Unknown station key/);
    await refusal(await upload('', MORNING, { method: 'PUT' }), 401, /Unknown station key/);
    const text = new TextEncoder().encode('hello, I am text pretending to be a photo');
    await refusal(
      await upload(s.stationKey, form(text, 'photo.jpg'), { type: '' }),
      415,
      /Only JPEG, PNG or WebP/,
    );
    await refusal(await upload(s.stationKey, text), 415, /Only JPEG, PNG or WebP/);
    await refusal(await upload(s.stationKey, new Uint8Array(0)), 400, /The body is empty/);
    const noFile = new FormData();
    noFile.append('camera', 'porch');
    await refusal(await upload(s.stationKey, noFile, { type: '' }), 400, /no file part/);
    await refusal(await upload(s.stationKey, MORNING, { type: 'multipart/form-data' }), 400, /no boundary/);
    // Over 2 MiB: told by Content-Length, and by counting a body sent without one (chunked).
    const big = new Uint8Array(Buffer.concat([MORNING, Buffer.alloc(2 * 1024 * 1024)]));
    await refusal(await upload(s.stationKey, big), 413, /larger than 2 MiB/);
    const chunked = new ReadableStream({
      start(c) {
        for (let i = 0; i < 5; i++) c.enqueue(big.subarray(i * 600_000, (i + 1) * 600_000));
        c.close();
      },
    });
    await refusal(
      await fetch(`${t.url}/data/camera/${s.stationKey}`, {
        method: 'POST',
        body: chunked,
        headers: { 'content-type': 'image/jpeg' },
        duplex: 'half',
      } as RequestInit),
      413,
      /larger than 2 MiB/,
    );
    // Other methods are told which to use; none gets the web app.
    const get = await fetch(`${t.url}/data/camera/${s.stationKey}`, { headers: { accept: 'text/html' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, PUT');
    expect(get.headers.get('content-type')).toMatch(/json/);
    // Nothing of it was stored.
    expect((await image(`device=${s._id}`, owner.token)).status).toBe(404);
  });

  test('a station sends at most 10 images at once, then waits (429 with Retry-After)', async () => {
    const s = await newStation(t, owner.token);
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 11; i++) {
      last = await upload(s.stationKey, MORNING);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((x) => x === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last?.headers.get('retry-after')).toBe('10');
  });
});

describe('reading', () => {
  test('every query parameter is checked (400 with the reason)', async () => {
    const s = await newStation(t, owner.token);
    await upload(s.stationKey, MORNING);
    const cases: [string, RegExp][] = [
      ['', /device is required/],
      [`device=${s._id}&time=yesterday`, /time must be unix milliseconds or an ISO 8601/],
      [`device=${s._id}&time=2026-11-26T10:00:00`, /time must be/],
      [`device=${s._id}&list=2026-02-30`, /list must be a day as YYYY-MM-DD/],
      [`device=${s._id}&list=2026-02-01&time=1`, /not both/],
      [`device=${s._id}&size=big`, /Unknown query parameter size/],
      [`device=${s._id}&time=1&time=2`, /time must be given once/],
    ];
    for (const [query, message] of cases) {
      const res = await call(t.url, 'GET', `/weatherDevices/camera?${query}`, { token: owner.token });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(message);
    }
    for (const device of ['not-an-id', '0123456789abcdef01234567']) {
      const res = await call(t.url, 'GET', `/weatherDevices/camera?device=${device}`, { token: owner.token });
      expect([400, 404], device).toContain(res.status);
      expect(res.body.message, device).toBeTruthy();
    }
    const none = await newStation(t, owner.token);
    const res = await call(t.url, 'GET', `/weatherDevices/camera?device=${none._id}`, { token: owner.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This station has no camera image yet');
  });

  test("a private station's image: its owner and shared user, never another account or a visitor; a public one: anyone", async () => {
    const priv = await newStation(t, owner.token);
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: priv._id })
      .update({ shareUsers: JSON.stringify([shared.user._id]) });
    t.server.app.ctx.devices.forget(priv._id);
    await upload(priv.stationKey, MORNING);
    expect((await image(`device=${priv._id}`, owner.token)).status).toBe(200);
    expect((await image(`device=${priv._id}`, shared.token)).status).toBe(200);
    const other = await image(`device=${priv._id}`, stranger.token);
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(typeof other.body).toBe('string'); // an error, no image bytes
    expect((await image(`device=${priv._id}`)).status).toBeGreaterThanOrEqual(400);
    expect((await image(`device=${priv._id}&list=2026-01-01`, stranger.token)).status).toBeGreaterThanOrEqual(
      400,
    );

    const pub = await newStation(t, owner.token);
    await call(t.url, 'PATCH', `/weatherDevices/${pub._id}`, {
      token: owner.token,
      body: { shareMode: 'public' },
    });
    await upload(pub.stationKey, EVENING);
    const visitor = await image(`device=${pub._id}`);
    expect(visitor.status).toBe(200);
    expect(Buffer.compare(visitor.body as Buffer, EVENING)).toBe(0);
    expect((await image(`device=${pub._id}`, stranger.token)).status).toBe(200);
  });
});

test("images are kept for the plan's store period, then pruned; with none left the station has no camera", async () => {
  const s = await newStation(t, owner.token);
  await upload(s.stationKey, MORNING);
  await upload(s.stationKey, EVENING);
  const knex = t.server.app.ctx.storage.knex;
  const rows = await knex('cameraImages').where({ device: s._id }).orderBy('time').select('id', 'time');
  const day = 86400_000;
  // The first image 40 days old, the second 20: a 30-day store period keeps only the second.
  await knex('cameraImages')
    .where({ id: rows[0].id })
    .update({ time: Date.now() - 40 * day });
  await knex('cameraImages')
    .where({ id: rows[1].id })
    .update({ time: Date.now() - 20 * day });
  const storeDays = { of: async () => 30, fallback: 30 };
  const first = await applyRetention(knex, t.server.app.ctx.samples, Date.now(), storeDays);
  expect(first.cameraImages).toBe(1);
  expect(Buffer.compare((await image(`device=${s._id}`, owner.token)).body as Buffer, EVENING)).toBe(0);
  // Ten days on, the second is past the period too.
  const later = await applyRetention(knex, t.server.app.ctx.samples, Date.now() + 11 * day, storeDays);
  expect(later.cameraImages).toBe(1);
  expect((await image(`device=${s._id}`, owner.token)).status).toBe(404);
  t.server.app.ctx.devices.forget(s._id);
  const device = await call(t.url, 'GET', `/weatherDevices/${s._id}`, { token: owner.token });
  expect(device.body.cameraAt ?? null).toBeNull();
});

test('wrong keys from one address: 30 a minute, then 429; a valid key from there still uploads', async () => {
  // Another account: an account holds at most 10 stations.
  const s = await newStation(t, stranger.token);
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) statuses.push((await upload(`wrong-${i}`, MORNING)).status);
  // The earlier tests sent a few wrong keys this minute too: 401s, then only 429s.
  const first = statuses.indexOf(429);
  expect(first).toBeGreaterThan(20);
  expect(statuses.slice(0, first).every((x) => x === 401)).toBe(true);
  expect(statuses.slice(first).every((x) => x === 429)).toBe(true);
  expect((await upload(s.stationKey, MORNING)).status).toBe(200);
});
