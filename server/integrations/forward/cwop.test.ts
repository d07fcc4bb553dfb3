// CWOP over APRS-IS: the real server ("test now") logs in to a local APRS-IS server on 127.0.0.1 and sends one
// weather packet. Every field is checked against values worked out by hand from the stored sample (below), and
// the packet is read by js-aprs-fap, an APRS parser written apart from ours (a port of Ham::APRS::FAP).
// Format sources: APRS 1.0.1 chapter 12, the CWOP guide, WeeWX restx.py CWOPThread, CumulusMX APRS.cs (see
// formats/cwop.ts).
import { aprsParser } from 'js-aprs-fap';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Sample } from '../../../src/domain/types';
import { call, newStation, newUser, startServer, type TestServer } from '../../testing/server';
import { integrationsConfig } from '../config';
import { FakeAprsIs } from '../testing/fake-aprs';
import { fakeEndpoints } from '../testing/fake-network';
import { aprsDegrees, aprsPacket } from './formats/cwop';

let t: TestServer;
let aprs: FakeAprsIs;
let owner: Awaited<ReturnType<typeof newUser>>;
let station: Awaited<ReturnType<typeof newStation>>;

/** 2024-05-01 12:34:56 UTC (14:34 in Prague, the station's time zone). */
const TIME = 1714566896;
const SAMPLE = {
  tempc0: 21.5,
  humc0: 63,
  winddir: 225,
  windspd: 3.4,
  gust: 5.8,
  hourlyrain: 1.3,
  dailyrain: 7.9,
  relbaro: 1013.2,
  solarrad: 412.5,
};

beforeAll(async () => {
  aprs = await new FakeAprsIs().start();
  t = await startServer({
    integrations: {
      ...integrationsConfig({}),
      forward: false,
      // The operator's APRS-IS server (FORWARD_URL_CWOP) on 127.0.0.1; no home-network opt-in for users.
      endpoints: fakeEndpoints('http://127.0.0.1:9', aprs.url),
      forwardAllowPrivate: false,
    },
  });
  owner = await newUser(t, 'cwop-owner');
  station = await newStation(t, owner.token, { latitude: 50.08, longitude: 14.42 });
  const device = (await t.server.app.ctx.devices.get(station._id))!;
  // The day before, local time 22:00 and 23:55 (5.0 then 6.0 mm since midnight), then the sample sent.
  await t.server.ingest.store(device, TIME - 16 * 3600 - 34 * 60 - 56, { dailyrain: 5 });
  await t.server.ingest.store(device, TIME - 14 * 3600 - 39 * 60 - 56, { dailyrain: 6 });
  await t.server.ingest.store(device, TIME, SAMPLE);
});
afterAll(async () => {
  await t.close();
  await aprs.close();
});

async function testNow(body: Record<string, unknown>) {
  const created = await call(t.url, 'POST', '/uploadTargets', {
    token: owner.token,
    body: { device: station._id, network: 'cwop', ...body },
  });
  expect(created.status).toBe(201);
  const tested = await call(t.url, 'POST', '/uploadTargets/test', {
    token: owner.token,
    body: { target: created.body._id },
  });
  expect(tested.status).toBe(201);
  return tested.body;
}

