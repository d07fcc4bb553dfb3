// weatherDevices: the stations. Owners create and edit; shared users and public viewers read.
// find: by `_id`, by station ID (`wsid`), or by the `$devices` scopes {owned, shared, public: [ids]},
// always ordered owned, shared, public (spec §3), then by `order` and age.
import { createHash } from 'node:crypto';
import { BadRequest, Forbidden, NotFound, PaymentError } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Device } from '../../../src/domain/contract';
import { SHARE_MESSAGES } from '../../../src/domain/shareInvitations';
import { compareStations } from '../../../src/domain/stations';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/timeZones';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { bool, idList, num } from '../../hooks/validate';
import { objectId, stationId, stationKey } from '../../storage/ids';
import { applyListOps, type ListFields } from '../common/list-ops';
import { accountEntitlement } from '../users/me.class';
import { canDelete, canRead, canWrite, type DeviceRow, fromDb, present, toDb } from './device-record';
import { deviceFields } from './devices.schema';
import { checkMacClaim, isMacClaimViolation, macClaimed } from './mac-claim';

type P = Params & { user?: AuthUser };
/** Lists a patch may change with $push/$pull/$set; channel names are addressed by their channel number. */
const LISTS: ListFields = { shareUsers: {}, channelNameMapping: { key: 'channel' } };

/** Ecowitt consoles authenticate with PASSKEY = upper-case MD5 of their MAC (Ambient sends the MAC itself). */
export function passkeyFor(mac: string | null | undefined): string | null {
  return mac ? createHash('md5').update(mac.toUpperCase()).digest('hex').toUpperCase() : null;
}

export class DevicesService {
  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(params: P): Promise<Device[]> {
    const query = params.query ?? {};
    const user = params.user ?? null;
    const limit = num(query, '$limit', { integer: true, min: 0, max: 1000 }) ?? 1000;
    let rows: DeviceRow[];
    if (query.wsid !== undefined) {
      if (typeof query.wsid !== 'string' || query.wsid.length > 32)
        throw new BadRequest('wsid must be a station ID');
      const device = await this.app.ctx.devices.byStationId(query.wsid);
      rows = device && canRead(device, user) ? [device] : [];
    } else if (query._id !== undefined) {
      const ids = idList(
        typeof query._id === 'object' && query._id && '$in' in query._id ? query._id.$in : query._id,
        '_id',
      );
      rows = (await Promise.all(ids.map((id) => this.app.ctx.devices.get(id)))).filter(
        (d): d is DeviceRow => !!d && canRead(d, user),
      );
    } else {
      rows = await this.scoped(query.$devices, user);
    }
    const out = rows
      .sort((a, b) => compareStations(a, b, user))
      .slice(0, limit)
      .map((d) => present(d, user));
    return this.withShareEmails(out);
  }

  private async scoped(scopes: unknown, user: AuthUser | null): Promise<DeviceRow[]> {
    const s = (scopes && typeof scopes === 'object' ? scopes : {}) as Record<string, unknown>;
    const all = scopes === undefined;
    const out: DeviceRow[] = [];
    if (user && (all || bool(s, 'owned'))) {
      out.push(...(await this.knex('weatherDevices').where({ user: user._id })).map(fromDb));
    }
    if (user && (all || bool(s, 'shared'))) {
      // shareUsers is a JSON list; the LIKE narrows, the exact check below decides.
      const candidates = await this.knex('weatherDevices').where('shareUsers', 'like', `%"${user._id}"%`);
      out.push(...candidates.map(fromDb).filter((d) => d.shareUsers.includes(user._id)));
    }
    const publicIds = s.public === true || s.public === 'true' ? [] : idList(s.public, '$devices.public');
    for (const id of publicIds) {
      const d = await this.app.ctx.devices.get(id);
      if (d && canRead(d, user) && !out.some((o) => o._id === d._id)) out.push(d);
    }
    return out;
  }

  async get(id: string, params: P): Promise<Device> {
    const [device] = await this.withShareEmails([present(await this.readable(id, params.user), params.user)]);
    return device;
  }

