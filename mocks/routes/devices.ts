// weatherDevices (find by wsid / _id / $devices scopes, get, create, patch, remove) and weatherDevices/lastData.
import { http } from 'msw';
import type { LastData } from '../../src/domain/contract';
import { SHARE_MESSAGES } from '../../src/domain/shareInvitations';
import { compareStations } from '../../src/domain/stations';
import { DEFAULT_TIME_ZONE, localDayStart } from '../../src/domain/timeZones';
import { caller, canRead, present, readable, readableData, relation, required } from '../access';
import { type DeviceRow, type MockDb, newStationId, newStationKey, objectId, type UserRow } from '../db';
import { deviceFields, macClaim } from '../device-fields';
import { answer, badRequest, codedError } from '../errors';
import { bodyOf, created, json, queryOf } from '../respond';
import { minMaxSince } from '../series';
import { bool, idList, num } from '../validate';

/** `$devices` {owned, shared, public: [ids]}; without it: owned and shared. */
function scoped(db: MockDb, scopes: unknown, user: UserRow | null): DeviceRow[] {
  const s = (scopes && typeof scopes === 'object' ? scopes : {}) as Record<string, unknown>;
  const all = scopes === undefined;
  const devices = [...db.devices.values()];
  const out: DeviceRow[] = [];
  if (user && (all || bool(s, 'owned'))) out.push(...devices.filter((d) => d.user === user._id));
  if (user && (all || bool(s, 'shared'))) out.push(...devices.filter((d) => d.shareUsers.includes(user._id)));
  const publicIds = s.public === true || s.public === 'true' ? [] : idList(s.public, '$devices.public');
  for (const id of publicIds) {
    const d = db.devices.get(id);
    if (d && canRead(d, user) && !out.some((o) => o._id === d._id)) out.push(d);
  }
  return out;
}

/** A new shareUsers list may only keep people it holds (by id or address): adding is by invitation (shares.ts). */
function shareIds(db: MockDb, list: string[], current: string[]): string[] {
  const ids = list.map((entry) => {
    const id = current.find((u) => u === entry || db.users.get(u)?.email === entry);
    if (!id) throw badRequest(SHARE_MESSAGES.invitationOnly, { field: 'shareUsers' });
    return id;
  });
  return [...new Set(ids)];
}

function writable(db: MockDb, id: string, user: UserRow): DeviceRow {
  const device = readable(db, id, user);
  const r = relation(device, user);
  if (r !== 'owner' && r !== 'admin') throw codedError(403, 'ownerOnlyChange');
  return device;
}

export function deviceRoutes(base: string, db: MockDb) {
  return [
    http.get(`${base}/weatherDevices/lastData`, ({ request }) =>
      answer(() => {
        const user = caller(db, request);
        const query = queryOf(request);
        const device = readableData(db, query.device, user);
        const last = db.samples.get(device._id)?.at(-1) ?? null;
        if (!bool(query, 'range')) return json({ device: device._id, last } satisfies LastData);
        const now = Math.floor(Date.now() / 1000);
        const since = Math.max(
          localDayStart(last?.time ?? now, device.timezone),
          device.lastMinMaxReset ?? 0,
        );
        const range = minMaxSince(db.samples.get(device._id) ?? [], since, now);
        return json({ device: device._id, last, ...range } satisfies LastData);
      }),
    ),
    http.get(`${base}/weatherDevices`, ({ request }) =>
      answer(() => {
        const user = caller(db, request);
        const query = queryOf(request);
        const limit = num(query, '$limit', { integer: true, min: 0, max: 1000 }) ?? 1000;
        let rows: DeviceRow[];
        if (query.wsid !== undefined) {
          if (typeof query.wsid !== 'string' || query.wsid.length > 32)
            throw badRequest('wsid must be a station ID');
          const device = [...db.devices.values()].find((d) => d.wsid === query.wsid);
          rows = device && canRead(device, user) ? [device] : [];
        } else if (query._id !== undefined) {
          const raw = query._id;
          const ids = idList(
            typeof raw === 'object' && !Array.isArray(raw) && '$in' in raw ? raw.$in : raw,
            '_id',
          );
          rows = ids.map((id) => db.devices.get(id)).filter((d): d is DeviceRow => !!d && canRead(d, user));
        } else rows = scoped(db, query.$devices, user);
        const out = rows
          .sort((a, b) => compareStations(a, b, user))
          .slice(0, limit)
          .map((d) => present(db, d, user));
        return json(out);
      }),
    ),
    http.get(`${base}/weatherDevices/:id`, ({ request, params }) =>
      answer(() => {
        const user = caller(db, request);
        return json(present(db, readable(db, params.id, user), user));
      }),
    ),
    http.post(`${base}/weatherDevices`, ({ request }) =>
      answer(async () => {
        const user = required(db, request);
        const fields = deviceFields(await bodyOf(request), true);
        const now = Date.now();
        // As on the server: a new station is shared with nobody until invitations are accepted.
        const shareUsers = Array.isArray(fields.shareUsers) ? shareIds(db, fields.shareUsers, []) : [];
        macClaim(db, null, fields);
        const row = db.seedStation(user, {
          _id: objectId(now),
          wsid: newStationId(),
          timezone: DEFAULT_TIME_ZONE,
          ...fields,
          shareUsers,
        });
        return created(present(db, row, user));
      }),
    ),
    http.patch(`${base}/weatherDevices/:id`, ({ request, params }) =>
      answer(async () => {
        const user = required(db, request);
        const device = writable(db, String(params.id), user);
        const { stationKey: keyRequest, ...rest } = (await bodyOf(request)) as Record<string, unknown>;
        if (keyRequest !== undefined && keyRequest !== 'regenerate')
          throw badRequest("stationKey can only be 'regenerate'", { field: 'stationKey' });
        const fields = deviceFields(rest, false);
        if (keyRequest === 'regenerate') fields.stationKey = newStationKey();
        if (Array.isArray(fields.shareUsers))
          fields.shareUsers = shareIds(db, fields.shareUsers, device.shareUsers);
        if ('mac' in fields || 'macAuth' in fields) macClaim(db, device, fields);
        Object.assign(device, fields, { updatedAt: Date.now() });
        return json(present(db, device, user));
      }),
    ),
    http.delete(`${base}/weatherDevices/:id`, ({ request, params }) =>
      answer(() => {
        const user = required(db, request);
        const device = writable(db, String(params.id), user);
        db.devices.delete(device._id);
        db.samples.delete(device._id);
        return json(present(db, device, user));
      }),
    ),
  ];
}
