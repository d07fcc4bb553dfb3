// The admin area (issue #15) as server/services/admin/ answers it: admin/users, admin/devices and
// admin/ingestHealth, for admins and editors (editors may not remove or give roles), on the generic list layer
// (../find.ts). Not here, because the mocks have no such machinery: live events to the `admins` channel, ending
// a disabled account's socket sessions (its tokens simply stop working), and ingest counts (the mocks have no
// ingest: every minute counts 0 and there are no rejections; silent stations are answered from the store).
import { http } from 'msw';
import { ADMIN_DEVICE_EDITABLE, ADMIN_USER_EDITABLE, readRole } from '../../src/domain/adminInput';
import type { AdminDevice, AdminUser, IngestHealthView } from '../../src/domain/contract';
import {
  HEALTH_MINUTES,
  HEALTH_SILENT,
  SILENT_AFTER_S,
  UPLOAD_PROTOCOLS,
} from '../../src/domain/ingestHealth';
import { ADMIN_AREA_USER_SHAPE, ADMIN_DEVICE_SHAPE } from '../../src/domain/listShapes';
import { isValidEmail, validatePassword } from '../../src/domain/validate';
import { adminCaller } from '../access';
import { type DeviceRow, type MockDb, newCode, objectId, type UserRow } from '../db';
import { deviceFields } from '../device-fields';
import { answer, badRequest, codedError, forbidden } from '../errors';
import { findAnswer, type MockList, ownerOf } from '../find';
import { bodyOf, created, json, queryOf } from '../respond';
import { readers } from '../validate';

type Row = Record<string, unknown>;

/** A user as the list stores it (createdAt in Unix ms, no value = null). */
const userRow = (u: UserRow): Row => ({
  _id: u._id,
  email: u.email,
  firstName: u.firstName ?? '',
  lastName: u.lastName ?? '',
  verified: !!u.verified,
  isAdmin: !!u.isAdmin,
  createdAt: u.createdAt ? Date.parse(u.createdAt) : null,
  temperatureUnit: u.temperatureUnit ?? 'C',
  displaySetting: u.displaySetting ?? {},
  adminType: u.adminType ?? null,
  disabled: !!u.disabled,
});

/** The list's record (users-list.ts userRecord): isAdmin and adminType only when set. */
function userRecord(row: Row): Row {
  const { isAdmin, adminType, createdAt, ...rest } = row;
  return {
    ...rest,
    createdAt: new Date(createdAt as number).toISOString(),
    ...(isAdmin ? { isAdmin: true } : {}),
    ...(adminType ? { adminType } : {}),
  };
}

/** One account as admins see it (presentUser + disabled): never the password or codes. */
function adminUser(u: UserRow): AdminUser {
  const record = userRecord(userRow(u));
  return { country: u.country ?? null, ...record } as unknown as AdminUser;
}

const role = (data: Row) => readRole(data, badRequest);

function userById(db: MockDb, id: unknown): UserRow {
  const user = db.users.get(readers.id(id));
  if (!user) throw codedError(404, 'userNotFound');
  return user;
}

/** A disabled account signs out everywhere: its tokens end. */
function endSessions(db: MockDb, userId: string): void {
  for (const [token, id] of db.tokens) if (id === userId) db.tokens.delete(token);
}