  async create(data: unknown, params: P): Promise<Device> {
    const user = params.user;
    if (!user) throw codedError(Forbidden, 'loginToAddStation');
    const fields = deviceFields(data, true);
    // The account's entitlement (src/domain/entitlements.ts) says how many stations it may own; admins and
    // server code are not counted.
    if (params.provider && !user.isAdmin) {
      const has = await accountEntitlement(this.app, user._id);
      if (has.owned >= has.stations) throw codedError(Forbidden, 'stationLimit', { max: has.stations });
    }
    const now = Date.now();
    for (let attempt = 0; ; attempt++) {
      const row = {
        _id: objectId(now),
        wsid: stationId(),
        stationKey: stationKey(),
        user: user._id,
        channelNameMapping: [],
        unmapped: {},
        consoletype: 0,
        timezone: DEFAULT_TIME_ZONE,
        shareMode: 'private',
        ...fields,
        shareUsers: Array.isArray(fields.shareUsers)
          ? await this.shareIds(fields.shareUsers as string[], user._id, params.provider ? [] : undefined)
          : [],
        passkey: passkeyFor(fields.mac as string | undefined),
        createdAt: now,
        updatedAt: now,
      } as unknown as DeviceRow;
      await checkMacClaim(this.knex, { ...row, id: null });
      try {
        await this.knex('weatherDevices').insert(toDb(row));
      } catch (error) {
        if (isMacClaimViolation(error)) throw macClaimed();
        if (attempt < 3 && /unique|duplicate/i.test(String(error))) continue; // station ID collision: draw again
        throw error;
      }
      this.app.ctx.devices.forget(row._id);
      return present((await this.app.ctx.devices.get(row._id))!, user);
    }
  }

  async patch(id: string, data: unknown, params: P): Promise<Device> {
    const device = await this.writable(id, params);
    // `stationKey: 'regenerate'` draws a new station key (the console must then be updated).
    const { stationKey: keyRequest, ...body } = (data ?? {}) as Record<string, unknown>;
    if (keyRequest !== undefined && keyRequest !== 'regenerate')
      throw new BadRequest("stationKey can only be 'regenerate'", { field: 'stationKey' });
    const rest = applyListOps(
      device as unknown as Record<string, unknown>,
      await this.pullByEmail(body),
      LISTS,
    );
    const fields = params.provider ? deviceFields(rest, false) : { ...rest };
    if (keyRequest === 'regenerate') fields.stationKey = stationKey();
    if (Array.isArray(fields.shareUsers))
      fields.shareUsers = await this.shareIds(
        fields.shareUsers as string[],
        device.user,
        params.provider ? device.shareUsers : undefined,
      );
    if ('mac' in fields) fields.passkey = passkeyFor(fields.mac as string | null);
    if ('mac' in fields || 'macAuth' in fields)
      await checkMacClaim(this.knex, { ...device, ...(fields as Partial<DeviceRow>), id: device._id });
    await this.knex('weatherDevices')
      .where({ _id: device._id })
      .update(toDb({ ...fields, updatedAt: Date.now() } as unknown as Partial<DeviceRow>))
      .catch((error: unknown) => {
        throw isMacClaimViolation(error) ? macClaimed() : error;
      });
    this.app.ctx.devices.forget(device._id);
    const [patched] = await this.withShareEmails([
      present((await this.app.ctx.devices.get(device._id))!, params.user),
    ]);
    return patched;
  }

  async remove(id: string, params: P): Promise<Device> {
    const device = await this.writable(id, params);
    // Editors may change another user's station but not delete it (README, Admin).
    if (params.provider && !canDelete(device, params.user)) throw codedError(Forbidden, 'editorsCannot');
    await this.knex('weatherDevices').where({ _id: device._id }).delete();
    this.app.ctx.devices.forget(device._id);
    return present(device, params.user);
  }

