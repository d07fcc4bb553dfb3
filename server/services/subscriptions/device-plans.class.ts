// deviceSubscriptionPlan: which plan a device (by MAC) has, from start to end (end null = permanent).
// find ?mac=&$populate=subscriptionPlan&$limit=1 (spec §7): the owner and shared users of the station a period is for
// see its plans (a shared user sees the same data, so also what the plan allows); anyone else gets an empty
// list, never another account's plan. `user` (the buyer) is only shown to that user. Admins list, create, patch
// and remove any; nobody else writes: orders and payments will call grant() from server code.
import { BadRequest, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Knex } from 'knex';
import type { DeviceSubscriptionPlan } from '../../../src/domain/contract';
import { addMonths, isActive } from '../../../src/domain/subscriptionPeriods';
import type { Application, AuthUser } from '../../declarations';
import { id as oneId } from '../../hooks/validate';
import { objectId } from '../../storage/ids';
import { engineOf, findList } from '../common/list-query';
import { fromDb as deviceFromDb, relation } from '../devices/device-record';
import { devicePlanFields, devicePlanFromDb, devicePlanList, macOf } from './device-plans.schema';
import { planFromDb } from './plans.schema';

type P = Params & { user?: AuthUser };
type Rec = Record<string, unknown>;

const isAdmin = (params: P) => !params.provider || !!params.user?.isAdmin;

export class DeviceSubscriptionPlanService {
  private list = devicePlanList(async (ids) =>
    (await this.knex('subscriptionPlans').whereIn('_id', ids)).map(planFromDb),
  );

  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(params: P) {
    const query: Rec = { ...(params.query ?? {}) };
    const admin = isAdmin(params);
    // Admins may filter by MAC with operators; everyone else names one MAC.
    if (!admin || typeof query.mac === 'string') query.mac = macOf(query.mac);
    const readable = admin ? null : await this.readableStations(query.mac as string, params.user);
    const result = await findList(
      this.knex,
      this.list,
      query,
      readable === null ? undefined : (qb) => bound(qb, readable),
    );
    const present = (r: Rec) => this.present(r, params);
    return Array.isArray(result) ? result.map(present) : { ...result, data: result.data.map(present) };
  }

  async get(id: string, params: P): Promise<DeviceSubscriptionPlan> {
    const row = await this.knex('deviceSubscriptionPlans')
      .where({ _id: oneId(id) })
      .first();
    if (!row || !(isAdmin(params) || covers(await this.readableStations(row.mac, params.user), row)))
      throw new NotFound('Subscription not found');
    return this.present(devicePlanFromDb(row), params);
  }

  async create(data: unknown, params: P): Promise<DeviceSubscriptionPlan> {
    const fields = devicePlanFields(data, true);
    const plan = await this.plan(fields.subscriptionPlan!);
    await this.checkUser(fields.user!);
    const now = Date.now();
    const start = fields.start ?? now;
    const end =
      fields.end !== undefined ? fields.end : plan.months === 0 ? null : addMonths(start, plan.months);
    checkPeriod(start, end);
    const row = { _id: objectId(now), ...fields, start, end, createdAt: now, updatedAt: now };
    await this.knex('deviceSubscriptionPlans').insert(row);
    this.changed(row.mac);
    return this.get(row._id, params);
  }

  async patch(id: string, data: unknown, params: P): Promise<DeviceSubscriptionPlan> {
    const current = await this.get(id, params);
    const fields = devicePlanFields(data, false);
    if (fields.subscriptionPlan) await this.plan(fields.subscriptionPlan);
    if (fields.user) await this.checkUser(fields.user);
    checkPeriod(fields.start ?? current.start, fields.end !== undefined ? fields.end : current.end);
    await this.knex('deviceSubscriptionPlans')
      .where({ _id: current._id })
      .update({ ...fields, updatedAt: Date.now() });
    this.changed(current.mac, fields.mac);
    return this.get(current._id, params);
  }

  async remove(id: string, params: P): Promise<DeviceSubscriptionPlan> {
    const current = await this.get(id, params);
    await this.knex('deviceSubscriptionPlans').where({ _id: current._id }).delete();
    this.changed(current.mac);
    return current;
  }

