// users/me: what the Account page shows — the profile, the membership and its limits, how many stations.
//   find → {user, membership, supportedDevices, dataLogStorePeriod, devices}
// Every account is on the free membership until service plans exist.
import { NotAuthenticated } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { presentUser } from './users.class';

/** The free membership: stations an account may own, and days of 5-minute history kept. */
export const FREE_PLAN = { membership: 'free', supportedDevices: 10, dataLogStorePeriod: 365 } as const;

export class MeService {
  constructor(private app: Application) {}

  async find(params: Params & { user?: AuthUser }) {
    if (!params.user) throw codedError(NotAuthenticated, 'notAuthenticated');
    const knex = this.app.ctx.storage.knex;
    const row = await knex('users').where({ _id: params.user._id }).first();
    if (!row) throw new NotAuthenticated('This account no longer exists');
    const counted = await knex('weatherDevices').where({ user: row._id }).count<{ n: number | string }[]>({
      n: '*',
    });
    return {
      user: presentUser(row),
      membership: FREE_PLAN.membership,
      supportedDevices: FREE_PLAN.supportedDevices,
      dataLogStorePeriod: FREE_PLAN.dataLogStorePeriod,
      devices: Number(counted[0]?.n ?? 0),
      // No card is kept here: the card payment provider holds it. Orders (issue #14) may name the last one used.
      paymentMethod: null,
    };
  }
}
