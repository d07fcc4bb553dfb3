// The permission matrix: every service and method × {owner, shared user, public viewer, stranger, anonymous,
// admin}, over REST and over socket.io, for a private station (shared with one user) and a public station.
// "ok" means the caller got the data or made the change; "deny" means an error status or an answer without the
// private data. A last block proves realtime events do not leak to other channels.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { devicePlanService } from './services/subscriptions/device-plans.class';
import { call, newStation, newUser, startServer, type TestServer, toQuery, wslink } from './testing/server';
import { collect, settle, socketClient } from './testing/socket';

type Role = 'owner' | 'shared' | 'viewer' | 'stranger' | 'anonymous' | 'admin';
const ROLES: Role[] = ['owner', 'shared', 'viewer', 'stranger', 'anonymous', 'admin'];
type Outcome = 'ok' | 'deny';

let t: TestServer;
const tokens: Partial<Record<Role, string>> = {};
const ids: Partial<Record<Role, string>> = {};
const emails: Partial<Record<Role, string>> = {};
/** Per transport: an invitation of a doomed station to the viewer (declined) and one to an address (revoked). */
const viewerInvite = {} as Record<'rest' | 'socket', string>;
const revokedInvite = {} as Record<'rest' | 'socket', string>;
const OWNER_SESSION = 'owner-session-matrix';
let priv: { _id: string; wsid: string; stationKey: string };
let pub: { _id: string; wsid: string; stationKey: string };
let ownerAlertId = '';
/** The private station's upload target (issue #17), with a key only the owner may read. */
let ownerTargetId = '';
const TARGET_KEY = 'matrix-target-key-7777';
const doomed = {} as Record<'rest' | 'socket', { _id: string }>;
let transport: 'rest' | 'socket' = 'rest';
let ownerSettingsId = '';
/** A value quality control left out of the private station's data (issue 24). */
let ownerFlagId = '';
/** A correction of the private station's readings (issue 24), in its edit log. */
let ownerCorrectionId = '';
let correctedValue = 20;
const PRIV_MAC = 'AA:BB:CC:DD:00:01';
const PUB_MAC = 'AA:BB:CC:DD:00:02';
let yearlyPlanId = '';
let draftPlanId = '';
let devicePlan = { _id: '', start: 0 };
const doomedPlan = {} as Record<'rest' | 'socket', string>;
const doomedDevicePlan = {} as Record<'rest' | 'socket', string>;
/** The admin area (issue #15): an account and a station per transport for admin removes. */
const doomedAccount = {} as Record<'rest' | 'socket', string>;
const doomedAdminStation = {} as Record<'rest' | 'socket', string>;
/** A paid device type (7) without a plan: public and shared, yet nobody gets its readings (issue #14). */
let paid: { _id: string; wsid: string; stationKey: string };
const PAID_MAC = 'AA:BB:CC:DD:00:07';
let monthlyPlanId = '';
/** The owner's pending order for the paid station, and one per transport to remove. */
let ownerOrder = '';
const doomedOrder = {} as Record<'rest' | 'socket', string>;

beforeAll(async () => {
  t = await startServer();
  for (const role of ['owner', 'shared', 'viewer', 'stranger', 'admin'] as const) {
    const u = await newUser(t, role);
    tokens[role] = u.token;
    ids[role] = u.user._id;
    emails[role] = u.email;
  }
  const knex = t.server.app.ctx.storage.knex;
  await knex('users').where({ _id: ids.admin }).update({ isAdmin: true });
  priv = await newStation(t, tokens.owner!, {
    name: 'Private',
    latitude: 50,
    longitude: 14,
    timezone: 'UTC',
    mac: PRIV_MAC,
  });
  pub = await newStation(t, tokens.owner!, {
    name: 'Public',
    latitude: 50,
    longitude: 14,
    timezone: 'UTC',
    mac: PUB_MAC,
  });
  await knex('weatherDevices')
    .where({ _id: priv._id })
    .update({ shareUsers: JSON.stringify([ids.shared]) });
  await knex('weatherDevices').where({ _id: pub._id }).update({ shareMode: 'public' });
  t.server.app.ctx.devices.forget();
  // Uploads a minute apart (the same second twice would be a retransmission).
  const at = (minutesAgo: number) =>
    new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' ');
  paid = await newStation(t, tokens.owner!, {
    name: 'Paid type',
    consoletype: 7,
    latitude: 50,
    longitude: 14,
    timezone: 'UTC',
    mac: PAID_MAC,
  });
  await knex('weatherDevices')
    .where({ _id: paid._id })
    .update({ shareUsers: JSON.stringify([ids.shared]), shareMode: 'public' });
  t.server.app.ctx.devices.forget();
  for (const s of [priv, pub, paid])
    await wslink(t, s, { datetime: at(3), t1tem: 21, t1hum: 50, rbar: 1010 });
  // A camera image for each (issue 28): the image service follows the samples' rule.
  const jpeg = readFileSync(join(import.meta.dirname, 'services', 'camera', 'fixtures', 'morning.jpg'));
  for (const s of [priv, pub, paid]) {
    const res = await fetch(`${t.url}/data/camera/${s.stationKey}`, {
      method: 'POST',
      body: new Uint8Array(jpeg),
    });
    expect(res.status).toBe(200);
  }
  for (const k of ['rest', 'socket'] as const) {
    doomed[k] = await newStation(t, tokens.owner!, { name: `Doomed ${k}` });
    await knex('weatherDevices')
      .where({ _id: doomed[k]._id })
      .update({ shareUsers: JSON.stringify([ids.shared]) });
    t.server.app.ctx.devices.forget(doomed[k]._id);
    const invite = (email: string) =>
      call(t.url, 'POST', '/shareInvitations', {
        token: tokens.owner,
        body: { device: doomed[k]._id, email },
      });
    viewerInvite[k] = (await invite(emails.viewer!)).body._id;
    revokedInvite[k] = (await invite(`revoked-${k}@example.com`)).body._id;
  }
  await call(t.url, 'POST', '/sessions', {
    token: tokens.owner,
    body: { _id: OWNER_SESSION, associateUser: ids.owner },
  });
  const display = await call(t.url, 'POST', '/deviceDisplaySettings', {
    token: tokens.owner,
    body: {
      weatherDevice: priv._id,
      metricsList: ['outdoor'],
      detailList: [],
      graphList: [],
      graphRange: 'day',
    },
  });
  ownerSettingsId = display.body._id;
  await call(t.url, 'POST', '/alertSettings', {
    token: tokens.owner,
    body: {
      weatherDevice: priv._id,
      disableAll: false,
      settings: [{ item: 'tempc0', condition: 'above', value: 10, unit: 'C', method: 'email' }],
    },
  });
  await wslink(t, priv, { datetime: at(2), t1tem: 22, t1hum: 50 });
  await t.server.app.ctx.alerts?.idle();
  ownerFlagId = '0'.repeat(23) + '1';
  await knex('qcFlags').insert({
    _id: ownerFlagId,
    device: priv._id,
    time: Math.floor(Date.now() / 1000) - 150,
    key: 'tempc0',
    value: 80,
    reason: 'spike',
    status: 'flagged',
    createdAt: Date.now(),
  });
  ownerCorrectionId = '0'.repeat(23) + '2';
  await knex('sampleCorrections').insert({
    _id: ownerCorrectionId,
    device: priv._id,
    metric: 'tempc0',
    from: Math.floor(Date.now() / 1000) - 3600,
    to: Math.floor(Date.now() / 1000) - 3000,
    action: 'remove',
    value: null,
    reason: 'test',
    user: null,
    createdAt: Date.now(),
    samples: 0,
    before: JSON.stringify({ count: 0, min: null, max: null }),
    after: JSON.stringify({ count: 0, min: null, max: null }),
    changes: '[]',
  });
  const alerts = await call(t.url, 'GET', `/alerts?device=${priv._id}`, { token: tokens.owner });
  ownerAlertId = list(alerts.body)[0]?._id ?? '';
  expect(ownerAlertId).toMatch(/^[0-9a-f]{24}$/);
  const target = await call(t.url, 'POST', '/uploadTargets', {
    token: tokens.owner,
    body: {
      device: priv._id,
      network: 'wunderground',
      stationId: 'KMATRIX1',
      key: TARGET_KEY,
      enabled: false,
    },
  });
  ownerTargetId = target.body._id;
  // Subscriptions: the private station has a yearly plan; an admin's draft plan; records to remove per transport.
  const plans = t.server.app.service('subscriptionPlans');
  const devicePlans = devicePlanService(t.server.app);
  yearlyPlanId = list(await plans.find({ query: { name: 'Premium yearly' } }))[0]._id;
  // Bound to the station it is for (issue 20 item 4: a period names its station; MAC-only ones count nowhere here).
  devicePlan = await devicePlans.grant(PRIV_MAC, yearlyPlanId, ids.owner!, undefined, priv._id);
  draftPlanId = (await plans.create({ name: 'Draft', months: 1 }))._id;
  monthlyPlanId = list(await plans.find({ query: { name: 'Premium monthly' } }))[0]._id;
  const order = () =>
    call(t.url, 'POST', '/orders', {
      token: tokens.owner,
      body: { subscriptionPlan: monthlyPlanId, devices: [paid._id] },
    }).then((r) => r.body._id as string);
  ownerOrder = await order();
  for (const k of ['rest', 'socket'] as const) {
    doomedOrder[k] = await order();
    doomedPlan[k] = (await plans.create({ name: `Doomed ${k}`, months: 1 }))._id;
    doomedDevicePlan[k] = (
      await t.server.app
        .service('deviceSubscriptionPlan')
        .create({ mac: PRIV_MAC, user: ids.owner, subscriptionPlan: yearlyPlanId, start: 0 }, {})
    )._id;
    doomedAccount[k] = (await newUser(t, `doomed-account-${k}`)).user._id;
    doomedAdminStation[k] = (await newStation(t, tokens.stranger!, { name: `Admin doomed ${k}` }))._id;
  }
}, 60_000);
afterAll(() => t.close());

