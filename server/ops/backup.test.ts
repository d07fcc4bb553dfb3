// Backup and restore end to end, on SQLite (a database file) or PostgreSQL (TEST_DATABASE_URL, schemas of its
// own): stations upload without pause while `npm run backup` runs against the live portal; the backup is
// restored by `npm run restore` into a new DATA_DIR and database, and a portal started on it has every upload
// acknowledged before the backup started, signs in old and new logins, accepts the station keys and pushes with
// the same VAPID keys to the same subscriptions.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createApp, type Server } from '../app';
import { loadConfig } from '../config';
import type { PushPayload, WebSubscription } from '../notify/push';
import { vapidKeys } from '../notify/push';
import { png } from '../services/files/test-images';
import { MIGRATION_NAMES } from '../storage/migrate';
import { call, newStation, newUser, type TestServer } from '../testing/server';
import { VERSION } from '../version';
import { backup } from './backup';
import { FORMAT, MANIFEST, type Manifest, SQLITE_ENTRY } from './backup-format';
import { RestoreRefused, restore } from './restore';
import { TarWriter } from './tar';

const ROOT = resolve(import.meta.dirname, '..', '..');
const pgBase = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

function database(dir: string, name: string): string {
  if (!pgBase) return join(dir, 'portal.db');
  const url = new URL(pgBase);
  url.searchParams.set('schema', `${name}_${process.pid}_${Date.now().toString(36)}`);
  return url.toString();
}

/** A portal as `npm start` runs it (secrets kept in DATA_DIR), on a free port, without the demo or the web app. */
async function portal(dataDir: string, db: string): Promise<TestServer & { server: Server }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: 'off',
    STATIC_DIR: '',
    LOG_LEVEL: 'silent',
    INGEST_BURST: '100000',
    INGEST_PER_SECOND: '100000',
    SIGNUPS_PER_IP: '1000',
  });
  const server = await createApp(config);
  const port = await server.listen();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await server.close();
  };
  cleanups.push(close);
  return { server, url: `http://127.0.0.1:${port}`, close };
}

async function dropSchema(db: string): Promise<void> {
  if (!pgBase) return;
  const schema = new URL(db).searchParams.get('schema');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pgBase });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** `npm run backup|restore -- <file>` as an operator runs it, with the portal's DATA_DIR and DATABASE_URL. */
async function npmRun(script: 'backup' | 'restore', file: string, dataDir: string, db: string) {
  const child = spawn(
    join(ROOT, 'node_modules/.bin/node'),
    ['--import', 'tsx', `server/ops/${script}.ts`, file],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: db },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const [code] = await once(child, 'exit');
  return { code: code as number, output };
}

const utc = (t: number) => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** A Wunderground upload at unix time `t` (°F); resolves true when the console would hear "success". */
async function upload(
  url: string,
  station: { wsid: string; stationKey: string },
  t: number | 'now',
  tempf = 60,
) {
  const q = new URLSearchParams({
    ID: station.wsid,
    PASSWORD: station.stationKey,
    action: 'updateraw',
    dateutc: t === 'now' ? 'now' : utc(t),
    tempf: String(tempf),
    humidity: '55',
  });
  const res = await fetch(`${url}/weatherstation/updateweatherstation.php?${q}`);
  return res.status === 200 && (await res.text()).trim() === 'success';
}

