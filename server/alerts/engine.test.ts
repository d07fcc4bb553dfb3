// The alerts engine end to end: uploads go through Ingest.store (or a real WSLink upload), alerts are raised
// once, cleared with hysteresis, delivered by e-mail and push, and published only to their user.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PushPayload, WebSubscription } from '../notify/push';
import { PushGone } from '../notify/push';
import type { DeviceRow } from '../services/devices/device-record';
import { isUniqueViolation, openStorage } from '../storage/db';
import { migrate } from '../storage/migrate';
import { call, newStation, startServer, type TestServer, wslink } from '../testing/server';
import { collect, settle, socketClient } from '../testing/socket';
import { AlertEngine } from './engine';
import { quickUser as newUser } from './test-users';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const engine = () => t.server.app.ctx.alerts!;

async function setup(rules: unknown[], extra: Record<string, unknown> = {}) {
  const owner = await newUser(t);
  const station = await newStation(t, owner.token, { name: 'Garden', timezone: 'Europe/Prague' });
  const res = await call(t.url, 'POST', '/alertSettings', {
    token: owner.token,
    body: { weatherDevice: station._id, settings: rules, disableAll: false, ...extra },
  });
  expect(res.status).toBe(201);
  const device = (await t.server.app.ctx.devices.get(station._id)) as DeviceRow;
  // A fixed base time per test so samples are in order and far from the others.
  const base = 1_700_000_000 + Math.floor(Math.random() * 1_000_000) * 60;
  const store = async (offset: number, values: Record<string, number | null>) => {
    // As ingest does: the cached row (a share change drops it from the cache).
    const current = (await t.server.app.ctx.devices.get(station._id)) as DeviceRow;
    await t.server.ingest.store(current, base + offset, values);
    await engine().idle();
  };
  const active = async () =>
    (await call(t.url, 'GET', `/alerts?device=${station._id}&$paginate=false`, { token: owner.token }))
      .body as {
      _id: string;
      item: string;
      status: string;
      value: number;
      sensor: string | null;
      lastTrigger: number;
      message: string;
    }[];
  return { owner, station, device, base, store, active };
}