interface Case {
  name: string;
  method: 'find' | 'get' | 'create' | 'patch' | 'remove';
  path: string;
  id?: () => string;
  query?: () => Record<string, unknown>;
  data?: () => unknown;
  /** When a 2xx answer still means "denied" (e.g. an empty list). */
  ok?: (body: any) => boolean;
  expect: Record<Role, Outcome>;
  restOnly?: boolean;
  /** Sent as headers over REST; an `idempotency-key` goes in the query (`$idempotencyKey`) over the socket. */
  headers?: () => Record<string, string>;
}

const readers = (extra: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  owner: 'ok',
  shared: 'ok',
  viewer: 'deny',
  stranger: 'deny',
  anonymous: 'deny',
  admin: 'ok',
  ...extra,
});
/** A JPEG's bytes: the text of a REST answer (call() reads images as text) or a socket's binary. */
const isImage = (b: unknown) =>
  (typeof b === 'string' && b.length > 1000) || (b instanceof Uint8Array && b[0] === 0xff && b[1] === 0xd8);
const everyone = (): Record<Role, Outcome> => ({
  owner: 'ok',
  shared: 'ok',
  viewer: 'ok',
  stranger: 'ok',
  anonymous: 'ok',
  admin: 'ok',
});
/** Refused to everyone, admins included (malformed calls). */
const nobody = (): Record<Role, Outcome> => ({
  owner: 'deny',
  shared: 'deny',
  viewer: 'deny',
  stranger: 'deny',
  anonymous: 'deny',
  admin: 'deny',
});
const ownerOnly = (extra: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  owner: 'ok',
  shared: 'deny',
  viewer: 'deny',
  stranger: 'deny',
  anonymous: 'deny',
  admin: 'ok',
  ...extra,
});
const adminOnly = (): Record<Role, Outcome> => ({
  owner: 'deny',
  shared: 'deny',
  viewer: 'deny',
  stranger: 'deny',
  anonymous: 'deny',
  admin: 'ok',
});
const hasRows = (b: any) => Array.isArray(b) && Array.isArray(b[1]) && b[1].length > 0;
const list = (b: any): any[] => (Array.isArray(b) ? b : (b?.data ?? []));
const iso = (t: number) => new Date(t * 1000).toISOString();
const now = () => Math.floor(Date.now() / 1000);

/** Every method of the admin area's services. */
const ADMIN_CASES = (): Case[] => [
  {
    name: 'admin: find accounts',
    method: 'find',
    path: 'admin/users',
    query: () => ({ email: { $regex: 'stranger', $options: 'i' } }),
    ok: (b) => list(b).some((u: any) => u._id === ids.stranger),
    expect: adminOnly(),
  },
  {
    name: 'admin: get an account',
    method: 'get',
    path: 'admin/users',
    id: () => ids.stranger!,
    expect: adminOnly(),
  },
  {
    name: 'admin: add an account',
    method: 'create',
    path: 'admin/users',
    data: () => ({ email: `matrix-added-${transport}@example.com`, password: 'long enough pw' }),
    expect: adminOnly(),
  },
  {
    name: 'admin: edit an account',
    method: 'patch',
    path: 'admin/users',
    id: () => ids.stranger!,
    data: () => ({ lastName: 'Stranger' }),
    expect: adminOnly(),
  },
  {
    name: 'admin: delete an account',
    method: 'remove',
    path: 'admin/users',
    id: () => doomedAccount[transport],
    expect: adminOnly(),
  },
  {
    name: 'admin: find stations',
    method: 'find',
    path: 'admin/devices',
    query: () => ({ $populate: 'user', $limit: 100 }),
    ok: (b) => list(b).some((d: any) => d._id === priv._id),
    expect: adminOnly(),
  },
  {
    name: 'admin: get a station',
    method: 'get',
    path: 'admin/devices',
    id: () => priv._id,
    expect: adminOnly(),
  },
  {
    name: 'admin: edit a station',
    method: 'patch',
    path: 'admin/devices',
    id: () => priv._id,
    data: () => ({ name: 'Private' }),
    expect: adminOnly(),
  },
  {
    name: 'admin: delete a station',
    method: 'remove',
    path: 'admin/devices',
    id: () => doomedAdminStation[transport],
    expect: adminOnly(),
  },
  {
    name: 'admin: ingest health',
    method: 'find',
    path: 'admin/ingestHealth',
    ok: (b) => Array.isArray(b.minutes) && Array.isArray(b.rejections),
    expect: adminOnly(),
  },
];

