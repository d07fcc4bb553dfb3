// The data engine against the real server (in-process, SQLite in memory): sign up, verify, log in, add a
// station, see a WSLink upload arrive live in Dexie, "reload offline" and still see it; edits through the
// outbox; a rejected token signs out.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lastCode, newUser, startServer, type TestServer, wslink } from '../server/testing/server';
import { patchDevice, saveDisplaySettings, setEditsDb } from '../src/db/edits';
import { readDevices, readLatest } from '../src/db/hooks';
import { PortalDb } from '../src/db/schema';
import { getSetting, SETTING } from '../src/db/settings';
import { createDataEngine, type DataEngine, type EngineOptions } from './engine';

let t: TestServer;
const engines: DataEngine[] = [];
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  for (const e of engines) e.stop();
  await t.close();
});

function engine(db: PortalDb, socket: EngineOptions['socket'] = { reconnection: false }) {
  const e = createDataEngine({ db, timers: false, timeoutMs: 5000, socket });
  engines.push(e);
  return e;
}

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${fn.toString().slice(0, 120)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const conn = (db: PortalDb) => getSetting(db, SETTING.connection);

describe('data engine ↔ server', () => {
  it('signup → verify → live WSLink sample in Dexie → offline reload still shows it', async () => {
    const name = `e2e-${Math.random()}`;
    const db = new PortalDb(name);
    const e = engine(db);
    await e.start(t.url);
    const email = `engine-${Date.now()}@example.com`;
    const password = 'correct horse battery';

    const created = await e.signup({ email, password, firstName: 'Eve', termsAccepted: true });
    expect(created).toMatchObject({ email, verified: false });
    // signed in right away (unverified) so the app can route to /signup/verify
    expect((await getSetting(db, SETTING.auth))?.user?.verified).toBe(false);
    expect(await e.verify(email, lastCode(t, email))).toEqual({ verified: true });
    expect((await getSetting(db, SETTING.auth))?.user?.verified).toBe(true);

    await e.logout();
    expect(await getSetting(db, SETTING.auth)).toBeUndefined();
    const user = await e.login(email, password);
    expect(user.email).toBe(email);
    await until(async () => (await conn(db))?.devices === 'loaded');
    expect(await db.metricDefs.count()).toBeGreaterThan(50);
    expect(typeof (await getSetting(db, SETTING.metricsHash))).toBe('string');

    const station = await e.addDevice({ name: 'Garden', timezone: 'Europe/Prague' });
    expect(station.wsid).toBeTruthy();
    expect(station.stationKey).toBeTruthy();
    expect((await readDevices(db)).map((d) => d._id)).toEqual([station._id]);

    await e.selectDevice(station._id);
    const upload = await wslink(
      t,
      { wsid: station.wsid, stationKey: station.stationKey! },
      { t1tem: 21.5, t1hum: 40 },
    );
    expect(upload.status).toBe(200);
    const latest = await until(async () => {
      const l = await readLatest(db, station._id);
      return l.sample?.tempc0 === 21.5 ? l : null;
    });
    expect(latest.sample).toMatchObject({ tempc0: 21.5, humc0: 40 });
    // the 5-minute bucket event lands in `metrics`
    await until(async () => (await db.metrics.where('device').equals(station._id).count()) > 0);

    // Reload while the server is unreachable: a new engine on the same database, pointing nowhere.
    e.stop();
    db.close();
    const again = new PortalDb(name);
    const offline = engine(again);
    await offline.start('http://127.0.0.1:9'); // nothing listens there
    expect((await readLatest(again, station._id)).sample).toMatchObject({ tempc0: 21.5 });
    expect((await readDevices(again)).map((d) => d.name)).toEqual(['Garden']);
    expect((await getSetting(again, SETTING.auth))?.user?.email).toBe(email);
    offline.stop();
    again.close();
  });

  it('outbox edits reach the server once; display settings are created then patched', async () => {
    const owner = await newUser(t, 'outbox');
    const db = new PortalDb(`outbox-${Math.random()}`);
    await db.settings.put({ key: SETTING.auth, value: { accessToken: owner.token, user: owner.user } });
    const e = engine(db);
    await e.start(t.url);
    await until(async () => (await conn(db))?.auth === 'authenticated');
    const station = await e.addDevice({ name: 'Roof' });
    setEditsDb(db);
    // Rows as they are queued (the sign-in's own flush may already be sending while the test edits).
    const queued: string[] = [];
    db.outbox.hook('creating', (_key, row) => {
      queued.push(`${row.service} ${row.method}`);
    });

    await patchDevice(station._id, { name: 'Roof terrace' });
    await saveDisplaySettings(station._id, { graphRange: 'week', graphList: ['tempc0'] });
    await saveDisplaySettings(station._id, { graphList: ['tempc0', 'humc0'] });
    expect((await db.devices.get(station._id))?.name).toBe('Roof terrace'); // at once, before any flush
    expect(queued).toHaveLength(3);
    await e.flushOutbox();
    await until(async () => (await db.outbox.count()) === 0);
    expect(await e.flushOutbox()).toBe(0);

    const dev = await call(t.url, 'GET', `/weatherDevices?wsid=${station.wsid}&$limit=1&$paginate=false`, {
      token: owner.token,
    });
    expect(dev.body[0].name).toBe('Roof terrace');
    const ds = await call(t.url, 'GET', `/deviceDisplaySettings?weatherDevice=${station._id}`, {
      token: owner.token,
    });
    expect(ds.body.total).toBe(1); // created once, then patched
    expect(ds.body.data[0]).toMatchObject({ graphRange: 'week', graphList: ['tempc0', 'humc0'] });
    expect(ds.body.data[0]._id).toBe((await db.displaySettings.get(station._id))?._id);
    e.stop();
    await db.delete();
  });

  it('a rejected stored token signs out (auth cleared, state unauthenticated)', async () => {
    const db = new PortalDb(`badtoken-${Math.random()}`);
    await db.settings.put({
      key: SETTING.auth,
      value: { accessToken: 'not-a-jwt', user: { _id: 'x', email: 'x@example.com', verified: true } },
    });
    const e = engine(db);
    await e.start(t.url);
    await until(async () => (await conn(db))?.auth === 'unauthenticated');
    expect(await getSetting(db, SETTING.auth)).toBeUndefined();
    e.stop();
    await db.delete();
  });

  it('station lookup by wsid keeps a public device; unknown IDs reject with Device not found', async () => {
    const owner = await newUser(t, 'pubowner');
    const viewer = await newUser(t, 'viewer');
    const created = await call(t.url, 'POST', '/weatherDevices', {
      token: owner.token,
      body: { name: 'Public one' },
    });
    await call(t.url, 'PATCH', `/weatherDevices/${created.body._id}`, {
      token: owner.token,
      body: { shareMode: 'public' },
    });
    const db = new PortalDb(`lookup-${Math.random()}`);
    await db.settings.put({ key: SETTING.auth, value: { accessToken: viewer.token, user: viewer.user } });
    const e = engine(db);
    await e.start(t.url);
    await until(async () => (await conn(db))?.devices === 'loaded');
    const found = await e.lookupStation(created.body.wsid);
    expect(found._id).toBe(created.body._id);
    expect(await getSetting(db, SETTING.publicDevices)).toEqual([found._id]);
    await expect(e.lookupStation('NOPE0000')).rejects.toMatchObject({ message: 'Device not found' });
    await e.forgetDevice(found._id);
    expect(await db.devices.count()).toBe(0);
    expect(await getSetting(db, SETTING.publicDevices)).toEqual([]);
    e.stop();
    await db.delete();
  });

  it('after a socket reconnect it re-authenticates, reloads and watches again', async () => {
    const owner = await newUser(t, 'reconnect');
    const db = new PortalDb(`reconnect-${Math.random()}`);
    await db.settings.put({ key: SETTING.auth, value: { accessToken: owner.token, user: owner.user } });
    const e = engine(db, { reconnectionDelay: 50, reconnectionDelayMax: 100 });
    await e.start(t.url);
    await until(async () => (await conn(db))?.auth === 'authenticated');
    const station = await e.addDevice({ name: 'Shed' });
    await e.selectDevice(station._id);
    const creds = { wsid: station.wsid, stationKey: station.stationKey! };
    await wslink(t, creds, { t1tem: 10 });
    await until(async () => (await readLatest(db, station._id)).sample?.tempc0 === 10);

    const dropped = Date.now();
    (await e.runtime()).conn.app.io.io.engine.close(); // drop the transport: socket.io reconnects by itself
    // The reload after the reconnect refreshes last data …
    await until(async () => ((await db.syncState.get(station._id))?.updatedAt ?? 0) > dropped);
    // … after joining the device channel again (onSignedIn watches before it reloads): one new upload arrives
    // live. Sent once: nothing reloads last data again, so a sample lost in between would fail here. The server
    // stamps an upload without a time with its second, and a second sample in the same second is a duplicate
    // it drops (a console's resend): the reconnect can take less than a second, so wait for the next one.
    const first = (await readLatest(db, station._id)).time ?? 0;
    await until(async () => Math.floor(Date.now() / 1000) > first);
    await wslink(t, creds, { t1tem: 11 });
    await until(async () => (await readLatest(db, station._id)).sample?.tempc0 === 11);
    e.stop();
    await db.delete();
  });

  it('a settings create that meets a record made elsewhere (409) patches it instead', async () => {
    const owner = await newUser(t, 'conflict');
    const station = await call(t.url, 'POST', '/weatherDevices', {
      token: owner.token,
      body: { name: 'Pond' },
    });
    const made = await call(t.url, 'POST', '/deviceDisplaySettings', {
      token: owner.token,
      body: { weatherDevice: station.body._id, graphRange: 'month' },
    });
    expect(made.status).toBe(201);
    const db = new PortalDb(`conflict-${Math.random()}`);
    await db.settings.put({ key: SETTING.auth, value: { accessToken: owner.token, user: owner.user } });
    const e = engine(db);
    await e.start(t.url);
    await until(async () => (await conn(db))?.devices === 'loaded');
    // As if the local copy never learnt about the server record (e.g. it was created while offline).
    await db.displaySettings.clear();
    setEditsDb(db);
    await saveDisplaySettings(station.body._id, { graphRange: 'year' });
    await e.flushOutbox();
    await until(async () => (await db.outbox.count()) === 0);
    expect(await getSetting(db, SETTING.outboxError)).toBeUndefined();
    const ds = await call(t.url, 'GET', `/deviceDisplaySettings?weatherDevice=${station.body._id}&$limit=1`, {
      token: owner.token,
    });
    expect(ds.body.data[0]).toMatchObject({ _id: made.body._id, graphRange: 'year' });
    expect((await db.displaySettings.get(station.body._id))?._id).toBe(made.body._id);
    e.stop();
    await db.delete();
  });
});