function patchUser(db: MockDb, id: unknown, data: Row, me: UserRow): UserRow {
  for (const key of Object.keys(data))
    if (!ADMIN_USER_EDITABLE.has(key))
      throw badRequest(`${key.slice(0, 40)} cannot be changed here`, { field: key });
  const current = userById(db, id);
  const update: Partial<UserRow> = {};
  const first = readers.str(data, 'firstName', { max: 100 });
  const last = readers.str(data, 'lastName', { max: 100 });
  if (first !== undefined) update.firstName = first;
  if (last !== undefined) update.lastName = last;
  const email = readers.str(data, 'email', { max: 254 })?.toLowerCase();
  if (email !== undefined && email !== current.email) {
    if (!isValidEmail(email)) throw codedError(400, 'emailFormat', { field: 'email' });
    if (db.userByEmail(email)) throw codedError(409, 'emailRegistered', { field: 'email' });
    update.email = email;
  }
  const verified = readers.bool(data, 'verified');
  if (verified !== undefined) update.verified = verified;
  const disabled = readers.bool(data, 'disabled');
  if (disabled !== undefined && disabled !== !!current.disabled) {
    if (current._id === me._id) throw forbidden('You cannot disable your own account');
    update.disabled = disabled;
  }
  const adminType = role(data);
  if (adminType !== undefined && adminType !== (current.adminType ?? null)) {
    if (me.adminType === 'editor') throw codedError(403, 'editorsCannot');
    if (current._id === me._id) throw forbidden('You cannot change your own role');
    update.adminType = adminType ?? undefined;
    update.isAdmin = adminType !== null;
  }
  Object.assign(current, update);
  if (update.disabled) endSessions(db, current._id);
  if (readers.bool(data, 'resetPassword') === true)
    db.mail.push({ to: current.email, subject: `Your password reset code: ${newCode()}` });
  return current;
}

function createUser(db: MockDb, data: Row, me: UserRow): UserRow {
  const email = readers.str(data, 'email', { required: true, max: 254 })!.toLowerCase();
  if (!isValidEmail(email)) throw codedError(400, 'emailFormat', { field: 'email' });
  const password = typeof data.password === 'string' ? data.password : '';
  const pwError = validatePassword(password);
  if (pwError) throw codedError(400, pwError, { field: 'password' });
  if (password.length > 200) throw codedError(400, 'passwordTooLong', { field: 'password' });
  const adminType = role(data);
  if (adminType && me.adminType === 'editor') throw codedError(403, 'editorsCannot');
  if (db.userByEmail(email)) throw codedError(409, 'emailRegistered', { field: 'email' });
  const now = Date.now();
  const user: UserRow = {
    _id: objectId(now),
    email,
    firstName: readers.str(data, 'firstName', { max: 100 }) ?? '',
    lastName: readers.str(data, 'lastName', { max: 100 }) ?? '',
    verified: readers.bool(data, 'verified') ?? true,
    temperatureUnit: 'C',
    displaySetting: {},
    createdAt: new Date(now).toISOString(),
    ...(adminType ? { isAdmin: true, adminType } : {}),
    password,
    verifyCode: null,
  };
  db.users.set(user._id, user);
  return user;
}

/** admin/devices; the owner populates as {_id, email, names}. */
const deviceList = (db: MockDb): MockList => ({ ...ADMIN_DEVICE_SHAPE, populate: { user: ownerOf(db) } });

/** Never the station key or MAC: the admin shape. */
const adminDevice = (d: DeviceRow): AdminDevice =>
  ({
    _id: d._id,
    wsid: d.wsid,
    name: d.name,
    user: d.user,
    consoletype: d.consoletype,
    shareMode: d.shareMode,
    timezone: d.timezone,
    lastUpload: d.lastUpload ?? null,
    unmapped: d.unmapped ?? {},
    createdAt: Number(d.createdAt),
  }) as unknown as AdminDevice;

function deviceById(db: MockDb, id: unknown): DeviceRow {
  const device = db.devices.get(readers.id(id));
  if (!device) throw codedError(404, 'deviceNotFound');
  return device;
}

function patchDevice(db: MockDb, device: DeviceRow, data: Row): void {
  const { user, ...rest } = data;
  for (const key of Object.keys(rest))
    if (!ADMIN_DEVICE_EDITABLE.has(key))
      throw badRequest(`${key.slice(0, 40)} cannot be changed here`, { field: key });
  const fields = deviceFields(rest, false);
  if (user !== undefined && user !== device.user) {
    const next = db.users.get(readers.id(user, 'user'));
    if (!next) throw badRequest('No account has this id', { field: 'user' });
    // Off the new owner's share list (an owner is not a shared user of their own station).
    device.shareUsers = device.shareUsers.filter((u) => u !== next._id);
    device.user = next._id;
  }
  Object.assign(device, fields, { updatedAt: Date.now() });
}