describe(`backup and restore (${pgBase ? 'PostgreSQL' : 'SQLite'})`, () => {
  test('a backup taken while uploads flow restores a portal with everything acknowledged before it', async () => {
    const work = mkdtempSync(join(tmpdir(), 'portal-backup-'));
    cleanups.unshift(async () => rmSync(work, { recursive: true, force: true }));
    const srcDir = join(work, 'source');
    const srcDb = database(srcDir, 'bk_src');
    cleanups.push(() => dropSchema(srcDb));
    const src = await portal(srcDir, srcDb);

    const owner = await newUser(src, 'backup-owner');
    const stations = [
      await newStation(src, owner.token, { name: 'Garden' }),
      await newStation(src, owner.token),
    ];
    // An uploaded picture (DATA_DIR/uploads), an alert pushed to a browser, and the portal's VAPID key.
    const picture = png(40, 30);
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from(picture)], { type: 'image/png' }), 'garden.png');
    const uploaded = await fetch(`${src.url}/attachments/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner.token}` },
    }).then((r) => r.json());
    const pictureSrc = uploaded.data.info.src as string;
    expect(
      (
        await call(src.url, 'POST', '/alertSettings', {
          token: owner.token,
          body: {
            weatherDevice: stations[0]._id,
            settings: [{ item: 'tempc0', condition: 'above', value: 30, method: 'notification' }],
            disableAll: false,
          },
        })
      ).status,
    ).toBe(201);
    const subscription: WebSubscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/backup-test',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    const sessionId = `backup-session-${Date.now()}`;
    for (const body of [
      { _id: sessionId, associateUser: owner.user._id },
      { _id: sessionId, pushEnabled: true, pushToken: JSON.stringify(subscription), pushType: 'web' },
    ])
      expect((await call(src.url, 'POST', '/sessions', { token: owner.token, body })).status).toBe(201);
    const vapid = (await call(src.url, 'GET', '/sessions/vapid')).body.publicKey as string;
    expect(vapid).toMatch(/^B[\w-]{80,}$/);

    // Each station uploads without pause: first readings 10 s apart (two 5-minute buckets that close, so their
    // samples are in the tables), then 1 s apart into a third bucket that stays open (its samples wait in the
    // SQLite ingest log), paced so that bucket is never left.
    const base = Math.floor(Date.now() / 1000 / 300) * 300 - 6 * 3600;
    const timeOf = (i: number) => (i < 60 ? base + i * 10 : base + 600 + (i - 60));
    const LAST = 60 + 299;
    const acked: { station: number; time: number; at: number }[] = [];
    let stop = false;
    const pumps = stations.map(async (station, s) => {
      for (let i = 0; !stop && i <= LAST; i++) {
        if (await upload(src.url, station, timeOf(i)))
          acked.push({ station: s, time: timeOf(i), at: Date.now() });
        if (i >= 60) await new Promise((r) => setTimeout(r, 20));
      }
    });
    const open = (s: number) => acked.filter((a) => a.station === s && a.time >= base + 600).length;
    while (open(0) < 10 || open(1) < 10) await new Promise((r) => setTimeout(r, 20));

    const file = join(work, 'portal-backup.tar.gz');
    // What was acknowledged before the backup began, by position (acks within the same millisecond as the start
    // made a time comparison miss one: CI saw 19 of 20).
    const ackedBefore = acked.length;
    const made = await npmRun('backup', file, srcDir, srcDb);
    const backupEnded = Date.now();
    expect(made.output).toMatch(/Backup written to/);
    expect(made.code).toBe(0);
    // Uploads were acknowledged while the backup ran (the portal was live), and go on after it.
    const during = acked.slice(ackedBefore).filter((a) => a.at < backupEnded).length;
    expect(during).toBeGreaterThan(0);
    const countAtEnd = acked.length;
    await Promise.race([
      Promise.all(pumps),
      (async () => {
        while (acked.length < countAtEnd + 20) await new Promise((r) => setTimeout(r, 20));
      })(),
    ]);
    stop = true;
    await Promise.all(pumps);
    const before = acked.slice(0, ackedBefore);
    expect(before.filter((a) => a.time < base + 600)).toHaveLength(120);
    expect(before.filter((a) => a.time >= base + 600).length).toBeGreaterThanOrEqual(20);

    // The portal is lost; its backup is restored elsewhere (a PostgreSQL schema of another name).
    await src.close();
    await dropSchema(srcDb);
    const dstDir = join(work, 'restored');
    const dstDb = database(dstDir, 'bk_dst');
    cleanups.push(() => dropSchema(dstDb));
    const restored = await npmRun('restore', file, dstDir, dstDb);
    expect(restored.output).toMatch(/Restored into/);
    expect(restored.code).toBe(0);
    // Never over existing data.
    const again = await npmRun('restore', file, dstDir, dstDb);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty/);
    expect(again.output).toMatch(pgBase ? /already holds \d+ tables/ : /portal\.db exists/);

    const dst = await portal(dstDir, dstDb);
    for (const [s, station] of stations.entries()) {
      const stored = new Set(
        (await dst.server.app.ctx.samples.samples(station._id, base, base + 86400)).map((r) => r.time),
      );
      const missing = before.filter((a) => a.station === s && !stored.has(a.time)).map((a) => a.time);
      expect(missing).toEqual([]);
    }
    // The login token from before (the JWT secret came back), a new login, the station key.
    const me = await call(dst.url, 'GET', '/users/me', { token: owner.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(owner.email);
    const login = await call(dst.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(201);
    expect(await upload(dst.url, stations[1], 'now')).toBe(true);
    // The picture, served as before.
    const served = await fetch(dst.url + pictureSrc);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
    // Push: the same VAPID keys, and an alert reaches the browser subscribed before the backup.
    expect((await call(dst.url, 'GET', '/sessions/vapid')).body.publicKey).toBe(vapid);
    if (existsSync(srcDir)) expect(vapidKeys(dstDir)).toEqual(vapidKeys(srcDir));
    expect(JSON.parse(readFileSync(join(dstDir, 'vapid.json'), 'utf8')).publicKey).toBe(vapid);
    const pushed: { sub: WebSubscription; payload: PushPayload }[] = [];
    const alerts = dst.server.app.ctx.alerts!;
    alerts.notifier.senders.web = async (sub, payload) => {
      pushed.push({ sub, payload });
    };
    expect(await upload(dst.url, stations[0], 'now', 88)).toBe(true);
    await alerts.idle();
    expect(pushed.map((p) => p.sub)).toEqual([subscription]);
    expect(pushed[0].payload.title).toBe('Garden: alert');
  }, 180_000);
});