  /**
   * Gives a device a plan (for orders and payments; server code only): `station` is the station it is for (null:
   * the station that claimed the MAC). An active grant of the same plan to it is extended by the plan's months
   * from its current end; otherwise a new period starts now. A permanent plan
   * (months 0) ends never.
   */
  async grant(
    mac: string,
    planId: string,
    user: string,
    now = Date.now(),
    station: string | null = null,
  ): Promise<DeviceSubscriptionPlan> {
    const device = macOf(mac);
    const plan = await this.plan(planId);
    const id = await this.knex.transaction(async (trx) => {
      const q = trx('deviceSubscriptionPlans')
        .where({ mac: device, subscriptionPlan: plan._id })
        .where((w) => (station ? w.where({ device: station }) : w.whereNull('device')))
        .where('start', '<=', now)
        .where((w) => w.whereNull('end').orWhere('end', '>', now));
      // Two payments at once must not both extend from the same end.
      const rows = (await (engineOf(this.knex) === 'pg' ? q.forUpdate() : q)).map(devicePlanFromDb);
      const current = rows.sort((a, b) => endOf(b) - endOf(a))[0];
      if (current) {
        const end =
          plan.months === 0 || current.end === null ? null : addMonths(current.end as number, plan.months);
        await trx('deviceSubscriptionPlans').where({ _id: current._id }).update({ end, updatedAt: now });
        return current._id as string;
      }
      const row = {
        _id: objectId(now),
        mac: device,
        device: station,
        user,
        subscriptionPlan: plan._id,
        start: now,
        end: plan.months === 0 ? null : addMonths(now, plan.months),
        createdAt: now,
        updatedAt: now,
      };
      await trx('deviceSubscriptionPlans').insert(row);
      return row._id;
    });
    this.changed(device);
    return this.get(id, {});
  }

  /** This process's plan gate forgets the MACs at once (other processes within its few seconds). */
  private changed(...macs: (string | null | undefined)[]): void {
    for (const mac of macs) if (mac) this.app.ctx.plans.forget(mac);
  }

  /**
   * The stations with this MAC the user owns or is shared, and whether one of them claimed the MAC: a period is
   * shown to those its station is (never a stranger's period on the same MAC).
   */
  private async readableStations(mac: string, user: AuthUser | undefined): Promise<Readable> {
    if (!user) return { ids: [], claimed: false };
    const rows = (await this.knex('weatherDevices').where({ mac })).map((row: Rec) => deviceFromDb(row));
    const mine = rows.filter((d) => ['owner', 'shared'].includes(relation(d, user) ?? ''));
    return { ids: mine.map((d) => d._id), claimed: mine.some((d) => d.macAuth) };
  }

  /** The record as the caller may see it (with $select, only the picked fields of it). */
  private present(record: Rec, params: P): DeviceSubscriptionPlan {
    const out = { ...record };
    if (typeof out.start === 'number' && 'end' in out)
      out.active = isActive({ start: out.start, end: out.end as number | null });
    if (!isAdmin(params) && out.user !== params.user?._id) delete out.user;
    if (out.device === null) delete out.device; // bound to the station that claimed the MAC
    return out as unknown as DeviceSubscriptionPlan;
  }

  private async plan(id: string): Promise<{ _id: string; months: number }> {
    const row = await this.knex('subscriptionPlans').where({ _id: id }).first();
    if (!row) throw new BadRequest('Unknown subscription plan', { field: 'subscriptionPlan' });
    return { _id: row._id, months: Number(row.months) };
  }

  private async checkUser(id: string): Promise<void> {
    if (!(await this.knex('users').where({ _id: id }).first()))
      throw new BadRequest('Unknown user', { field: 'user' });
  }
}

interface Readable {
  ids: string[];
  claimed: boolean;
}

/** Periods of these stations (and those by MAC only, when one of them claimed it). */
function bound(qb: Knex.QueryBuilder, r: Readable): void {
  qb.where((w) => {
    w.whereIn('device', r.ids.length > 0 ? r.ids : ['-']);
    if (r.claimed) w.orWhereNull('device');
  });
}

const covers = (r: Readable, row: Rec) => (row.device ? r.ids.includes(String(row.device)) : r.claimed);

const endOf = (r: Rec) => (r.end === null ? Number.POSITIVE_INFINITY : (r.end as number));

function checkPeriod(start: number, end: number | null): void {
  if (end !== null && end <= start) throw new BadRequest('end must be after start', { field: 'end' });
}

/** The registered service (server code calls grant() on it; declarations.ts types it as this class). */
export const devicePlanService = (app: Application) => app.service('deviceSubscriptionPlan');