  /** `$pull: {shareUsers: address}`: the list holds user ids, so addresses are looked up first. */
  private async pullByEmail(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const pull = body.$pull as Record<string, unknown> | undefined;
    const value = pull && typeof pull === 'object' ? pull.shareUsers : undefined;
    const isIn = !!value && typeof value === 'object' && Array.isArray((value as { $in?: unknown }).$in);
    const values = isIn ? (value as { $in: unknown[] }).$in : [value];
    if (values.length > 100) throw new BadRequest('$pull may remove at most 100 items at once');
    const emails = values
      .filter((v): v is string => typeof v === 'string' && v.includes('@'))
      .map((e) => e.trim().toLowerCase());
    if (emails.length === 0) return body;
    const found = await this.knex('users').whereIn('email', emails).select('_id', 'email');
    const idOf = new Map(found.map((u: { _id: string; email: string }) => [u.email, u._id]));
    const ids = values.map((v) =>
      typeof v === 'string' && v.includes('@') ? (idOf.get(v.trim().toLowerCase()) ?? v) : v,
    );
    return { ...body, $pull: { ...pull, shareUsers: isIn ? { $in: ids } : ids[0] } };
  }

  /**
   * The user ids of a new shareUsers list, by e-mail address or user id. From outside (`current` given) the list
   * may only keep people it already holds: adding someone is an invitation they accept (shareInvitations, issue
   * #10), so the answer never tells whether an address has an account. Server code (an acceptance) may add ids.
   */
  private async shareIds(list: string[], owner: string, current?: string[]): Promise<string[]> {
    if (current) {
      const users: { _id: string; email: string }[] = current.length
        ? await this.knex('users').whereIn('_id', current).select('_id', 'email')
        : [];
      const kept = list.map((entry) => users.find((u) => u._id === entry || u.email === entry)?._id);
      if (kept.some((id) => !id))
        throw new BadRequest(SHARE_MESSAGES.invitationOnly, { field: 'shareUsers' });
      return [...new Set(kept as string[])];
    }
    const emails = list.filter((u) => !/^[0-9a-f]{24}$/.test(u));
    const ids = list.filter((u) => /^[0-9a-f]{24}$/.test(u));
    const found = await this.knex('users')
      .whereIn('email', emails)
      .orWhereIn('_id', ids)
      .select('_id', 'email');
    for (const e of emails) {
      if (!found.some((u: { email: string }) => u.email === e))
        throw new BadRequest(`No account uses ${e}`, { field: 'shareUsers' });
    }
    for (const i of ids) {
      if (!found.some((u: { _id: string }) => u._id === i))
        throw new BadRequest('Unknown user in shareUsers', { field: 'shareUsers' });
    }
    return [...new Set(found.map((u: { _id: string }) => u._id))].filter((id) => id !== owner);
  }

  /** The owner also sees the e-mail addresses a station is shared with. */
  async withShareEmails(devices: Device[]): Promise<Device[]> {
    const ids = [
      ...new Set(devices.filter((d) => d.stationKey && d.shareUsers.length).flatMap((d) => d.shareUsers)),
    ];
    if (ids.length === 0) return devices;
    const users = await this.knex('users').whereIn('_id', ids).select('_id', 'email');
    const email = new Map(users.map((u: { _id: string; email: string }) => [u._id, u.email]));
    return devices.map((d) =>
      d.stationKey && d.shareUsers.length
        ? { ...d, shareEmails: d.shareUsers.map((id) => email.get(id) ?? '') }
        : d,
    );
  }

  /** The device if the caller may read it; strangers get the same 404 as for a missing device. */
  async readable(id: unknown, user: AuthUser | null | undefined, field = 'device'): Promise<DeviceRow> {
    if (id === undefined || id === null || id === '') throw new BadRequest(`${field} is required`, { field });
    const [deviceId] = idList([id], field);
    const device = await this.app.ctx.devices.get(deviceId);
    if (!device || !canRead(device, user)) throw codedError(NotFound, 'deviceNotFound');
    return device;
  }

  /**
   * readable(), and its readings may be served: a paid device type without an active plan answers 402 with the
   * spec's subscription message (issue #14), to everyone, so no data path leaks what the plan is for.
   */
  async readableData(id: unknown, user: AuthUser | null | undefined, field = 'device'): Promise<DeviceRow> {
    const device = await this.readable(id, user, field);
    if (!(await this.app.ctx.plans.allows(device)))
      throw codedError(PaymentError, 'planRequired', { device: device._id, consoletype: device.consoletype });
    return device;
  }

  private async writable(id: unknown, params: P): Promise<DeviceRow> {
    const device = await this.readable(id, params.user);
    if (params.provider && !canWrite(device, params.user)) throw codedError(Forbidden, 'ownerOnlyChange');
    return device;
  }
}