describe('alerts engine', () => {
  test('a threshold alert is raised once and cleared only past the hysteresis margin on two uploads', async () => {
    const { store, active, owner, base, station } = await setup([
      { item: 'tempc0', condition: 'above', value: 86, unit: 'F', method: 'email' },
    ]);
    const mails = () =>
      t.server.app.ctx.mailer.sent.filter((m) => m.to === owner.email && /Garden/.test(m.subject));
    await store(0, { tempc0: 29.5 }); // 85.1 F
    expect(await active()).toEqual([]);
    await store(60, { tempc0: 30.2 }); // 86.4 F: raise
    let list = await active();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ item: 'tempc0', status: 'active', lastTrigger: base + 60, value: 86.4 });
    expect(list[0].message).toBe('Outdoor temperature above 86.0\u00a0°F: 86.4\u00a0°F');
    // Hovering at the threshold: no second alert, no second mail.
    for (const [i, v] of [29.9, 30.1, 29.8, 30.3, 29.7].entries()) await store(120 + i * 60, { tempc0: v });
    expect(await active()).toHaveLength(1);
    expect(mails()).toHaveLength(1);
    // Once past the margin (0.5 °C below 30 °C) is not enough, the next upload must agree.
    await store(600, { tempc0: 29.0 });
    await store(660, { tempc0: 29.9 });
    expect(await active()).toHaveLength(1);
    await store(720, { tempc0: 29.2 });
    await store(780, { tempc0: 29.1 });
    expect(await active()).toEqual([]);
    // A new crossing is a new alert.
    await store(840, { tempc0: 31 });
    list = await active();
    expect(list).toHaveLength(1);
    expect(list[0].lastTrigger).toBe(base + 840);
    expect(mails()).toHaveLength(2);

    const mail = mails()[0];
    expect(mail.subject).toBe('[Garden] Outdoor temperature above 86.0\u00a0°F: 86.4\u00a0°F');
    expect(mail.text).toContain('Station: Garden');
    expect(mail.text).toContain('86.4\u00a0°F');
    expect(mail.text).toContain(`/dashboard?device=${station._id}`);
    expect(mail.text).toMatch(/\(Europe\/Prague\)/);
  });

  test('an alert raised before a restart (or by another process) is not raised again', async () => {
    const { store, active, owner, station } = await setup([
      { item: 'tempc0', condition: 'above', value: 30, method: 'email' },
    ]);
    await store(0, { tempc0: 31 });
    // A process that loaded this station's alerts before another one raised it.
    const held = (engine() as unknown as { held: Map<string, Map<string, unknown>> }).held;
    held.set(station._id, new Map());
    await store(60, { tempc0: 32 });
    expect(await active()).toHaveLength(1);
    // A fresh process loads it from the database.
    held.clear();
    await store(90, { tempc0: 32 });
    expect(await active()).toHaveLength(1);
    expect(
      t.server.app.ctx.mailer.sent.filter((m) => m.to === owner.email && /Garden/.test(m.subject)),
    ).toHaveLength(1);
    // And it still clears.
    await store(120, { tempc0: 20 });
    await store(180, { tempc0: 20 });
    expect(await active()).toEqual([]);
  });

  test('the e-mail shows the time in the station time zone and links to the dashboard', async () => {
    const { store, owner, station, base } = await setup([
      { item: 'humc0', condition: 'below', value: 20, method: 'email' },
    ]);
    // The owner's browser signs in from its own origin: the e-mail links there (no PUBLIC_URL in this test).
    const signIn = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email: owner.email, password: owner.password },
      headers: { origin: 'https://weather.example.net' },
    });
    expect(signIn.status).toBe(201);
    await store(0, { humc0: 15 });
    const mail = t.server.app.ctx.mailer.sent.filter((m) => m.to === owner.email).at(-1)!;
    expect(mail.subject).toBe('[Garden] Outdoor humidity below 20\u00a0%: 15\u00a0%');
    expect(mail.text).toContain(
      `Open the dashboard: https://weather.example.net/dashboard?device=${station._id}\n`,
    );
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Prague',
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(base * 1000));
    expect(mail.text).toContain(`Time: ${local} (Europe/Prague)`);
  });

  test('a real WSLink upload raises an alert; disableAll silences the station', async () => {
    const { station, owner, active } = await setup([
      { item: 'tempc0', condition: 'above', value: 30, method: 'email' },
    ]);
    const full = await call(t.url, 'GET', `/weatherDevices/${station._id}`, { token: owner.token });
    expect((await wslink(t, full.body, { t1tem: 35 })).status).toBe(200);
    await engine().idle();
    expect(await active()).toHaveLength(1);

    const other = await setup([{ item: 'tempc0', condition: 'above', value: 30, method: 'email' }], {
      disableAll: true,
    });
    await other.store(0, { tempc0: 40 });
    expect(await other.active()).toEqual([]);
  });

  test('lost data: the sweep raises after 30 minutes without an upload, the next upload clears it', async () => {
    const { store, active, base } = await setup([{ item: 'lostData', method: 'email' }]);
    const clock = engine().now;
    try {
      engine().now = () => base;
      await store(0, { tempc0: 20 });
      engine().now = () => base + 29 * 60;
      await engine().sweep();
      expect(await active()).toEqual([]);
      engine().now = () => base + 31 * 60;
      await engine().sweep();
      await engine().sweep();
      const list = await active();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ item: 'lostData', lastTrigger: base + 31 * 60 });
      expect(list[0].message).toMatch(/^No data uploaded for 31 minutes/);
      engine().now = () => base + 32 * 60;
      await store(32 * 60, { tempc0: 20 });
      expect(await active()).toEqual([]);
      // A console whose clock is an hour behind still uploads: it is not silent.
      engine().now = () => base + 93 * 60;
      await store(33 * 60, { tempc0: 20 });
      await engine().sweep();
      expect(await active()).toEqual([]);
    } finally {
      engine().now = clock;
    }
  });

  test('two processes sweeping at the same moment raise a lost-data alert once', async () => {
    const { store, active, base, owner } = await setup([{ item: 'lostData', method: 'email' }]);
    const other = new AlertEngine(t.server.app); // its own memory, the same database: another process
    const clock = engine().now;
    try {
      engine().now = () => base;
      await store(0, { tempc0: 20 });
      engine().now = other.now = () => base + 31 * 60;
      await Promise.all([engine().sweep(), other.sweep()]);
      await Promise.all([engine().idle(), other.idle()]);
      expect(await active()).toHaveLength(1);
      const mails = t.server.app.ctx.mailer.sent.filter(
        (m) => m.to === owner.email && /Garden/.test(m.subject),
      );
      expect(mails).toHaveLength(1);
    } finally {
      engine().now = clock;
    }
  });

  test("another process's uploads count: a pressure fall and a quiet sensor seen across two processes", async () => {
    const { device, base, active } = await setup([
      { item: 'baroDrop', value: 2, unit: 'hPa', method: 'email' },
      { item: 'lostLink', method: 'email' },
    ]);
    const other = new AlertEngine(t.server.app); // another process: its own memory, the same database
    const upload = async (by: AlertEngine, offset: number, values: Record<string, number>) => {
      await t.server.app.ctx.samples.write(device, base + offset, values);
      await by.onSample(device, base + offset, values);
    };
    // The high pressure and the first quiet upload reach the other process only.
    await upload(other, 0, { relbaro: 1010, cnc1: 0 });
    await upload(engine(), 120, { relbaro: 1007.5, cnc1: 0 });
    expect((await active()).map((a) => a.item)).toEqual(['baroDrop']);
    await upload(other, 20 * 60, { relbaro: 1007.5, cnc1: 0 });
    await upload(engine(), 31 * 60, { relbaro: 1007.5, cnc1: 0 });
    const list = await active();
    expect(list.map((a) => a.item).sort()).toEqual(['baroDrop', 'lostLink']);
    expect(list.find((a) => a.item === 'lostLink')?.message).toBe(
      'Lost link to Channel 1 sensor for 31 minutes',
    );
  });

  test('lost link: a sensor flag at 0 for more than 30 minutes raises for that sensor only', async () => {
    const { store, active } = await setup([{ item: 'lostLink', method: 'notification' }]);
    await store(0, { tempc0: 20, cnc0: 1, cnc1: 0 });
    await store(20 * 60, { cnc0: 1, cnc1: 0 });
    expect(await active()).toEqual([]);
    await store(31 * 60, { cnc0: 1, cnc1: 0 });
    const list = await active();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ item: 'lostLink', sensor: 'cnc1' });
    expect(list[0].message).toBe('Lost link to Channel 1 sensor for 31 minutes');
    await store(32 * 60, { cnc1: 0 });
    expect(await active()).toHaveLength(1);
    await store(33 * 60, { cnc1: 1 });
    await store(34 * 60, { cnc1: 1 });
    expect(await active()).toEqual([]);
  });

  test('lost link of one named sensor ignores the others', async () => {
    const { store, active } = await setup([{ item: 'lostLink', sensor: 'cnc2', method: 'email' }]);
    await store(0, { cnc1: 0, cnc2: 1 });
    await store(40 * 60, { cnc1: 0, cnc2: 0 });
    expect(await active()).toEqual([]);
    await store(71 * 60, { cnc1: 0, cnc2: 0 });
    expect((await active()).map((a) => a.sensor)).toEqual(['cnc2']);
  });

  test('baro drop: a fall of the rule value within 5 minutes raises; a slow fall does not', async () => {
    const { store, active } = await setup([{ item: 'baroDrop', value: 2, unit: 'hPa', method: 'email' }]);
    // 1.5 hPa per 5 minutes: never 2 hPa within a 5-minute window.
    for (let i = 0; i <= 6; i++) await store(i * 300, { relbaro: 1015 - i * 1.5 });
    expect(await active()).toEqual([]);
    const start = 7 * 300;
    await store(start, { relbaro: 1005 });
    await store(start + 120, { relbaro: 1004 });
    await store(start + 240, { relbaro: 1002.9 });
    const list = await active();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ item: 'baroDrop', value: 2.1 });
    expect(list[0].message).toBe(
      'Relative pressure dropped 2.1\u00a0hPa within 5 minutes (now 1002.9\u00a0hPa)',
    );
    // Steady again: once the drop has left the 5-minute window (two uploads), it clears.
    await store(start + 600, { relbaro: 1002.9 });
    await store(start + 660, { relbaro: 1002.9 });
    expect(await active()).toEqual([]);
  });

  test('push: the payload goes to the push-enabled sessions of the user; a gone subscription is disabled', async () => {
    const { store, owner, station } = await setup([
      { item: 'tempc0', condition: 'above', value: 30, method: 'notification' },
    ]);
    const sub = {
      endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/abc',
      keys: { p256dh: 'BPk', auth: 'xyz' },
    };
    const created = await call(t.url, 'POST', '/sessions', {
      token: owner.token,
      body: { _id: `sess-${station._id}`, associateUser: owner.user._id },
    });
    expect(created.status).toBe(201);
    const push = await call(t.url, 'POST', '/sessions', {
      token: owner.token,
      body: {
        _id: `sess-${station._id}`,
        pushEnabled: true,
        pushToken: JSON.stringify(sub),
        pushType: 'web',
      },
    });
    expect(push.body).toMatchObject({ pushEnabled: true, pushType: 'web', associateUser: owner.user._id });
    const sent: { sub: WebSubscription; payload: PushPayload }[] = [];
    const senders = engine().notifier.senders;
    const original = senders.web;
    try {
      senders.web = async (s, payload) => {
        sent.push({ sub: s, payload });
      };
      await store(0, { tempc0: 31 });
      expect(sent).toHaveLength(1);
      expect(sent[0].sub).toEqual(sub);
      expect(sent[0].payload).toMatchObject({
        title: 'Garden: alert',
        body: 'Outdoor temperature above 30.0\u00a0°C: 31.0\u00a0°C',
        data: {
          path: `/dashboard?device=${station._id}`,
          url: expect.stringMatching(new RegExp(`^https?://[^/]+/dashboard\\?device=${station._id}$`)),
          alert: { device: station._id, status: 'active', item: 'tempc0' },
        },
      });
      // The mailer is not used for a notification-only rule.
      expect(t.server.app.ctx.mailer.sent.some((m) => m.to === owner.email && /Garden/.test(m.subject))).toBe(
        false,
      );

      senders.web = async () => {
        throw new PushGone('gone');
      };
      await store(60, { tempc0: 20 });
      await store(120, { tempc0: 20 });
      await store(180, { tempc0: 32 });
      const row = await t.server.app.ctx.storage
        .knex('sessions')
        .where({ _id: `sess-${station._id}` })
        .first();
      expect(!!row.pushEnabled).toBe(false);
    } finally {
      senders.web = original;
    }
  });

  test('alerts created reaches the owner socket only; hiding removes the alert from the list', async () => {
    const { store, owner, station, active } = await setup([
      { item: 'tempc0', condition: 'above', value: 30, method: 'email' },
    ]);
    const stranger = await newUser(t);
    const friend = await newUser(t);
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: station._id })
      .update({ shareUsers: JSON.stringify([friend.user._id]) });
    t.server.app.ctx.devices.forget(station._id);
    const mine = await socketClient(t.url, owner.token);
    const theirs = await socketClient(t.url, stranger.token);
    const shared = await socketClient(t.url, friend.token);
    const anon = await socketClient(t.url);
    const got = collect(mine.client, 'alerts');
    const gotPatched = collect(mine.client, 'alerts', 'patched');
    const leaked = [theirs, shared, anon].map((c) => collect(c.client, 'alerts'));
    // Shared users and strangers watching the device still get nothing of the owner's alerts.
    await theirs.client.service('weatherDevices/watch').create({ id: station._id });
    await shared.client.service('weatherDevices/watch').create({ id: station._id });
    await store(0, { tempc0: 35 });
    await settle();
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      device: station._id,
      item: 'tempc0',
      status: 'active',
      user: owner.user._id,
    });
    expect(leaked.flat()).toEqual([]);

    // Over the socket too, a stranger cannot list or hide the owner's alerts.
    await expect(
      theirs.client.service('alerts').find({ query: { device: station._id } }),
    ).rejects.toMatchObject({
      code: 404,
    });
    const friendList = await call(t.url, 'GET', `/alerts?device=${station._id}`, { token: friend.token });
    expect(friendList.body.data).toEqual([]);

    const id = got[0]._id as string;
    const wrong = await call(t.url, 'GET', `/alerts/hide?device=${station._id}&id=${id}`, {
      token: stranger.token,
    });
    expect(wrong.status).toBe(404);
    const hidden = await call(t.url, 'GET', `/alerts/hide?device=${station._id}&id=${id}`, {
      token: owner.token,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ _id: id, status: 'hidden' });
    expect(await active()).toEqual([]);
    await settle();
    expect(gotPatched.at(-1)).toMatchObject({ _id: id, status: 'hidden' });
    // Still over the threshold: hidden stays hidden, no new alert.
    await store(60, { tempc0: 36 });
    expect(await active()).toEqual([]);
    for (const c of [mine, theirs, shared, anon]) c.close();
  });

  test('removing a rule or silencing the station clears its raised alerts', async () => {
    const { store, active, owner, station } = await setup([
      { item: 'tempc0', condition: 'above', value: 30, method: 'email' },
      { item: 'humc0', condition: 'above', value: 90, method: 'email' },
    ]);
    await store(0, { tempc0: 35, humc0: 95 });
    expect((await active()).map((a) => a.item).sort()).toEqual(['humc0', 'tempc0']);
    const settings = await call(t.url, 'GET', `/alertSettings?weatherDevice=${station._id}&$paginate=false`, {
      token: owner.token,
    });
    const id = settings.body[0]._id;
    await call(t.url, 'PATCH', `/alertSettings/${id}`, {
      token: owner.token,
      body: { settings: [{ item: 'humc0', condition: 'above', value: 90, method: 'email' }] },
    });
    expect((await active()).map((a) => a.item)).toEqual(['humc0']);
    await call(t.url, 'PATCH', `/alertSettings/${id}`, { token: owner.token, body: { disableAll: true } });
    expect(await active()).toEqual([]);
    await store(60, { tempc0: 35, humc0: 95 });
    expect(await active()).toEqual([]);
  });

  test('shared users keep their own rules and get their own alerts', async () => {
    const { store, station, active } = await setup([
      { item: 'tempc0', condition: 'above', value: 30, method: 'email' },
    ]);
    const friend = await newUser(t);
    await t.server.app.ctx.storage
      .knex('weatherDevices')
      .where({ _id: station._id })
      .update({ shareUsers: JSON.stringify([friend.user._id]) });
    t.server.app.ctx.devices.forget(station._id);
    const res = await call(t.url, 'POST', '/alertSettings', {
      token: friend.token,
      body: {
        weatherDevice: station._id,
        settings: [{ item: 'tempc0', condition: 'below', value: 0, method: 'email' }],
      },
    });
    expect(res.status).toBe(201);
    await store(0, { tempc0: -2 });
    expect(await active()).toEqual([]);
    const friendList = await call(t.url, 'GET', `/alerts?device=${station._id}&$paginate=false`, {
      token: friend.token,
    });
    expect(friendList.body).toHaveLength(1);
    expect(friendList.body[0]).toMatchObject({ item: 'tempc0', user: friend.user._id });
  });
});

