// Late readings forwarded (issue 27): a relay's backlog reaches the portal after the newest reading was sent on;
// the networks that take past readings get the late ones afterwards, in order, with their own times, and the
// real-time ones do not. Through the real upload endpoint and a local fake of the networks.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { integrationsConfig } from '../config';
import { FAKE_PATHS, FakeNetwork, fakeEndpoints } from '../testing/fake-network';

let t: TestServer;
let fake: FakeNetwork;
const now = () => Math.floor(Date.now() / 1000);
const pass = () => t.server.app.ctx.forwarder!.pass();
const knex = () => t.server.app.ctx.storage.knex;
/** Time passes: every target is due again. */
const due = () => knex()('uploadTargets').update({ nextAttemptAt: 0 });

beforeAll(async () => {
  fake = await new FakeNetwork().start();
  t = await startServer({
    integrations: { ...integrationsConfig({}), forward: false, endpoints: fakeEndpoints(fake.base) },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

test('late readings go on, in order, to networks that take past readings; the others get only the newest', async () => {
  fake.reply(FAKE_PATHS.wunderground, { status: 200, body: 'success' });
  fake.reply(FAKE_PATHS.weathercloud, { status: 200, body: '200' });
  const lateOwner = await newUser(t, 'fwd-late-owner');
  const late = await newStation(t, lateOwner.token, { timezone: 'UTC' });
  for (const body of [
    { network: 'wunderground', stationId: 'KLATE1', key: 'key-late-1111', interval: 60 },
    {
      network: 'weathercloud',
      stationId: 'abcdef0123456789',
      key: '0123456789abcdef0123456789abcdef',
      interval: 600,
    },
  ]) {
    const res = await call(t.url, 'POST', '/uploadTargets', {
      token: lateOwner.token,
      body: { device: late._id, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const wslink = (minutesAgo: number, temp: number) => {
    const at = new Date((now() - minutesAgo * 60) * 1000).toISOString().slice(0, 19).replace('T', ' ');
    return call(
      t.url,
      'GET',
      `/data/upload.php?wsid=${late.wsid}&wspw=${late.stationKey}&datetime=${encodeURIComponent(at)}&t1tem=${temp}`,
    );
  };
  const before = {
    wu: fake.at(FAKE_PATHS.wunderground).length,
    wc: fake.at(FAKE_PATHS.weathercloud).length,
  };
  expect((await wslink(0, 20)).status).toBe(200);
  await pass();
  expect(fake.at(FAKE_PATHS.wunderground)).toHaveLength(before.wu + 1);
  expect(fake.at(FAKE_PATHS.weathercloud)).toHaveLength(before.wc + 1);
  const sentTime = (
    await knex()('uploadTargets').where({ device: late._id, network: 'wunderground' }).first()
  ).lastSampleTime;

  // A relay's backlog arrives: readings of 40 and 20 minutes ago, after the newest was sent.
  expect((await wslink(40, 11)).status).toBe(200);
  expect((await wslink(20, 12)).status).toBe(200);
  await t.server.ingest.settled();
  await due();
  await pass();
  const wu = fake.at(FAKE_PATHS.wunderground).slice(before.wu + 1);
  expect(wu.map((r) => r.query.get('tempf'))).toEqual(['51.8', '53.6']);
  const bucket = (m: number) => {
    const s = now() - m * 60;
    return new Date((s - (s % 300)) * 1000).toISOString().slice(0, 19).replace('T', ' ');
  };
  expect(wu.map((r) => r.query.get('dateutc'))).toEqual([bucket(40), bucket(20)]);
  expect(fake.at(FAKE_PATHS.weathercloud)).toHaveLength(before.wc + 1);
  const [target] = await knex()('uploadTargets').where({ device: late._id, network: 'wunderground' });
  expect(target.catchUpFrom).toBeNull();
  expect(Number(target.lastSampleTime)).toBe(Number(sentTime));
  // Caught up: the next pass sends nothing again.
  await due();
  await pass();
  expect(fake.at(FAKE_PATHS.wunderground)).toHaveLength(before.wu + 3);
});
