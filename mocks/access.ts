// Who is calling and what they may see, as server/hooks/auth.ts decides it and src/domain/stations.ts rules.
import type { Device } from '../src/domain/contract';
import { type PlanPeriod, periodOf, readingsAllowed } from '../src/domain/planGate';
import { canRead, relation } from '../src/domain/stations';
import type { DeviceRow, MockDb, UserRow } from './db';
import { badRequest, codedError, forbidden, notAuthenticated } from './errors';
import { idList } from './validate';

/** The user behind `Authorization: Bearer`; null without one; 401 for a token we did not issue. */
export function caller(db: MockDb, request: Request): UserRow | null {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? '';
  const id = db.tokens.get(token);
  if (!id) throw notAuthenticated('jwt malformed', { name: 'JsonWebTokenError' });
  const user = db.users.get(id);
  if (!user) throw notAuthenticated('This account no longer exists');
  if (!user.verified && !openToUnverified(request, user))
    throw codedError(403, 'verifyFirst', { reason: 'unverified' });
  return user;
}

/** What an unverified account may call (server/hooks/verified.ts). */
function openToUnverified(request: Request, user: UserRow): boolean {
  const url = new URL(request.url);
  if (/\/(users\/(verify|reset|me|delete)|config|metrics|authentication)$/.test(url.pathname)) return true;
  if (request.method !== 'GET') return false;
  if (url.pathname.endsWith(`/users/${user._id}`)) return true;
  return url.pathname.endsWith('/users') && url.search === '';
}

/** requireAuth: a 401 without a (valid) token. */
export function required(db: MockDb, request: Request): UserRow {
  const user = caller(db, request);
  if (!user) throw notAuthenticated();
  return user;
}

export { canRead, type Relation, relation } from '../src/domain/stations';

/** The device if the caller may read it; a stranger gets the same 404 as for a missing device. */
export function readable(db: MockDb, id: unknown, user: UserRow | null, field = 'device'): DeviceRow {
  if (id === undefined || id === null || id === '') throw badRequest(`${field} is required`, { field });
  const [deviceId] = idList([id], field);
  const device = db.devices.get(deviceId);
  if (!device || !canRead(device, user)) throw codedError(404, 'deviceNotFound');
  return device;
}

/** The plan periods on a MAC with what their plans cover (the server's PlanGate). */
export function periodsOf(db: MockDb, device: DeviceRow): PlanPeriod[] {
  const mac = device.mac;
  if (!mac) return [];
  return db.devicePlans
    .filter((r) => r.mac === mac && periodOf(device)(r))
    .map((r) => ({
      start: r.start,
      end: r.end,
      deviceTypes: db.subscriptionPlans.find((p) => p._id === r.subscriptionPlan)?.deviceTypes ?? [],
    }));
}

/** Whether a device's readings may be served: a paid type needs an active plan (issue #14). */
export const dataAllowed = (db: MockDb, device: DeviceRow) => readingsAllowed(device, periodsOf(db, device));

/** readable(), and its readings may be served; a paid type without a plan answers 402 planRequired. */
export function readableData(db: MockDb, id: unknown, user: UserRow | null, field = 'device'): DeviceRow {
  const device = readable(db, id, user, field);
  if (!dataAllowed(db, device))
    throw codedError(402, 'planRequired', { device: device._id, consoletype: device.consoletype });
  return device;
}

/** What a caller sees: the station key, MAC, macAuth, unmapped fields and share addresses only for the owner. */
export function present(db: MockDb, device: DeviceRow, user: UserRow | null): Device {
  const { stationKey, unmapped, mac, macAuth, ...rest } = device;
  const r = relation(device, user);
  if (r === 'owner' || r === 'admin') {
    const shareEmails = rest.shareUsers.map((id) => db.users.get(id)?.email ?? '');
    const owned = { ...rest, stationKey, mac, macAuth: !!macAuth, unmapped };
    return { ...owned, ...(shareEmails.length ? { shareEmails } : {}) } as Device;
  }
  return { ...rest, shareUsers: r === 'shared' && user ? [user._id] : [] };
}

/** requireAuth + requireAdmin (server/hooks/auth.ts): admins and editors; editors may not remove. */
export function adminCaller(db: MockDb, request: Request): UserRow {
  const user = required(db, request);
  if (!user.isAdmin) throw forbidden('Administrators only');
  if (request.method === 'DELETE' && user.adminType === 'editor') throw codedError(403, 'editorsCannot');
  return user;
}
