// The browser's import path over REST: the file streamed up as a raw body, the dry run, the import in the
// background with its progress, cancel and undo; owners only; bad input a 400.
import { existsSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { sweepUploads } from './imports';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let station: { _id: string };
const fixtures = join(import.meta.dirname, '..', '..', 'import', 'fixtures');

beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'importer');
  stranger = await newUser(t, 'stranger');
  station = await newStation(t, owner.token, { timezone: 'UTC' });
});
afterAll(() => t.close());

async function upload(body: Buffer | string, token = owner.token, name = 'Nov24log.txt') {
  const res = await fetch(`${t.url}/imports/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: {
      'content-type': 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return { status: res.status, body: await res.json() };
}

/** A CumulusMX v4 log of `hours` hours at 10-minute intervals from 2024-11-01 00:00 UTC. */
function cumulus(hours: number): string {
  const t0 = Date.UTC(2024, 10, 1) / 1000;
  const lines: string[] = [];
  for (let m = 0; m < hours * 60; m += 10) {
    const d = new Date((t0 + m * 60) * 1000);
    const p = (n: number) => String(n).padStart(2, '0');
    lines.push(
      `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/24 ${p(d.getUTCHours())}:${p(d.getUTCMinutes())},${t0 + m * 60},${(m / 60).toFixed(1)},80,5.0,1.0,2.0,90,0.00,0.00,1010.00`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function until(job: string, done: (j: { status: string }) => boolean) {
  for (;;) {
    const res = await call(t.url, 'GET', `/imports/${job}`, { token: owner.token });
    if (done(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('imports', () => {
  test('upload, dry run, import: the hours reach the station history; undo removes them', async () => {
    const up = await upload(cumulus(48));
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ name: 'Nov24log.txt', size: cumulus(48).length });
    const dry = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: { upload: up.body.upload, device: station._id, dryRun: true },
    });
    expect(dry.status).toBe(201);
    expect(dry.body.report).toMatchObject({
      format: 'cumulus-log',
      rows: 288,
      from: Date.UTC(2024, 10, 1) / 1000,
      overlaps: { rows: 0, periods: 0 },
      status: 'dryRun',
    });
    const started = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: { upload: up.body.upload, device: station._id, dryRun: false, policy: 'keep' },
    });
    expect(started.status).toBe(201);
    const job = started.body.job;
    expect(job).toMatchObject({ device: station._id, format: 'cumulus-log', fileName: 'Nov24log.txt' });
    const done = await until(job._id, (j) => j.status !== 'running');
    expect(done).toMatchObject({ status: 'done', imported: 288, skipped: 0 });
    const day = await call(
      t.url,
      'GET',
      `/weatherMetrics/queryGroup?device=${station._id}&range=1d&metrics=max_tempc0,count_tempc0&startTime=2024-11-01T00:00:00Z&endTime=2024-11-03T00:00:00Z`,
      { token: owner.token },
    );
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    // Two days of 144 readings; the highs 23.8 and 47.8 (the temperature is the hour since the start).
    expect(JSON.stringify(day.body)).toContain('23.8');
    expect(JSON.stringify(day.body)).toContain('47.8');
    // The records page reads the imported hours too: the highest reading, 47.8 at 2024-11-02 23:50.
    const records = await call(t.url, 'GET', `/weatherDevices/records?device=${station._id}`, {
      token: owner.token,
    });
    expect(records.status).toBe(200);
    expect(records.body.periods.allTime.tempc0.max).toEqual({
      value: 47.8,
      time: Date.UTC(2024, 10, 2, 23, 50) / 1000,
    });
    const list = await call(t.url, 'GET', `/imports?device=${station._id}`, { token: owner.token });
    expect(list.body.map((j: { _id: string }) => j._id)).toContain(job._id);
    const undone = await call(t.url, 'PATCH', `/imports/${job._id}`, {
      token: owner.token,
      body: { action: 'rollback' },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('rolledBack');
    const seq = (
      await t.server.app.ctx.storage.knex('weatherDevices').where({ _id: station._id }).first('seq')
    ).seq;
    expect(
      Number(
        (await t.server.app.ctx.storage.knex('buckets5m').where({ device: seq }).count('* as n').first())?.n,
      ),
    ).toBe(0);
  });

  test('a WeeWX database uploads as bytes and is detected; a CSV to map answers its columns', async () => {
    const generic = await upload(readFileSync(join(fixtures, 'generic.csv')), owner.token, 'export.csv');
    const columns = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: { upload: generic.body.upload, device: station._id, dryRun: true },
    });
    expect(columns.body.columns).toMatchObject({
      header: ['when', 'outside temp', 'rel. humidity', 'gusts'],
      delimiter: ';',
    });
    const mapped = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: {
        upload: generic.body.upload,
        device: station._id,
        dryRun: true,
        mapping: {
          time: 'when',
          timeFormat: 'iso',
          columns: { 'outside temp': { key: 'tempc0', unit: 'C' } },
        },
      },
    });
    expect(mapped.body.report).toMatchObject({
      format: 'csv',
      rows: 2,
      metrics: [{ key: 'tempc0', unit: 'C', values: 2 }],
    });
    const bad = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: {
        upload: generic.body.upload,
        device: station._id,
        dryRun: true,
        mapping: { time: 'when', timeFormat: 'iso', columns: { 'outside temp': { key: 'nope', unit: 'C' } } },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown metric nope');
  });

  test('a cancelled import stops at a committed chunk and the same upload resumes it', async () => {
    const up = await upload(cumulus(24 * 90));
    const started = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: { upload: up.body.upload, device: station._id, dryRun: false },
    });
    const id = started.body.job._id;
    await call(t.url, 'PATCH', `/imports/${id}`, { token: owner.token, body: { action: 'cancel' } });
    const stopped = await until(id, (j) => j.status !== 'running');
    expect(stopped.status, JSON.stringify(stopped)).toBe('cancelled');
    expect(stopped.imported).toBeLessThan(24 * 90 * 6);
    const resumed = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: { upload: up.body.upload, device: station._id, dryRun: false },
    });
    expect(resumed.body.job._id).toBe(id);
    const done = await until(id, (j) => j.status !== 'running');
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'done', imported: 24 * 90 * 6 });
  });

  test('refused: no sign-in, someone else’s station or upload, bad input (400, never 500)', async () => {
    expect((await upload('x', '')).status).toBe(401);
    const mine = await upload(cumulus(1));
    const theirs = await call(t.url, 'POST', '/imports', {
      token: stranger.token,
      body: { upload: mine.body.upload, device: station._id, dryRun: true },
    });
    expect([403, 404]).toContain(theirs.status);
    const other = await newStation(t, stranger.token, { timezone: 'UTC' });
    const notTheirUpload = await call(t.url, 'POST', '/imports', {
      token: stranger.token,
      body: { upload: mine.body.upload, device: other._id, dryRun: true },
    });
    expect(notTheirUpload.status).toBe(404);
    for (const body of [
      { upload: '../../etc/passwd', device: station._id },
      { upload: mine.body.upload, device: station._id, policy: 'merge' },
      { upload: mine.body.upload, device: station._id, timeZone: 'Mars/Olympus' },
      { upload: mine.body.upload, device: station._id, mapping: { time: 'x', timeFormat: 'when' } },
      'nonsense',
    ]) {
      const res = await call(t.url, 'POST', '/imports', { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const empty = await upload('');
    expect(empty.status).toBe(400);
    const patch = await call(t.url, 'PATCH', '/imports/nope', {
      token: owner.token,
      body: { action: 'cancel' },
    });
    expect(patch.status).toBe(404);
  });

  test('uploads left behind are removed after a week; newer ones stay', async () => {
    const old = await upload(cumulus(1));
    const fresh = await upload(cumulus(2));
    const dir = join(t.server.app.ctx.config.dataDir, 'imports');
    const weekAgo = new Date(Date.now() - 8 * 86400_000);
    for (const ext of ['file', 'json']) utimesSync(join(dir, `${old.body.upload}.${ext}`), weekAgo, weekAgo);
    expect(await sweepUploads(t.server.app)).toBe(2);
    expect(existsSync(join(dir, `${old.body.upload}.file`))).toBe(false);
    expect(existsSync(join(dir, `${fresh.body.upload}.file`))).toBe(true);
    const gone = await call(t.url, 'POST', '/imports', {
      token: owner.token,
      body: { upload: old.body.upload, device: station._id, dryRun: true },
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('No such upload: upload the file again');
  });
});