const CASES: Case[] = [
  // Private station
  {
    name: 'get private station',
    method: 'get',
    path: 'weatherDevices',
    id: () => priv._id,
    expect: readers(),
  },
  {
    name: 'find private station by wsid',
    method: 'find',
    path: 'weatherDevices',
    query: () => ({ wsid: priv.wsid }),
    ok: (b) => list(b).length === 1,
    expect: readers(),
  },
  {
    name: 'find private station as a kept public id',
    method: 'find',
    path: 'weatherDevices',
    query: () => ({ $devices: { public: [priv._id] } }),
    ok: (b) => list(b).some((d: any) => d._id === priv._id),
    expect: readers(),
  },
  {
    name: 'station key visible',
    method: 'get',
    path: 'weatherDevices',
    id: () => priv._id,
    ok: (b) => typeof b.stationKey === 'string',
    expect: ownerOnly(),
  },
  // The MAC identifies the station when the owner turns macAuth on: it goes to the owner only (issue #9 B).
  {
    name: 'MAC and macAuth visible (private station)',
    method: 'get',
    path: 'weatherDevices',
    id: () => priv._id,
    ok: (b) => b.mac === PRIV_MAC || b.macAuth !== undefined,
    expect: ownerOnly(),
  },
  {
    name: 'MAC and macAuth visible (public station)',
    method: 'get',
    path: 'weatherDevices',
    id: () => pub._id,
    ok: (b) => b.mac === PUB_MAC || b.macAuth !== undefined,
    expect: ownerOnly(),
  },
  {
    name: 'MAC visible in a public station found by wsid',
    method: 'find',
    path: 'weatherDevices',
    query: () => ({ wsid: pub.wsid }),
    ok: (b) => list(b).some((d: any) => 'mac' in d || 'macAuth' in d),
    expect: ownerOnly(),
  },
  {
    name: 'MAC visible in stations/lookup',
    method: 'find',
    path: 'stations/lookup',
    query: () => ({ wsid: pub.wsid }),
    ok: (b) => 'mac' in b || 'macAuth' in b,
    expect: ownerOnly(),
  },
  {
    name: 'turn identification by MAC on',
    method: 'patch',
    path: 'weatherDevices',
    id: () => pub._id,
    data: () => ({ macAuth: true }),
    ok: (b) => b.macAuth === true,
    expect: ownerOnly(),
  },
  {
    name: 'patch private station',
    method: 'patch',
    path: 'weatherDevices',
    id: () => priv._id,
    data: () => ({ name: 'Private' }),
    expect: ownerOnly(),
  },
  {
    name: 'lastData',
    method: 'find',
    path: 'weatherDevices/lastData',
    query: () => ({ device: priv._id, range: true }),
    ok: (b) => b.last?.tempc0 !== undefined,
    expect: readers(),
  },
  {
    name: 'batchLastData',
    method: 'find',
    path: 'weatherMetrics/batchLastData',
    query: () => ({ devices: [priv._id] }),
    ok: hasRows,
    expect: readers(),
  },
  {
    name: 'raw samples',
    method: 'find',
    path: 'weatherMetrics',
    query: () => ({ device: priv._id, from: now() - 3600, to: now() + 60 }),
    ok: hasRows,
    expect: readers(),
  },
  {
    name: '5-minute rows',
    method: 'find',
    path: 'weatherMetrics/5m',
    query: () => ({ device: priv._id, from: now() - 3600, to: now() + 600 }),
    ok: hasRows,
    expect: readers(),
  },
  {
    name: 'query',
    method: 'find',
    path: 'weatherMetrics/query',
    query: () => ({ device: priv._id, from: now() - 3600, to: now() + 600, type: '5m' }),
    ok: hasRows,
    expect: readers(),
  },
  {
    name: 'queryGroup',
    method: 'find',
    path: 'weatherMetrics/queryGroup',
    query: () => ({
      device: priv._id,
      range: '1h',
      metrics: 'mean_tempc0',
      startTime: iso(now() - 7200),
      endTime: iso(now() + 3600),
    }),
    ok: hasRows,
    expect: readers(),
  },
  {
    name: 'forecast',
    method: 'find',
    path: 'weatherDevices/forecast',
    query: () => ({ device: priv._id, type: 'current' }),
    expect: readers(),
  },
  {
    name: 'sun and moon',
    method: 'find',
    path: 'weatherDevices/sun',
    query: () => ({ device: priv._id }),
    expect: readers(),
  },
  {
    name: 'camera image',
    method: 'find',
    path: 'weatherDevices/camera',
    query: () => ({ device: priv._id }),
    ok: isImage,
    expect: readers(),
  },
  {
    name: 'camera image at a time',
    method: 'find',
    path: 'weatherDevices/camera',
    query: () => ({ device: priv._id, time: String(Date.now() + 60_000) }),
    ok: isImage,
    expect: readers(),
  },
  {
    name: 'camera day list',
    method: 'find',
    path: 'weatherDevices/camera',
    query: () => ({ device: priv._id, list: new Date().toISOString().slice(0, 10) }),
    ok: (b) => Array.isArray(b.times) && b.times.length > 0,
    expect: readers(),
  },
  {
    name: 'station records',
    method: 'find',
    path: 'weatherDevices/records',
    query: () => ({ device: priv._id }),
    expect: readers(),
  },
  {
    name: 'climate summary',
    method: 'find',
    path: 'weatherDevices/climate',
    query: () => ({ device: priv._id, month: '2025-01' }),
    expect: readers(),
  },
  {
    name: 'reset the station records',
    method: 'remove',
    path: 'weatherDevices/records',
    id: () => priv._id,
    expect: ownerOnly(),
  },
  {
    name: 'station lookup',
    method: 'find',
    path: 'stations/lookup',
    query: () => ({ wsid: priv.wsid }),
    expect: readers(),
  },
  {
    name: 'weather server view',
    method: 'find',
    path: 'weatherServer',
    query: () => ({ device: priv._id }),
    expect: ownerOnly(),
  },
  {
    name: 'export',
    method: 'find',
    path: 'weatherMetrics/export',
    restOnly: true,
    query: () => ({
      device: priv._id,
      startTime: iso(now() - 3600),
      endTime: iso(now() + 600),
      format: 'csv',
    }),
    expect: readers(),
  },
  {
    name: 'display settings',
    method: 'find',
    path: 'deviceDisplaySettings',
    query: () => ({ weatherDevice: priv._id, $limit: 1 }),
    expect: readers(),
  },
  {
    name: "the owner's display settings record",
    method: 'patch',
    path: 'deviceDisplaySettings',
    id: () => ownerSettingsId,
    data: () => ({ graphRange: 'day' }),
    expect: ownerOnly({ admin: 'deny' }),
  },
  // The station's own calibration (issue 24): everyone who reads the station reads it; the owner changes it.
  {
    name: 'calibration',
    method: 'find',
    path: 'stationCalibrations',
    query: () => ({ weatherDevice: priv._id, $paginate: false }),
    expect: readers(),
  },
  {
    name: 'quality-control limits',
    method: 'find',
    path: 'stationQcLimits',
    query: () => ({ weatherDevice: priv._id, $paginate: false }),
    expect: readers(),
  },
  // Values quality control left out (issue 24): only the owner (and an admin) sees and decides them.
  {
    name: 'the flagged values',
    method: 'find',
    path: 'qcFlags',
    query: () => ({ device: priv._id }),
    expect: ownerOnly(),
  },
  {
    name: 'reject a flagged value',
    method: 'patch',
    path: 'qcFlags',
    id: () => ownerFlagId,
    data: () => ({ status: 'rejected' }),
    expect: ownerOnly(),
  },
  {
    name: 'the neighbour check',
    method: 'find',
    path: 'stationNeighbours',
    query: () => ({ device: priv._id }),
    expect: ownerOnly(),
  },
  // Corrections of readings (issue 24): the edit log, the sources, a correction and its undo are the owner's.
  {
    name: 'the edit log',
    method: 'find',
    path: 'sampleCorrections',
    query: () => ({ device: priv._id }),
    ok: (b) => Array.isArray(b) && b.length > 0,
    expect: ownerOnly(),
  },
  {
    name: 'the readings with their source',
    method: 'find',
    path: 'sampleCorrections',
    query: () => ({ device: priv._id, samples: true, from: now() - 3600, to: now() + 60 }),
    ok: (b) => Array.isArray(b) && b.length > 0,
    expect: ownerOnly(),
  },
  {
    name: 'correct a reading',
    method: 'create',
    path: 'sampleCorrections',
    // Another value each time, so every allowed call changes the reading.
    data: () => ({
      device: priv._id,
      metric: 'tempc0',
      from: now() - 3600,
      to: now(),
      action: 'set',
      value: ++correctedValue,
      reason: 'sensor check',
    }),
    ok: (b) => b?.samples > 0,
    expect: ownerOnly(),
  },
  {
    name: 'undo a correction',
    method: 'patch',
    path: 'sampleCorrections',
    id: () => ownerCorrectionId,
    data: () => ({ undone: true }),
    ok: (b) => typeof b?.undoneAt === 'number',
    expect: ownerOnly(),
  },
  {
    name: 'correct a reading, malformed',
    method: 'create',
    path: 'sampleCorrections',
    data: () => ({ device: priv._id, metric: 'tempc0', from: now(), to: now() - 60, action: 'remove' }),
    expect: nobody(),
  },
  // Re-applying a calibration to history (issue 24): the preview and the apply are the owner's.
  {
    name: 'a recalibration preview',
    method: 'find',
    path: 'stationRecalibrations',
    query: () => ({ device: priv._id, key: 'tempc0', from: now() - 86400 }),
    ok: (b) => Array.isArray(b?.days),
    expect: ownerOnly(),
  },
  {
    name: 'the raw values kept',
    method: 'find',
    path: 'stationRecalibrations',
    query: () => ({ device: priv._id, key: 'tempc0', from: now() - 86400, raw: true }),
    ok: (b) => Array.isArray(b?.values),
    expect: ownerOnly(),
  },
  {
    name: 'apply a calibration to history',
    method: 'create',
    path: 'stationRecalibrations',
    data: () => ({ device: priv._id, key: 'tempc0', from: now() - 86400 }),
    ok: (b) => b?.applied === true,
    expect: ownerOnly(),
  },
  {
    name: 'apply a calibration to history, malformed',
    method: 'create',
    path: 'stationRecalibrations',
    data: () => ({ device: priv._id, key: 'dewpoint', from: 'soon' }),
    expect: nobody(),
  },
  // Readers get their own (possibly empty) rules; "the owner's alert rules" below checks nothing leaks.
  {
    name: 'alert settings',
    method: 'find',
    path: 'alertSettings',
    query: () => ({ weatherDevice: priv._id, $paginate: false }),
    expect: readers(),
  },
  {
    name: "the owner's alert rules",
    method: 'find',
    path: 'alertSettings',
    query: () => ({ weatherDevice: priv._id, $paginate: false }),
    ok: (b) => list(b).length > 0,
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: "the owner's active alerts",
    method: 'find',
    path: 'alerts',
    query: () => ({ device: priv._id }),
    ok: (b) => list(b).some((a: any) => a._id === ownerAlertId),
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: "hide the owner's alert",
    method: 'find',
    path: 'alerts/hide',
    query: () => ({ device: priv._id, id: '0'.repeat(24) }),
    expect: nobody(),
  },
  // Public station: anyone reads, only the owner (and admin) writes.
  {
    name: 'get public station',
    method: 'get',
    path: 'weatherDevices',
    id: () => pub._id,
    expect: everyone(),
  },
  // The public station page (issue #12) shows the record to anyone: nobody's e-mail is in it (no owner e-mail,
  // no share e-mails: the public station is shared with nobody, so not even its owner gets any).
  {
    name: 'e-mail addresses in a public station found by wsid',
    method: 'find',
    path: 'weatherDevices',
    query: () => ({ wsid: pub.wsid }),
    ok: (b) => JSON.stringify(list(b)).includes('@'),
    expect: nobody(),
  },
  {
    name: 'public lastData',
    method: 'find',
    path: 'weatherDevices/lastData',
    query: () => ({ device: pub._id }),
    ok: (b) => b.last?.tempc0 !== undefined,
    expect: everyone(),
  },
  {
    name: 'public camera image',
    method: 'find',
    path: 'weatherDevices/camera',
    query: () => ({ device: pub._id }),
    ok: isImage,
    expect: everyone(),
  },
  {
    name: 'public camera day list',
    method: 'find',
    path: 'weatherDevices/camera',
    query: () => ({ device: pub._id, list: new Date().toISOString().slice(0, 10) }),
    ok: (b) => Array.isArray(b.times) && b.times.length > 0,
    expect: everyone(),
  },
  {
    name: 'public station key',
    method: 'get',
    path: 'weatherDevices',
    id: () => pub._id,
    ok: (b) => typeof b.stationKey === 'string',
    expect: ownerOnly(),
  },
  {
    name: 'patch public station',
    method: 'patch',
    path: 'weatherDevices',
    id: () => pub._id,
    data: () => ({ name: 'Public' }),
    expect: ownerOnly(),
  },
  {
    name: 'weather server view of a public station',
    method: 'find',
    path: 'weatherServer',
    query: () => ({ device: pub._id }),
    expect: ownerOnly(),
  },
  // Anyone signed in may ask (and gets only their own, empty, rules); see "the owner's alert rules" for leaks.
  {
    name: 'public alert settings',
    method: 'find',
    path: 'alertSettings',
    query: () => ({ weatherDevice: pub._id, $paginate: false }),
    expect: { ...everyone(), anonymous: 'deny' },
  },
  // Accounts
  {
    name: "the owner's user record",
    method: 'get',
    path: 'users',
    id: () => ids.owner!,
    expect: ownerOnly({ admin: 'ok' }),
  },
  {
    name: "patch the owner's user record",
    method: 'patch',
    path: 'users',
    id: () => ids.owner!,
    data: () => ({ firstName: 'Owner' }),
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: 'account summary',
    method: 'find',
    path: 'users/me',
    ok: (b) => b.user?._id === ids.owner,
    expect: ownerOnly({ admin: 'deny' }),
  },
  // users find: without parameters everyone signed in gets [themself]; "related names" (spec §7) only for the
  // people on one's own devices (owner ↔ shared user), with their e-mail; the whole list and searches over every
  // account for admins only. Unrelated ids are left out (an empty page, not an error).
  {
    name: 'who am I (users find without parameters)',
    method: 'find',
    path: 'users',
    ok: (b) => Array.isArray(b) && b.length === 1 && typeof b[0].email === 'string',
    expect: { ...everyone(), anonymous: 'deny' },
  },
  {
    name: "the owner's name and e-mail (related names)",
    method: 'find',
    path: 'users',
    query: () => ({ _id: { $in: [ids.owner, ids.stranger] }, $limit: 100 }),
    ok: (b) => list(b).some((u: any) => u._id === ids.owner && u.email && typeof u.firstName === 'string'),
    expect: readers(),
  },
  {
    name: "the shared user's name and e-mail (related names)",
    method: 'find',
    path: 'users',
    query: () => ({ _id: { $in: [ids.shared] }, $limit: 100 }),
    ok: (b) => list(b).some((u: any) => u._id === ids.shared && u.email),
    expect: readers(),
  },
  {
    name: 'every account',
    method: 'find',
    path: 'users',
    query: () => ({ $limit: 100 }),
    ok: (b) => [ids.owner, ids.viewer, ids.stranger].every((id) => list(b).some((u: any) => u._id === id)),
    expect: adminOnly(),
  },
  {
    name: "autocomplete finds the viewer's account",
    method: 'find',
    path: 'users',
    query: () => ({
      $or: [{ email: { $regex: '^VIEWER-', $options: 'i' } }, { firstName: { $regex: 'viewer' } }],
      $limit: 10,
    }),
    ok: (b) => list(b).some((u: any) => u._id === ids.viewer),
    expect: { ...adminOnly(), viewer: 'ok' },
  },
  {
    name: 'more than 100 users at once',
    method: 'find',
    path: 'users',
    query: () => ({ _id: { $in: [ids.owner] }, $limit: 101 }),
    expect: nobody(),
  },
  { name: 'public config', method: 'find', path: 'config', expect: everyone() },
  { name: 'metric definitions', method: 'find', path: 'metrics', expect: everyone() },
  // Subscriptions: published plans are public, drafts and changes are for admins; a device's plan is for those
  // who own or share the station (viewers and strangers get an empty list), writes for admins.
  {
    name: 'subscription plans',
    method: 'find',
    path: 'subscriptionPlans',
    query: () => ({ $limit: 100 }),
    ok: (b) => list(b).some((p: any) => p._id === yearlyPlanId),
    expect: everyone(),
  },
  {
    name: 'a draft plan',
    method: 'get',
    path: 'subscriptionPlans',
    id: () => draftPlanId,
    expect: adminOnly(),
  },
  {
    name: 'drafts in the plan list',
    method: 'find',
    path: 'subscriptionPlans',
    query: () => ({ status: 'draft', $limit: 100 }),
    ok: (b) => list(b).some((p: any) => p._id === draftPlanId),
    expect: adminOnly(),
  },
  {
    name: 'create a plan',
    method: 'create',
    path: 'subscriptionPlans',
    data: () => ({ name: 'Matrix', months: 1 }),
    expect: adminOnly(),
  },
  {
    name: 'patch a plan',
    method: 'patch',
    path: 'subscriptionPlans',
    id: () => draftPlanId,
    data: () => ({ $push: { features: 'Matrix' } }),
    expect: adminOnly(),
  },
  {
    name: 'remove a plan',
    method: 'remove',
    path: 'subscriptionPlans',
    id: () => doomedPlan[transport],
    expect: adminOnly(),
  },
  {
    name: "the private station's subscription plan",
    method: 'find',
    path: 'deviceSubscriptionPlan',
    query: () => ({ mac: PRIV_MAC, $populate: 'subscriptionPlan', $limit: 1 }),
    ok: (b) => list(b)[0]?.subscriptionPlan?._id === yearlyPlanId,
    expect: readers(),
  },
  {
    name: 'a device plan by id',
    method: 'get',
    path: 'deviceSubscriptionPlan',
    id: () => devicePlan._id,
    expect: readers(),
  },
  {
    name: 'every device plan',
    method: 'find',
    path: 'deviceSubscriptionPlan',
    query: () => ({ $limit: 100 }),
    ok: (b) => list(b).length > 0,
    expect: adminOnly(),
  },
  {
    name: 'grant a device plan directly',
    method: 'create',
    path: 'deviceSubscriptionPlan',
    data: () => ({ mac: PRIV_MAC, user: ids.owner, subscriptionPlan: yearlyPlanId, start: 0 }),
    expect: adminOnly(),
  },
  {
    name: 'patch a device plan',
    method: 'patch',
    path: 'deviceSubscriptionPlan',
    id: () => devicePlan._id,
    data: () => ({ start: devicePlan.start }),
    expect: adminOnly(),
  },
  {
    name: 'remove a device plan',
    method: 'remove',
    path: 'deviceSubscriptionPlan',
    id: () => doomedDevicePlan[transport],
    expect: adminOnly(),
  },
  // Paid device types (issue #14): a type-7 station without a plan, public and shared, leaks no reading to
  // anyone through any data path.
  ...(
    [
      ['lastData', 'weatherDevices/lastData', () => ({ device: paid._id, range: true })],
      ['raw samples', 'weatherMetrics', () => ({ device: paid._id, from: now() - 3600, to: now() + 60 })],
      [
        '5-minute rows',
        'weatherMetrics/5m',
        () => ({ device: paid._id, from: now() - 3600, to: now() + 600 }),
      ],
      [
        'query',
        'weatherMetrics/query',
        () => ({ device: paid._id, from: now() - 3600, to: now() + 600, type: '5m' }),
      ],
      [
        'queryGroup',
        'weatherMetrics/queryGroup',
        () => ({
          device: paid._id,
          range: '1h',
          metrics: 'mean_tempc0',
          startTime: iso(now() - 7200),
          endTime: iso(now() + 3600),
        }),
      ],
      ['forecast', 'weatherDevices/forecast', () => ({ device: paid._id, type: 'current' })],
      ['records', 'weatherDevices/records', () => ({ device: paid._id })],
      ['climate', 'weatherDevices/climate', () => ({ device: paid._id, month: '2025-01' })],
      ['camera image', 'weatherDevices/camera', () => ({ device: paid._id })],
    ] as const
  ).map(
    ([name, path, query]): Case => ({
      name: `paid type without a plan: ${name}`,
      method: 'find',
      path,
      query,
      expect: nobody(),
    }),
  ),
  {
    name: 'paid type without a plan: batchLastData',
    method: 'find',
    path: 'weatherMetrics/batchLastData',
    query: () => ({ devices: [paid._id, priv._id] }),
    ok: (b) => hasRows(b) && b[1].some((r: any[]) => r.includes(paid._id)),
    expect: nobody(),
  },
  {
    name: 'paid type without a plan: export',
    method: 'find',
    path: 'weatherMetrics/export',
    restOnly: true,
    query: () => ({
      device: paid._id,
      startTime: iso(now() - 3600),
      endTime: iso(now() + 600),
      format: 'csv',
    }),
    expect: nobody(),
  },
  // Orders (issue #14): the buyer's own (admins all); orders for stations one owns or shares; status changes
  // for admins; payments for the buyer.
  {
    name: "the owner's order in the order list",
    method: 'find',
    path: 'orders',
    query: () => ({ $limit: 100 }),
    ok: (b) => list(b).some((o: any) => o._id === ownerOrder),
    expect: ownerOnly(),
  },
  {
    name: "the owner's order",
    method: 'get',
    path: 'orders',
    id: () => ownerOrder,
    expect: ownerOnly(),
  },
  {
    name: 'order a plan for the paid station',
    method: 'create',
    path: 'orders',
    data: () => ({ subscriptionPlan: monthlyPlanId, devices: [paid._id] }),
    expect: readers(),
  },
  {
    name: "change an order's status",
    method: 'patch',
    path: 'orders',
    id: () => ownerOrder,
    data: () => ({ status: 'pending' }),
    expect: adminOnly(),
  },
  {
    name: 'remove an order',
    method: 'remove',
    path: 'orders',
    id: () => doomedOrder[transport],
    expect: ownerOnly(),
  },
  {
    name: "start paying the owner's order",
    method: 'create',
    path: 'payments',
    data: () => ({ order: ownerOrder }),
    expect: ownerOnly(),
  },
  // Sharing by invitation (issue #10): only the owner invites, lists what they sent, and revokes; only the
  // invited account answers; nobody learns about an invitation that is not theirs.
  {
    name: 'invite an address to the private station',
    method: 'create',
    path: 'shareInvitations',
    data: () => ({ device: priv._id, email: 'matrix-invitee@example.com' }),
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: 'invitations sent for the private station',
    method: 'find',
    path: 'shareInvitations',
    query: () => ({ device: priv._id }),
    ok: (b) => list(b).some((i: any) => i.email === 'matrix-invitee@example.com'),
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: 'the invitation addressed to the viewer',
    method: 'get',
    path: 'shareInvitations',
    id: () => viewerInvite[transport],
    expect: { ...nobody(), owner: 'ok', viewer: 'ok' },
  },
  {
    name: 'decline the invitation addressed to the viewer',
    method: 'patch',
    path: 'shareInvitations',
    id: () => viewerInvite[transport],
    data: () => ({ status: 'declined' }),
    expect: { ...nobody(), viewer: 'ok' },
  },
  {
    name: 'revoke an invitation',
    method: 'remove',
    path: 'shareInvitations',
    id: () => revokedInvite[transport],
    expect: ownerOnly({ admin: 'deny' }),
  },
  // Forwarding (issue #17): only the owner lists, reveals, adds and edits upload targets (admins too are refused:
  // the keys are the owner's secrets with other networks).
  {
    name: 'upload targets of the private station',
    method: 'find',
    path: 'uploadTargets',
    query: () => ({ device: priv._id }),
    ok: (b) => Array.isArray(b) && b.some((x: any) => x.stationId === 'KMATRIX1'),
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: "an upload target's key, revealed",
    method: 'get',
    path: 'uploadTargets',
    id: () => ownerTargetId,
    query: () => ({ $reveal: true }),
    ok: (b) => b.key === TARGET_KEY,
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: 'add an upload target to the private station',
    method: 'create',
    path: 'uploadTargets',
    data: () => ({
      device: priv._id,
      network: 'custom',
      format: 'ecowitt',
      url: 'https://weather.example.com/',
      enabled: false,
    }),
    expect: ownerOnly({ admin: 'deny' }),
  },
  {
    name: 'edit an upload target',
    method: 'patch',
    path: 'uploadTargets',
    id: () => ownerTargetId,
    data: () => ({ interval: 600 }),
    expect: ownerOnly({ admin: 'deny' }),
  },
  // Push sessions (issue #10): a session tied to the owner is changed (or detached) by the owner alone; a
  // detach would end the matrix's session, so sessions.test.ts covers that.
  {
    name: "change the owner's push session",
    method: 'create',
    path: 'sessions',
    data: () => ({ _id: OWNER_SESSION, pushEnabled: false }),
    expect: ownerOnly({ admin: 'deny' }),
  },
  // Issue #10. An idempotent edit's stored answer goes back to its author only: the owner (first in ROLES) makes
  // it, everybody else sends the same key and gets their own answer (with no station key), not the owner's.
  {
    name: "the owner's keyed edit, replayed",
    method: 'patch',
    path: 'weatherDevices',
    id: () => priv._id,
    data: () => ({ name: 'Private' }),
    headers: () => ({ 'idempotency-key': 'matrix-replayed-edit' }),
    ok: (b) => typeof b.stationKey === 'string',
    expect: ownerOnly(),
  },
  {
    name: 'a download token for exports',
    method: 'create',
    path: 'downloadTokens',
    data: () => ({ path: 'weatherMetrics/export' }),
    ok: (b) => typeof b.token === 'string',
    expect: { ...everyone(), anonymous: 'deny' },
  },
  {
    name: 'export with the access token in the URL',
    method: 'find',
    path: 'weatherMetrics/export',
    restOnly: true,
    query: () => ({
      device: priv._id,
      startTime: iso(now() - 3600),
      endTime: iso(now() + 600),
      $accessToken: tokens.owner,
    }),
    expect: nobody(),
  },
  // Property names as ids: a 4xx for everyone (the helpers fail on any 5xx).
  {
    name: 'a user called constructor',
    method: 'get',
    path: 'users',
    id: () => 'constructor',
    expect: nobody(),
  },
  {
    name: 'a station called __proto__',
    method: 'patch',
    path: 'weatherDevices',
    id: () => '__proto__',
    data: () => ({ name: 'x' }),
    expect: nobody(),
  },
  // The admin area (issue #15): every call is for admins (and editors); others get 403, nobody signed in 401
  // (the status itself is checked by 'admin calls answer 403 to non-admins' below).
  ...ADMIN_CASES(),
  // Last: the owner (first in ROLES) deletes a station shared with the shared user; nobody else may.
  {
    name: 'remove a shared station',
    method: 'remove',
    path: 'weatherDevices',
    id: () => doomed[transport]._id,
    expect: ownerOnly({ admin: 'deny' }),
  },
];

