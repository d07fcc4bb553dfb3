// users/delete: the signed-in user deletes their account; the password is required (spec §5).
//   create {password} → {deleted: true}; missing → 'Required', wrong → 400 ERRORS.passwordWrong.
// Removes the user's own stations (with their samples, settings and alerts, by cascade), their display and
// alert settings, sessions, picture and stored idempotent answers; takes them off the share lists of other
// people's stations (whose data stays untouched); and disconnects their sockets from every channel.
import { BadRequest, NotAuthenticated } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { ERRORS } from '../../../src/domain/errors';
import type { Application, AuthUser } from '../../declarations';
import { refuseDemo } from '../../hooks/demo';
import { codedError } from '../../hooks/error-codes';
import { asObject } from '../../hooks/validate';
import { announceSessionEnd } from '../../realtime/session-ends';
import { PasswordCheck } from './password-check';

export const DELETE_WRONG_PASSWORD = ERRORS.passwordWrong;

export class DeleteAccountService {
  private check: PasswordCheck;

  constructor(private app: Application) {
    this.check = new PasswordCheck(app);
  }

  async create(input: unknown, params: Params & { user?: AuthUser }) {
    const me = params.user;
    if (!me) throw codedError(NotAuthenticated, 'notAuthenticated');
    refuseDemo(me);
    const data = asObject(input);
    const password = data.password;
    if (typeof password !== 'string' || password === '')
      throw codedError(BadRequest, 'required', { field: 'password' });
    const row = await this.check.verify(me._id, password, 'passwordWrong', 'password');
    await deleteAccount(this.app, row._id);
    return { deleted: true };
  }
}

export async function deleteAccount(app: Application, userId: string): Promise<void> {
  const knex = app.ctx.storage.knex;
  const owner = { _id: userId } as AuthUser;
  // Own stations through their service: owners' sockets get `removed`, the device cache forgets them.
  const owned: { _id: string }[] = await knex('weatherDevices').where({ user: userId }).select('_id');
  for (const d of owned) await app.service('weatherDevices').remove(d._id, { user: owner } as Params);

  await knex.transaction(async (trx) => {
    const shared: { _id: string; shareUsers: string }[] = await trx('weatherDevices')
      .where('shareUsers', 'like', `%"${userId}"%`)
      .select('_id', 'shareUsers');
    for (const d of shared) {
      let list: unknown = [];
      try {
        list = JSON.parse(d.shareUsers);
      } catch {}
      if (!Array.isArray(list)) continue;
      await trx('weatherDevices')
        .where({ _id: d._id })
        .update({ shareUsers: JSON.stringify(list.filter((u) => u !== userId)), updatedAt: Date.now() });
      app.ctx.devices.forget(d._id);
    }
    if (await trx.schema.hasTable('sessions'))
      await trx('sessions').where({ associateUser: userId }).delete();
    await trx('idempotency').where({ user: userId }).delete();
    // Cascades: avatars, deviceDisplaySettings, alertSettings, alerts and the like.
    await trx('users').where({ _id: userId }).delete();
  });

  app.emit('usersChanged', userId); // drops the cached user behind its tokens
  announceSessionEnd(app, { user: userId, all: true }); // its sockets, on every process
}