describe('CWOP over APRS-IS (a local APRS-IS server)', () => {
  test('login line, then one weather packet with every field as worked out by hand', async () => {
    const answer = await testNow({ stationId: 'CW0101', key: '-1' });
    expect(answer).toMatchObject({ ok: true, result: 'ok', message: 'ok' });
    const session = aprs.sessions.at(-1)!;
    await session.closed;
    expect(session.lines).toHaveLength(2);
    const [login, packet] = session.lines;
    expect(login).toBe('user CW0101 pass -1 vers weather-portal 0.1');
    // 50.08° = 50° 4.80' N, 14.42° = 14° 25.20' E; 225°; 3.4 m/s = 7.61 mph → 008, 5.8 m/s = 12.97 mph → 013;
    // 21.5 °C = 70.7 °F → 071; 1.3 mm = 0.051 in → r005; 24 h: (6.0 − 5.0) + 7.9 = 8.9 mm = 0.350 in → p035;
    // 7.9 mm = 0.311 in → P031; h63; 1013.2 hPa → b10132; 412.5 W/m² → L413.
    const fields = {
      head: 'CW0101>APRS,TCPIP*:',
      time: '@011234z',
      position: '5004.80N/01425.20E',
      wind: '_225/008g013',
      temp: 't071',
      rain: 'r005p035P031',
      humidity: 'h63',
      pressure: 'b10132',
      luminosity: 'L413',
      software: '.weather-portal-0.1',
    };
    expect(packet).toBe(Object.values(fields).join(''));

    const parsed = new aprsParser().parseaprs(packet);
    expect(parsed.resultCode).toBeUndefined();
    expect(parsed.sourceCallsign).toBe('CW0101');
    expect(parsed.symboltable).toBe('/');
    expect(parsed.symbolcode).toBe('_');
    expect(parsed.latitude).toBeCloseTo(50.08, 4);
    expect(parsed.longitude).toBeCloseTo(14.42, 4);
    // The parser answers in metric: °C, m/s, mm, hPa.
    expect(parsed.wx).toMatchObject({
      wind_direction: '225',
      wind_speed: '3.6',
      wind_gust: '5.8',
      temp: '21.7',
      rain_1h: '1.3',
      rain_24h: '8.9',
      rain_midnight: '7.9',
      humidity: 63,
      pressure: '1013.2',
      luminosity: '413',
    });
  });

  test('an amateur call sign whose passcode the server does not verify is a refused key', async () => {
    aprs.verdict = 'unverified';
    try {
      const answer = await testNow({ stationId: 'OK1XYZ', key: '12345' });
      expect(answer).toMatchObject({ ok: false, result: 'rejected', message: 'forwardRefusedKey' });
      expect(aprs.sessions.at(-1)!.lines[0]).toBe('user OK1XYZ pass 12345 vers weather-portal 0.1');
    } finally {
      aprs.verdict = 'verified';
    }
  });

  test("a target's own APRS-IS server on a private address is refused when added and when sent (issue #20)", async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '10.1.2.3', '169.254.169.254']) {
      const res = await call(t.url, 'POST', '/uploadTargets', {
        token: owner.token,
        body: {
          device: station._id,
          network: 'cwop',
          stationId: 'CW0102',
          key: '-1',
          url: `aprs://${host}:14580`,
        },
      });
      expect([res.status, res.body.data?.code], host).toEqual([400, 'targetAddress']);
    }
    // One stored before the rule (or while FORWARD_ALLOW_PRIVATE was on) is not connected to.
    const created = await call(t.url, 'POST', '/uploadTargets', {
      token: owner.token,
      body: { device: station._id, network: 'cwop', stationId: 'CW0102', key: '-1' },
    });
    await t.server.app.ctx.storage
      .knex('uploadTargets')
      .where({ _id: created.body._id })
      .update({ url: aprs.url });
    const before = aprs.sessions.length;
    const tested = await call(t.url, 'POST', '/uploadTargets/test', {
      token: owner.token,
      body: { target: created.body._id },
    });
    expect(tested.body).toMatchObject({ ok: false, message: 'targetAddress' });
    expect(aprs.sessions.length).toBe(before);
  });

  test('a station without a position sends nothing: an APRS weather report needs one', async () => {
    const other = await newStation(t, owner.token, { name: 'Nowhere' });
    const device = (await t.server.app.ctx.devices.get(other._id))!;
    await t.server.ingest.store(device, TIME, SAMPLE);
    const created = await call(t.url, 'POST', '/uploadTargets', {
      token: owner.token,
      body: { device: other._id, network: 'cwop', stationId: 'CW0104', key: '-1' },
    });
    const before = aprs.sessions.length;
    const tested = await call(t.url, 'POST', '/uploadTargets/test', {
      token: owner.token,
      body: { target: created.body._id },
    });
    expect(tested.body).toMatchObject({ ok: false, result: 'failed', message: 'forwardNoPosition' });
    expect(aprs.sessions.length).toBe(before);
  });

  test('a server address that is not aprs://host:port is refused with a 400', async () => {
    const res = await call(t.url, 'POST', '/uploadTargets', {
      token: owner.token,
      body: { device: station._id, network: 'cwop', stationId: 'CW0103', key: '-1', url: 'http://x.org/' },
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ field: 'url', code: 'targetAprsUrl' });
  });

  test('below zero, 100 % humidity, strong sun, the southern and western hemispheres, no wind', () => {
    const sample = { time: TIME, tempc0: -25, humc0: 100, solarrad: 1234, relbaro: 987.64 } as Sample;
    const packet = aprsPacket({ stationId: 'dw1234', key: '-1', url: null }, sample, {
      latitude: -33.8688,
      longitude: -70.6693,
    });
    // −25 °C = −13 °F; 33.8688° = 33° 52.13' S; 70.6693° = 70° 40.16' W; 1234 W/m² → l234; 987.64 → b09876.
    expect(packet).toBe(
      'DW1234>APRS,TCPIP*:@011234z3352.13S/07040.16W_.../...g...t-13h00b09876l234.weather-portal-0.1',
    );
    const parsed = new aprsParser().parseaprs(packet);
    expect(parsed.latitude).toBeCloseTo(-33.8688, 3);
    expect(parsed.longitude).toBeCloseTo(-70.6693, 3);
    // (js-aprs-fap 1.3.2 reads "l234" as the text '234' followed by 1000, '2341000': its slip, not the packet's.)
    expect(parsed.wx).toMatchObject({ temp: '-25.0', humidity: 100, pressure: '987.6' });
    // Minutes that round up to 60 carry into the degrees.
    expect(aprsDegrees(49.99999, 2, ['N', 'S'])).toBe('5000.00N');
  });
});