async function rest(c: Case, role: Role): Promise<Outcome> {
  const token = tokens[role];
  const q = c.query ? `?${toQuery(c.query())}` : '';
  const path = `/${c.path}${c.id ? `/${c.id()}` : ''}${q}`;
  const verb = { find: 'GET', get: 'GET', create: 'POST', patch: 'PATCH', remove: 'DELETE' }[c.method];
  const res = await call(t.url, verb, path, { token, body: c.data?.(), headers: c.headers?.() });
  expect(res.status, `${role} ${verb} ${path}`).toBeLessThan(500);
  if (res.status >= 300) return 'deny';
  return !c.ok || c.ok(res.body) ? 'ok' : 'deny';
}

async function socket(c: Case, role: Role, client: any): Promise<Outcome> {
  const service = client.service(c.path);
  const key = c.headers?.()['idempotency-key'];
  const params = { query: { ...(c.query?.() ?? {}), ...(key ? { $idempotencyKey: key } : {}) } };
  try {
    const result =
      c.method === 'find'
        ? await service.find(params)
        : c.method === 'get'
          ? await service.get(c.id!(), params)
          : c.method === 'patch'
            ? await service.patch(c.id!(), c.data?.(), params)
            : c.method === 'remove'
              ? await service.remove(c.id!(), params)
              : await service.create(c.data?.(), params);
    return !c.ok || c.ok(result) ? 'ok' : 'deny';
  } catch (error) {
    expect((error as { code?: number }).code ?? 500, `${role} socket ${c.method} ${c.path}`).toBeLessThan(
      500,
    );
    return 'deny';
  }
}