describe('alerts and alerts/hide input', () => {
  test('clear 400s and 401s', async () => {
    const owner = await newUser(t);
    const station = await newStation(t, owner.token);
    expect((await call(t.url, 'GET', `/alerts?device=${station._id}`)).status).toBe(401);
    const noDevice = await call(t.url, 'GET', '/alerts', { token: owner.token });
    expect(noDevice.status).toBe(400);
    expect(noDevice.body.message).toBe('device is required');
    expect((await call(t.url, 'GET', '/alerts?device=nope', { token: owner.token })).status).toBe(400);
    const noId = await call(t.url, 'GET', `/alerts/hide?device=${station._id}`, { token: owner.token });
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('id is required');
    expect(
      (await call(t.url, 'GET', `/alerts/hide?device=${station._id}&id=x`, { token: owner.token })).status,
    ).toBe(400);
    const missing = await call(t.url, 'GET', `/alerts/hide?device=${station._id}&id=${'a'.repeat(24)}`, {
      token: owner.token,
    });
    expect(missing.status).toBe(404);
  });
});

test('migration 010: earlier duplicate raised alerts are cleared (oldest kept); the database refuses a second one', async () => {
  const storage = await openStorage(':memory:');
  try {
    const { knex } = storage;
    await migrate(knex, '009_device_seq');
    await knex('users').insert({ _id: 'u'.repeat(24), email: 'x@example.com', createdAt: 0, updatedAt: 0 });
    await knex('weatherDevices').insert({
      _id: 'd'.repeat(24),
      wsid: 'w',
      stationKey: 'k',
      name: 'n',
      user: 'u'.repeat(24),
      createdAt: 0,
      updatedAt: 0,
    });
    const alert = (id: string, createdAt: number, status = 'active', sensor: string | null = null) => ({
      _id: id.repeat(24),
      device: 'd'.repeat(24),
      user: 'u'.repeat(24),
      item: 'lostData',
      sensor,
      rule: 'lostData',
      status,
      lastTrigger: 0,
      createdAt,
      updatedAt: createdAt,
    });
    await knex('alerts').insert([
      alert('b', 2),
      alert('a', 1),
      alert('c', 3, 'hidden'),
      alert('e', 4, 'active', 'cn1'),
    ]);
    await migrate(knex);
    const status = Object.fromEntries(
      (await knex('alerts').select('_id', 'status')).map((r: { _id: string; status: string }) => [
        r._id[0],
        r.status,
      ]),
    );
    expect(status).toEqual({ a: 'active', b: 'cleared', c: 'cleared', e: 'active' });
    const refused = await knex('alerts')
      .insert(alert('f', 5))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(refused)).toBe(true);
    await knex('alerts').insert(alert('g', 6, 'cleared')); // cleared ones may repeat
    await knex('alerts').insert(alert('h', 7, 'active', 'cn2')); // another sensor is another alert
  } finally {
    await storage.close();
  }
});
