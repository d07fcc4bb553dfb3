// `admin/users` (issue #15): every account for admins and editors, on the generic list layer.
//   find    filter/sort on _id, email, firstName, lastName, verified, disabled, isAdmin, adminType, createdAt,
//           temperatureUnit; $or of $regex for search. Newest first.
//   get     one account (never the password, codes or hashes).
//   create  {email, password, firstName?, lastName?, verified?, adminType?}: an account the admin vouches for
//           (verified unless said otherwise; no mail).
//   patch   {firstName, lastName, email, verified, disabled, adminType (admin | editor | null), resetPassword}
//           disabled: the account cannot sign in and every token of it ends at once; resetPassword: true mails
//           the owner a reset code (users/reset). Editors may not change roles; nobody changes their own role
//           or disables themself (an admin could lock every admin out).
//   remove  deletes the account and its stations (users/delete's deleteAccount); admins only, not oneself.
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { ADMIN_USER_EDITABLE, readRole } from '../../../src/domain/adminInput';
import type { AdminUser } from '../../../src/domain/contract';
import { ADMIN_AREA_USER_SHAPE } from '../../../src/domain/listShapes';
import { isValidEmail } from '../../../src/domain/validate';
import { endAllSessions } from '../../auth/sessions';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { asObject, bool, id as oneId, str } from '../../hooks/validate';
import { userChannel } from '../../realtime/channels';
import { announceSessionEnd } from '../../realtime/session-ends';
import { objectId } from '../../storage/ids';
import { findList, type ListSpec } from '../common/list-query';
import { deleteAccount } from '../users/delete.class';
import { hashPassword, presentUser } from '../users/users.class';
import { newAccountCredentials } from '../users/users.schema';
import { ADMIN_USER_LIST, normaliseUserQuery } from '../users/users-list';
import { ADMINS_CHANNEL } from './channel';

type P = Params & { user?: AuthUser };

export const ADMIN_AREA_USERS: ListSpec = { ...ADMIN_USER_LIST, ...ADMIN_AREA_USER_SHAPE };

function adminUser(row: Record<string, unknown>): AdminUser {
  return { ...presentUser(row), disabled: Boolean(row.disabled) };
}

const role = (data: Record<string, unknown>) => readRole(data, (message, d) => new BadRequest(message, d));

export class AdminUsersService {
  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(params: P) {
    return findList<AdminUser>(this.knex, ADMIN_AREA_USERS, normaliseUserQuery(params.query ?? {}));
  }

  async get(id: string): Promise<AdminUser> {
    return adminUser(await this.row(id));
  }

  async create(input: unknown, params: P): Promise<AdminUser> {
    const data = asObject(input);
    const { email, password } = newAccountCredentials(data);
    const adminType = role(data);
    if (adminType && isEditorCall(params)) throw codedError(Forbidden, 'editorsCannot');
    if (await this.knex('users').where({ email }).first('_id'))
      throw codedError(Conflict, 'emailRegistered', { field: 'email' });
    const now = Date.now();
    const row = {
      _id: objectId(now),
      email,
      password: await hashPassword(this.app, password),
      firstName: str(data, 'firstName', { max: 100 }) ?? '',
      lastName: str(data, 'lastName', { max: 100 }) ?? '',
      verified: bool(data, 'verified') ?? true,
      verifyTime: now,
      isAdmin: !!adminType,
      adminType: adminType ?? null,
      temperatureUnit: 'C',
      createdAt: now,
      updatedAt: now,
    };
    await this.knex('users').insert(row);
    return this.get(row._id);
  }

  async patch(id: string, input: unknown, params: P): Promise<AdminUser> {
    const data = asObject(input);
    for (const key of Object.keys(data))
      if (!ADMIN_USER_EDITABLE.has(key))
        throw new BadRequest(`${key.slice(0, 40)} cannot be changed here`, { field: key });
    const current = await this.row(oneId(id));
    const me = params.user?._id;
    const update: Record<string, unknown> = {};
    const first = str(data, 'firstName', { max: 100 });
    const last = str(data, 'lastName', { max: 100 });
    if (first !== undefined) update.firstName = first;
    if (last !== undefined) update.lastName = last;
    const email = str(data, 'email', { max: 254 })?.toLowerCase();
    if (email !== undefined && email !== current.email) {
      if (!isValidEmail(email)) throw codedError(BadRequest, 'emailFormat', { field: 'email' });
      if (await this.knex('users').where({ email }).first('_id'))
        throw codedError(Conflict, 'emailRegistered', { field: 'email' });
      update.email = email;
    }
    const verified = bool(data, 'verified');
    if (verified !== undefined) {
      update.verified = verified;
      if (verified && !current.verified) update.verifyTime = Date.now();
    }
    const disabled = bool(data, 'disabled');
    if (disabled !== undefined && disabled !== Boolean(current.disabled)) {
      if (current._id === me) throw new Forbidden('You cannot disable your own account');
      update.disabled = disabled;
    }
    const adminType = role(data);
    if (adminType !== undefined && adminType !== (current.adminType ?? null)) {
      if (isEditorCall(params)) throw codedError(Forbidden, 'editorsCannot');
      if (current._id === me) throw new Forbidden('You cannot change your own role');
      update.adminType = adminType;
      update.isAdmin = adminType !== null;
    }
    if (Object.keys(update).length > 0)
      await this.knex('users')
        .where({ _id: current._id })
        .update({ ...update, updatedAt: Date.now() });
    // A disabled account signs out everywhere; a changed role counts from the next call.
    if (update.disabled === true) {
      await endAllSessions(this.app, current._id);
      announceSessionEnd(this.app, { user: current._id, all: true }); // a fresh token too
    }
    if (update.adminType === null)
      for (const c of [...this.app.channel(userChannel(current._id)).connections])
        this.app.channel(ADMINS_CHANNEL).leave(c);
    else if (update.adminType !== undefined || update.email !== undefined)
      this.app.emit('usersChanged', current._id);
    if (bool(data, 'resetPassword') === true)
      await this.app.service('users/reset').create({ email: (update.email ?? current.email) as string });
    const row = await this.row(current._id);
    if (Object.keys(update).length > 0) this.app.service('users').emit('patched', presentUser(row));
    return adminUser(row);
  }

  async remove(id: string, params: P): Promise<AdminUser> {
    const current = await this.row(oneId(id));
    if (current._id === params.user?._id)
      throw new Forbidden('Delete your own account on the account page (it asks for your password)');
    await deleteAccount(this.app, current._id);
    return adminUser(current);
  }

  private async row(id: string) {
    const row = await this.knex('users').where({ _id: id }).first();
    if (!row) throw codedError(NotFound, 'userNotFound');
    return row;
  }
}

const isEditorCall = (params: P) => !!params.provider && params.user?.adminType === 'editor';