describe('permission matrix', () => {
  test('REST: each role gets exactly what it may', async () => {
    const got: Record<string, Record<Role, Outcome>> = {};
    const want: Record<string, Record<Role, Outcome>> = {};
    for (const c of CASES) {
      got[c.name] = {} as Record<Role, Outcome>;
      want[c.name] = c.expect;
      for (const role of ROLES) got[c.name][role] = await rest(c, role);
    }
    expect(got).toEqual(want);
  });

  test('socket.io: the same matrix over authenticated and anonymous sockets', async () => {
    transport = 'socket';
    const clients = {} as Record<Role, Awaited<ReturnType<typeof socketClient>>>;
    for (const role of ROLES) clients[role] = await socketClient(t.url, tokens[role]);
    const got: Record<string, Record<Role, Outcome>> = {};
    const want: Record<string, Record<Role, Outcome>> = {};
    for (const c of CASES.filter((c) => !c.restOnly)) {
      got[c.name] = {} as Record<Role, Outcome>;
      want[c.name] = c.expect;
      for (const role of ROLES) got[c.name][role] = await socket(c, role, clients[role].client);
    }
    for (const role of ROLES) clients[role].close();
    expect(got).toEqual(want);
  });

  test('an unverified account reads its own record, the public config and the catalogue, nothing else', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    await call(t.url, 'POST', '/users', { body: { email, password, termsAccepted: true } });
    const auth = await call(t.url, 'POST', '/authentication', {
      body: { strategy: 'local', email, password },
    });
    expect(auth.body.user.verified).toBe(false);
    const token = auth.body.accessToken as string;
    const open = new Set(['public config', 'metric definitions', 'who am I (users find without parameters)']);
    const client = await socketClient(t.url, token);
    const got: Record<string, Outcome> = {};
    const want: Record<string, Outcome> = {};
    try {
      for (const c of CASES) {
        want[`${c.name} (REST)`] = open.has(c.name) ? 'ok' : 'deny';
        tokens.anonymous = token; // the helpers call with the anonymous role's token
        got[`${c.name} (REST)`] = await rest(c, 'anonymous');
        if (c.restOnly) continue;
        want[`${c.name} (socket)`] = want[`${c.name} (REST)`];
        got[`${c.name} (socket)`] = await socket(c, 'anonymous', client.client);
      }
    } finally {
      tokens.anonymous = undefined;
      client.close();
    }
    expect(got).toEqual(want);
  });

  test('realtime: samples, device changes, settings and alerts reach only the sockets entitled to them; subscription changes reach none', async () => {
    const clients = {} as Record<Role, Awaited<ReturnType<typeof socketClient>>>;
    const seen = {} as Record<Role, Record<string, unknown[]>>;
    for (const role of ROLES) {
      const c = await socketClient(t.url, tokens[role]);
      clients[role] = c;
      seen[role] = {
        samples: collect(c.client, 'weatherMetrics'),
        fiveMinutes: collect(c.client, 'weatherMetrics/5m'),
        devicePatched: collect(c.client, 'weatherDevices', 'patched'),
        displayPatched: collect(c.client, 'deviceDisplaySettings', 'patched'),
        alerts: collect(c.client, 'alerts'),
        users: collect(c.client, 'users', 'patched'),
        plans: collect(c.client, 'subscriptionPlans', 'patched'),
        devicePlans: collect(c.client, 'deviceSubscriptionPlan', 'created'),
      };
      // Everybody tries to watch the private station.
      await c.client.service('weatherDevices/watch').create({ id: [priv._id] });
    }
    // A second rule of the owner's that this upload raises.
    await call(t.url, 'POST', '/alertSettings', {
      token: tokens.owner,
      body: {
        weatherDevice: priv._id,
        disableAll: false,
        settings: [
          { item: 'tempc0', condition: 'above', value: 10, unit: 'C', method: 'email' },
          { item: 'humc0', condition: 'below', value: 45, unit: '%', method: 'notification' },
        ],
      },
    });
    await wslink(t, priv, {
      datetime: new Date(Date.now() - 60_000).toISOString().slice(0, 19).replace('T', ' '),
      t1tem: 30,
      t1hum: 40,
    });
    await call(t.url, 'PATCH', `/weatherDevices/${priv._id}`, {
      token: tokens.owner,
      body: { name: 'Private!' },
    });
    await call(t.url, 'PATCH', `/deviceDisplaySettings/${ownerSettingsId}`, {
      token: tokens.owner,
      body: { graphRange: 'week' },
    });
    await call(t.url, 'PATCH', `/users/${ids.owner}`, { token: tokens.owner, body: { lastName: 'Changed' } });
    // Subscription changes are not broadcast at all: an admin edits a plan and grants the private station one.
    await call(t.url, 'PATCH', `/subscriptionPlans/${yearlyPlanId}`, {
      token: tokens.admin,
      body: { description: 'Changed' },
    });
    await call(t.url, 'POST', '/deviceSubscriptionPlan', {
      token: tokens.admin,
      body: { mac: PRIV_MAC, user: ids.owner, subscriptionPlan: yearlyPlanId },
    });
    await t.server.app.ctx.alerts?.idle();
    await settle(400);
    for (const role of ROLES) clients[role].close();
    const count = (role: Role) =>
      Object.fromEntries(Object.entries(seen[role]).map(([k, v]) => [k, v.length > 0]));
    expect(count('owner')).toEqual({
      samples: true,
      fiveMinutes: true,
      devicePatched: true,
      displayPatched: true,
      alerts: true,
      users: true,
      plans: false,
      devicePlans: false,
    });
    expect(count('shared')).toEqual({
      samples: true,
      fiveMinutes: true,
      devicePatched: true,
      displayPatched: false,
      alerts: false,
      users: false,
      plans: false,
      devicePlans: false,
    });
    expect(count('admin')).toEqual({
      samples: true,
      fiveMinutes: true,
      devicePatched: false,
      displayPatched: false,
      alerts: false,
      users: false,
      plans: false,
      devicePlans: false,
    });
    for (const role of ['viewer', 'stranger', 'anonymous'] as const) {
      expect(count(role), role).toEqual({
        samples: false,
        fiveMinutes: false,
        devicePatched: false,
        displayPatched: false,
        alerts: false,
        users: false,
        plans: false,
        devicePlans: false,
      });
    }
    // The shared user's copy of the device has no station key, no MAC and no macAuth; the owner's has them.
    expect((seen.shared.devicePatched[0] as { stationKey?: string }).stationKey).toBeUndefined();
    expect(seen.shared.devicePatched[0]).not.toHaveProperty('mac');
    expect(seen.shared.devicePatched[0]).not.toHaveProperty('macAuth');
    expect(seen.owner.devicePatched[0]).toMatchObject({ mac: PRIV_MAC });
  });
  test('realtime: a paid type without a plan sends no sample to anyone; an order change reaches only its buyer', async () => {
    const clients = {} as Record<Role, Awaited<ReturnType<typeof socketClient>>>;
    const seen = {} as Record<Role, Record<string, unknown[]>>;
    for (const role of ROLES) {
      const c = await socketClient(t.url, tokens[role]);
      clients[role] = c;
      seen[role] = {
        samples: collect(c.client, 'weatherMetrics'),
        fiveMinutes: collect(c.client, 'weatherMetrics/5m'),
        orders: collect(c.client, 'orders', 'patched'),
      };
      // The station is public and shared: everybody's watch is taken (a refused one would throw here), so no
      // sample below is for want of a subscription: the missing plan withholds them.
      expect(await c.client.service('weatherDevices/watch').create({ id: [paid._id] }), role).toEqual({
        watching: [paid._id],
      });
    }
    await wslink(t, paid, {
      datetime: new Date(Date.now() - 30_000).toISOString().slice(0, 19).replace('T', ' '),
      t1tem: 25,
      t1hum: 45,
    });
    await call(t.url, 'PATCH', `/orders/${ownerOrder}`, {
      token: tokens.admin,
      body: { status: 'cancelled' },
    });
    await settle(400);
    for (const role of ROLES) clients[role].close();
    const got = Object.fromEntries(
      ROLES.map((r) => [r, Object.fromEntries(Object.entries(seen[r]).map(([k, v]) => [k, v.length]))]),
    );
    const none = { samples: 0, fiveMinutes: 0, orders: 0 };
    expect(got).toEqual({
      owner: { ...none, orders: 1 },
      shared: none,
      viewer: none,
      stranger: none,
      anonymous: none,
      admin: none,
    });
  });

  test('realtime: an invitation reaches only the owner and the invited account, each with their copy', async () => {
    const clients = {} as Record<Role, Awaited<ReturnType<typeof socketClient>>>;
    const seen = {} as Record<Role, { role: string; from?: unknown }[]>;
    for (const role of ROLES) {
      clients[role] = await socketClient(t.url, tokens[role]);
      seen[role] = collect(clients[role].client, 'shareInvitations', 'created');
    }
    await call(t.url, 'POST', '/shareInvitations', {
      token: tokens.owner,
      body: { device: pub._id, email: emails.stranger },
    });
    await settle(400);
    for (const role of ROLES) clients[role].close();
    expect(Object.fromEntries(ROLES.map((r) => [r, seen[r].map((i) => i.role)]))).toEqual({
      owner: ['sent'],
      shared: [],
      viewer: [],
      stranger: ['received'],
      anonymous: [],
      admin: [],
    });
    expect(seen.owner[0].from).toBeUndefined();
    expect(seen.stranger[0].from).toMatchObject({ _id: ids.owner });
  });
});

