// users/password: the signed-in user changes their password.
//   create {oldPassword, password, confirmPassword?} → {changed: true, accessToken}
//   Every older token of the user ends (server/auth/sessions.ts); the answer carries a new one for this device.
//   missing old → 'Please Enter Old Password'; wrong old → 'Fail to Change Password'; a short new one →
//   'At least 8 alphas'; a confirmation that differs → 'Password is different'. Wrong old passwords are limited
//   like logins (429).
import { BadRequest, NotAuthenticated } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { validatePassword } from '../../../src/domain/validate';
import { endAllSessions, freshToken } from '../../auth/sessions';
import type { Application, AuthUser } from '../../declarations';
import { refuseDemo } from '../../hooks/demo';
import { codedError } from '../../hooks/error-codes';
import { asObject } from '../../hooks/validate';
import { PasswordCheck } from './password-check';
import { hashPassword } from './users.class';

export class PasswordService {
  private check: PasswordCheck;

  constructor(private app: Application) {
    this.check = new PasswordCheck(app);
  }

  async create(input: unknown, params: Params & { user?: AuthUser }) {
    const me = params.user;
    if (!me) throw codedError(NotAuthenticated, 'notAuthenticated');
    refuseDemo(me);
    const data = asObject(input);
    const oldPassword = data.oldPassword;
    if (typeof oldPassword !== 'string' || oldPassword === '')
      throw codedError(BadRequest, 'enterOldPassword', { field: 'oldPassword' });
    const password = typeof data.password === 'string' ? data.password : '';
    const pwError = validatePassword(password);
    if (pwError) throw codedError(BadRequest, pwError, { field: 'password' });
    if (password.length > 200) throw codedError(BadRequest, 'passwordTooLong', { field: 'password' });
    const confirm = data.confirmPassword ?? data.passwordConfirm;
    if (confirm !== undefined && confirm !== password)
      throw codedError(BadRequest, 'passwordDifferent', { field: 'confirmPassword' });

    await this.check.verify(me._id, oldPassword, 'changePasswordFailed', 'oldPassword');
    await this.app.ctx.storage
      .knex('users')
      .where({ _id: me._id })
      .update({ password: await hashPassword(this.app, password), updatedAt: Date.now() });
    await endAllSessions(this.app, me._id);
    return { changed: true, accessToken: await freshToken(this.app, me._id) };
  }
}
