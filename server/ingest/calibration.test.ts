// Calibration at ingest (issue 24), through the real upload endpoint: the owner's entries change what is stored
// and shown, derived values follow, and a change takes effect with the next upload (the cache hears the event).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dewPoint } from '../../src/domain/formulas';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../testing/server';

let t: TestServer;
let owner: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  t = await startServer();
  owner = await newUser(t, 'calibration-owner');
});
afterAll(() => t.close());

/** A WSLink time (UTC) this many minutes ago: each upload its own reading. */
const at = (minutesAgo: number) =>
  new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' ');

async function last(id: string) {
  const res = await call(t.url, 'GET', `/weatherDevices/lastData?device=${id}`, { token: owner.token });
  return res.body.last as Record<string, number | null>;
}

test('uploads are stored calibrated from the entry’s time on; a change applies to the next upload', async () => {
  const s = await newStation(t, owner.token);
  const now = Date.now();
  const made = await call(t.url, 'POST', '/stationCalibrations', {
    token: owner.token,
    body: {
      weatherDevice: s._id,
      entries: [
        { key: 'tempc0', offset: -0.5, since: now - 86_400_000 },
        { key: 'humc0', multiplier: 1.1, since: now - 86_400_000 },
        // Not yet in effect.
        { key: 'relbaro', offset: 100, since: now + 86_400_000 },
      ],
    },
  });
  expect(made.status).toBe(201);
  expect((await wslink(t, s, { datetime: at(2), t1tem: 20, t1hum: 60, rbar: 1010 })).status).toBe(200);
  let row = await last(s._id);
  expect(row.tempc0).toBe(19.5);
  expect(row.humc0).toBe(66);
  expect(row.relbaro).toBe(1010);
  // Derived from the calibrated values, not the console's.
  expect(row.dewpoint).toBeCloseTo(dewPoint(19.5, 66) as number, 1);

  const changed = await call(t.url, 'PATCH', `/stationCalibrations/${made.body._id}`, {
    token: owner.token,
    body: { entries: [{ key: 'tempc0', offset: 1, since: 0 }] },
  });
  expect(changed.status).toBe(200);
  expect((await wslink(t, s, { datetime: at(1), t1tem: 20, t1hum: 60, rbar: 1010 })).status).toBe(200);
  row = await last(s._id);
  expect(row.tempc0).toBe(21);
  expect(row.humc0).toBe(60);
});

test('a calibration that pushes a value out of its range drops that value, not the upload', async () => {
  const s = await newStation(t, owner.token);
  await call(t.url, 'POST', '/stationCalibrations', {
    token: owner.token,
    body: { weatherDevice: s._id, entries: [{ key: 'humc0', offset: 50, since: 0 }] },
  });
  expect((await wslink(t, s, { t1tem: 20, t1hum: 60 })).status).toBe(200);
  const row = await last(s._id);
  expect(row.tempc0).toBe(20);
  expect(row.humc0 ?? null).toBeNull();
});