describe('the admin area (issue #15)', () => {
  test('admin calls answer 403 to every signed-in non-admin and 401 to nobody signed in, REST and socket', async () => {
    const verbs = { find: 'GET', get: 'GET', create: 'POST', patch: 'PATCH', remove: 'DELETE' } as const;
    for (const c of ADMIN_CASES()) {
      for (const role of ['owner', 'shared', 'viewer', 'stranger', 'anonymous'] as const) {
        const q = c.query ? `?${toQuery(c.query())}` : '';
        const path = `/${c.path}${c.id ? `/${c.id()}` : ''}${q}`;
        const res = await call(t.url, verbs[c.method], path, { token: tokens[role], body: c.data?.() });
        expect(res.status, `${role} ${verbs[c.method]} ${path}`).toBe(role === 'anonymous' ? 401 : 403);
      }
      const client = await socketClient(t.url, tokens.stranger);
      try {
        transport = 'socket';
        const s: any = client.client.service(c.path);
        const attempt =
          c.method === 'find'
            ? s.find({ query: c.query?.() ?? {} })
            : c.method === 'get'
              ? s.get(c.id!())
              : c.method === 'patch'
                ? s.patch(c.id!(), c.data?.())
                : c.method === 'remove'
                  ? s.remove(c.id!())
                  : s.create(c.data?.());
        await expect(attempt, `socket ${c.method} ${c.path}`).rejects.toMatchObject({ code: 403 });
      } finally {
        client.close();
      }
    }
  });
});
