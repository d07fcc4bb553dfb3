// subscriptionPlans: the plans on offer. Anyone (signed out too: the subscribe page lists them) finds and gets
// published plans through the generic list layer; drafts, create, patch and remove are for admins. patch takes
// $push/$pull/$set on `features` (list-ops.ts), validated like a whole list.
import { Conflict, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { SubscriptionPlan } from '../../../src/domain/contract';
import type { Application, AuthUser } from '../../declarations';
import { id as oneId } from '../../hooks/validate';
import { objectId } from '../../storage/ids';
import { applyListOps } from '../common/list-ops';
import { findList } from '../common/list-query';
import { PLAN_LIST, planFields, planFromDb, planToDb } from './plans.schema';

type P = Params & { user?: AuthUser };

/** Server code and admins see drafts too. */
export const seesDrafts = (params: P) => !params.provider || !!params.user?.isAdmin;

export class SubscriptionPlansService {
  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(params: P) {
    return findList<SubscriptionPlan>(
      this.knex,
      PLAN_LIST,
      params.query ?? {},
      seesDrafts(params) ? undefined : (qb) => qb.where('status', 'published'),
    );
  }

  async get(id: string, params: P): Promise<SubscriptionPlan> {
    const row = await this.knex('subscriptionPlans')
      .where({ _id: oneId(id) })
      .first();
    if (!row || (row.status !== 'published' && !seesDrafts(params)))
      throw new NotFound('Subscription plan not found');
    return planFromDb(row) as unknown as SubscriptionPlan;
  }

  async create(data: unknown, params: P): Promise<SubscriptionPlan> {
    const now = Date.now();
    const row = { _id: objectId(now), ...planToDb(planFields(data, true)), createdAt: now, updatedAt: now };
    await this.knex('subscriptionPlans').insert(row);
    return this.get(row._id, params);
  }

  async patch(id: string, data: unknown, params: P): Promise<SubscriptionPlan> {
    const current = await this.get(id, params);
    const plain = applyListOps({ ...current }, data, { features: { key: '_id' } });
    const fields = planFields(plain, false, current.features);
    await this.knex('subscriptionPlans')
      .where({ _id: current._id })
      .update({ ...planToDb(fields), updatedAt: Date.now() });
    return this.get(current._id, params);
  }

  async remove(id: string, params: P): Promise<SubscriptionPlan> {
    const current = await this.get(id, params);
    const used = await this.knex('deviceSubscriptionPlans').where({ subscriptionPlan: current._id }).first();
    if (used)
      throw new Conflict('This plan has been granted to devices: unpublish it (status draft) instead');
    await this.knex('subscriptionPlans').where({ _id: current._id }).delete();
    return current;
  }
}
