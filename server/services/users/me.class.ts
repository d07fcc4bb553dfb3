// users/me: what the Account page shows — the profile, the membership and its limits, how many stations.
//   find → {user, membership, supportedDevices, dataLogStorePeriod, devices}
// The membership comes from the plans active on the stations the account owns (issue #14): the best of them
// (longest store period) names it; the limits are the account's entitlement (src/domain/entitlements.ts): the
// free account's, raised by its plans, never lowered by one (issue #22).
import { NotAuthenticated } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { entitlementOf, FREE_ACCOUNT } from '../../../src/domain/entitlements';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { presentUser } from './users.class';

/** The free membership: stations an account may own, and days of 5-minute history kept. */
export const FREE_PLAN = {
  membership: 'free',
  supportedDevices: FREE_ACCOUNT.stations,
  dataLogStorePeriod: FREE_ACCOUNT.storeDays,
} as const;

/** The stations an account owns and the plans active on them. */
async function ownedPlans(app: Application, userId: string) {
  const owned: { _id: string; mac: string | null; consoletype: number; macAuth: boolean }[] =
    await app.ctx.storage
      .knex('weatherDevices')
      .where({ user: userId })
      .select('_id', 'mac', 'consoletype', 'macAuth');
  const active = (
    await Promise.all(
      owned.map((d) => app.ctx.plans.activePlans({ ...d, consoletype: Number(d.consoletype) })),
    )
  ).flat();
  return { owned, active };
}

/** What the account has (src/domain/entitlements.ts) and how many stations it owns: the station gate reads it. */
export async function accountEntitlement(app: Application, userId: string) {
  const { owned, active } = await ownedPlans(app, userId);
  return { ...entitlementOf(active), owned: owned.length };
}

export class MeService {
  constructor(private app: Application) {}

  async find(params: Params & { user?: AuthUser }) {
    if (!params.user) throw codedError(NotAuthenticated, 'notAuthenticated');
    const knex = this.app.ctx.storage.knex;
    const row = await knex('users').where({ _id: params.user._id }).first();
    if (!row) throw new NotAuthenticated('This account no longer exists');
    const { owned, active } = await ownedPlans(this.app, row._id);
    const lastPaid = await knex('orders')
      .where({ user: row._id })
      .whereNotNull('paidAt')
      .whereNot({ provider: 'none' })
      .orderBy('paidAt', 'desc')
      .first('provider');
    const best = active.sort((a, b) => b.storeDays - a.storeDays || b.maxDevices - a.maxDevices)[0];
    const has = entitlementOf(active);
    return {
      user: presentUser(row),
      membership: best?.name ?? FREE_PLAN.membership,
      supportedDevices: has.stations,
      dataLogStorePeriod: has.storeDays,
      devices: owned.length,
      // The provider of the last paid order (cards are held by the provider, never here); null before any.
      paymentMethod: (lastPaid?.provider as 'stripe' | 'sandbox' | undefined) ?? null,
    };
  }
}