/** The view's shape; the mocks have no ingest, so the counts are 0 and there are no rejections. */
function ingestHealth(db: MockDb): IngestHealthView {
  const now = Date.now();
  const last = Math.floor(now / 60_000);
  const protocols = [...UPLOAD_PROTOCOLS];
  const minutes = Array.from({ length: HEALTH_MINUTES }, (_, i) => ({
    minute: last - HEALTH_MINUTES + 1 + i,
    counts: Object.fromEntries(protocols.map((p) => [p, { ok: 0, rejected: 0 }])),
  }));
  const cutoff = Math.floor(now / 1000) - SILENT_AFTER_S;
  const silent = [...db.devices.values()]
    .filter((d) => typeof d.lastUpload === 'number' && d.lastUpload < cutoff)
    .sort((a, b) => (b.lastUpload ?? 0) - (a.lastUpload ?? 0) || a._id.localeCompare(b._id))
    .map((d) => ({
      _id: d._id,
      wsid: d.wsid,
      name: d.name,
      lastUpload: d.lastUpload as number,
      owner: db.users.get(d.user)?.email ?? null,
    }));
  return {
    now,
    protocols,
    minutes,
    silent: silent.slice(0, HEALTH_SILENT),
    silentTotal: silent.length,
    rejections: [],
  };
}

export function adminRoutes(base: string, db: MockDb) {
  const users = `${base}/admin/users`;
  const devices = `${base}/admin/devices`;
  return [
    http.get(users, ({ request }) =>
      answer(() => {
        adminCaller(db, request);
        return findAnswer(
          queryOf(request),
          ADMIN_AREA_USER_SHAPE,
          [...db.users.values()].map(userRow),
          userRecord,
        );
      }),
    ),
    http.get(`${users}/:id`, ({ request, params }) =>
      answer(() => {
        adminCaller(db, request);
        return json(adminUser(userById(db, params.id)));
      }),
    ),
    http.post(users, ({ request }) =>
      answer(async () => {
        const me = adminCaller(db, request);
        return created(adminUser(createUser(db, readers.asObject(await bodyOf(request)), me)));
      }),
    ),
    http.patch(`${users}/:id`, ({ request, params }) =>
      answer(async () => {
        const me = adminCaller(db, request);
        const data = readers.asObject(await bodyOf(request));
        return json(adminUser(patchUser(db, params.id, data, me)));
      }),
    ),
    http.delete(`${users}/:id`, ({ request, params }) =>
      answer(() => {
        const me = adminCaller(db, request);
        const current = userById(db, params.id);
        if (current._id === me._id)
          throw forbidden('Delete your own account on the account page (it asks for your password)');
        const answered = adminUser(current);
        // The account and its stations go (users/delete's deleteAccount).
        for (const d of [...db.devices.values()])
          if (d.user === current._id) {
            db.devices.delete(d._id);
            db.samples.delete(d._id);
          }
        endSessions(db, current._id);
        db.users.delete(current._id);
        return json(answered);
      }),
    ),
    http.get(devices, ({ request }) =>
      answer(() => {
        adminCaller(db, request);
        const rows = [...db.devices.values()].map((d) => adminDevice(d) as unknown as Row);
        return findAnswer(queryOf(request), deviceList(db), rows, (r) => ({ ...r }));
      }),
    ),
    http.get(`${devices}/:id`, ({ request, params }) =>
      answer(() => {
        adminCaller(db, request);
        return json(adminDevice(deviceById(db, params.id)));
      }),
    ),
    http.patch(`${devices}/:id`, ({ request, params }) =>
      answer(async () => {
        adminCaller(db, request);
        const device = deviceById(db, params.id);
        patchDevice(db, device, readers.asObject(await bodyOf(request)));
        return json(adminDevice(device));
      }),
    ),
    http.delete(`${devices}/:id`, ({ request, params }) =>
      answer(() => {
        adminCaller(db, request);
        const device = deviceById(db, params.id);
        db.devices.delete(device._id);
        db.samples.delete(device._id);
        return json(adminDevice(device));
      }),
    ),
    http.get(`${base}/admin/ingestHealth`, ({ request }) =>
      answer(() => {
        adminCaller(db, request);
        return json(ingestHealth(db));
      }),
    ),
  ];
}
