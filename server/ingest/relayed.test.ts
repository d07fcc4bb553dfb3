// What a home relay adds to an upload (relayed.ts), as the portal reads it: the relay's receipt time is the
// time of a reading without its own, a console's own time still wins, an implausible receipt is ignored, and
// the station's relay status is recorded for the Weather Server page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer } from '../testing/server';
import { RELAY_HEADERS, relayHeaders, relayOf } from './relayed';

describe('relay headers', () => {
  const read = (headers: Record<string, string>) => relayOf((name) => headers[name] ?? '');

  test('written and read back', () => {
    const note = { version: 'relay/1.2.3', queued: 7, received: 1_790_000_000 };
    expect(read(relayHeaders(note))).toEqual(note);
  });

  test('no version: no relay; counts that are not counts are unknown; the version is kept short and printable', () => {
    expect(read({ [RELAY_HEADERS.received]: '1790000000' })).toBeUndefined();
    expect(
      read({
        [RELAY_HEADERS.version]: `r\u0007${'x'.repeat(40)}`,
        [RELAY_HEADERS.queued]: '-1',
        [RELAY_HEADERS.received]: '1e9',
      }),
    ).toEqual({ version: `r${'x'.repeat(31)}`, queued: null, received: null });
  });
});

describe('a relayed upload at the portal', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startServer();
    ({ token } = await newUser(t));
  });
  afterAll(() => t.close());

  const upload = (
    station: { wsid: string; stationKey: string },
    fields: string,
    headers: Record<string, string>,
  ) =>
    fetch(`${t.url}/data/upload.php?wsid=${station.wsid}&wspw=${station.stationKey}&${fields}`, { headers });

  const times = async (id: string) => {
    const now = Math.floor(Date.now() / 1000);
    return (await t.server.app.ctx.samples.samples(id, now - 7200, now + 600)).map((s) => s.time);
  };

  test("a reading without its own time takes the relay's receipt; a console's own time wins", async () => {
    const station = await newStation(t, token, { timezone: 'UTC' });
    const now = Math.floor(Date.now() / 1000);
    const received = now - 1800;
    const res = await upload(station, 't1tem=12', relayHeaders({ version: 'relay/1', queued: 3, received }));
    expect(res.status).toBe(200);
    const own = now - 3000;
    const wall = new Date(own * 1000).toISOString().slice(0, 19).replace('T', '+');
    await upload(
      station,
      `t1tem=13&datetime=${wall}`,
      relayHeaders({ version: 'relay/1', queued: 2, received }),
    );
    expect(await times(station._id)).toEqual([own, received]);

    await t.server.ingest.settled();
    const view = await call(t.url, 'GET', `/weatherServer?device=${station._id}`, { token });
    expect(view.body.relay.status).toMatchObject({ version: 'relay/1', queued: 2 });
    expect(view.body.relay.status.seenAt).toBeGreaterThanOrEqual(now);
  });

  test('a receipt in the future or before 2001 is not believed: the server time is used', async () => {
    const station = await newStation(t, token, { timezone: 'UTC' });
    const before = Math.floor(Date.now() / 1000);
    await upload(
      station,
      't1tem=12',
      relayHeaders({ version: 'relay/1', queued: 0, received: before + 3600 }),
    );
    const [stored] = await times(station._id);
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const other = await newStation(t, token, { timezone: 'UTC' });
    await upload(other, 't1tem=12', relayHeaders({ version: 'relay/1', queued: 0, received: 1000 }));
    expect((await times(other._id))[0]).toBeGreaterThanOrEqual(before);
  });

  test('an upload not through a relay records no relay', async () => {
    const station = await newStation(t, token, { timezone: 'UTC' });
    expect((await upload(station, 't1tem=12', {})).status).toBe(200);
    await t.server.ingest.settled();
    const view = await call(t.url, 'GET', `/weatherServer?device=${station._id}`, { token });
    expect(view.body.relay.status).toBeNull();
  });
});

describe("a relay's backlog and the station's rate limit", () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    // Two uploads at once, then (practically) none: the limit is reached at the third.
    t = await startServer({ ingestBurst: 2, ingestPerSecond: 0.0001 });
    ({ token } = await newUser(t));
  });
  afterAll(() => t.close());

  test("the backlog spends its own tokens: it never takes the live uploads'", async () => {
    const station = await newStation(t, token, { timezone: 'UTC' });
    const now = Math.floor(Date.now() / 1000);
    const send = (n: number, received: number) =>
      fetch(`${t.url}/data/upload.php?wsid=${station.wsid}&wspw=${station.stationKey}&t1tem=${n}`, {
        headers: relayHeaders({ version: 'relay/1', queued: 0, received }),
      }).then((r) => r.status);
    // The backlog: two taken, the third is "too many" (WSLink's 404), to be sent again later.
    expect([await send(1, now - 900), await send(2, now - 890), await send(3, now - 880)]).toEqual([
      200, 200, 404,
    ]);
    // Live uploads still have theirs.
    expect([await send(4, now), await send(5, now + 1)]).toEqual([200, 200]);
    expect(await send(6, now + 2)).toBe(404);
  });
});