describe('what backup and restore refuse', () => {
  const work = mkdtempSync(join(tmpdir(), 'portal-restore-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let n = 0;
  const manifest = (over: Partial<Manifest> = {}): Manifest => ({
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    engine: 'sqlite',
    migrations: [...MIGRATION_NAMES],
    files: 1,
    ...over,
  });
  async function archive(entries: [string, string][]) {
    const file = join(work, `a${++n}.tar.gz`);
    const tar = new TarWriter(file);
    for (const [name, text] of entries) await tar.buffer(name, Buffer.from(text));
    await tar.finish();
    return file;
  }
  const into = (file: string) => {
    const dataDir = join(work, `dir${++n}`);
    return restore({ dataDir, database: join(dataDir, 'portal.db'), file }).then(
      () => ({ dataDir, error: null as Error | null }),
      (error: Error) => ({ dataDir, error }),
    );
  };

  test('a backup made by a newer version (a migration unknown here), saying which', async () => {
    const file = await archive([
      [
        MANIFEST,
        JSON.stringify(manifest({ version: '9.0.0', migrations: [...MIGRATION_NAMES, '999_future'] })),
      ],
    ]);
    const { dataDir, error } = await into(file);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect(error?.message).toMatch(
      /portal 9\.0\.0, newer than this one .*999_future.*version 9\.0\.0 or later/,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  test('a file that is not a backup, or a backup of the other engine', async () => {
    expect((await into(await archive([['notes.txt', 'hello']]))).error?.message).toMatch(
      /not a portal backup/,
    );
    const pgBackup = await archive([[MANIFEST, JSON.stringify(manifest({ engine: 'pg' }))]]);
    expect((await into(pgBackup)).error?.message).toMatch(/PostgreSQL portal; DATABASE_URL names a SQLite/);
  });

  test('a forged path never writes outside DATA_DIR', async () => {
    const file = await archive([
      [MANIFEST, JSON.stringify(manifest())],
      [SQLITE_ENTRY, 'not really a database'],
      ['data/../../escaped.txt', 'outside'],
    ]);
    const { error } = await into(file);
    expect(error?.message).toMatch(/Unsafe path in the backup: data\/\.\.\/\.\.\/escaped\.txt/);
    expect(existsSync(join(work, 'escaped.txt'))).toBe(false);
    expect(existsSync(join(work, '..', 'escaped.txt'))).toBe(false);
  });

  test('backup: an in-memory database, or no database where DATA_DIR says', async () => {
    await expect(
      backup({ dataDir: work, database: ':memory:', file: join(work, 'x.tar.gz') }),
    ).rejects.toThrow(/in memory/);
    await expect(
      backup({
        dataDir: join(work, 'nothing'),
        database: join(work, 'nothing', 'portal.db'),
        file: join(work, 'y.tar.gz'),
      }),
    ).rejects.toThrow(/No database at .*set DATA_DIR/);
    expect(existsSync(join(work, 'y.tar.gz'))).toBe(false);
  });
});
