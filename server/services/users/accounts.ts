// Registers the account services around `users` (spec §3 User/Account): reset, password, pic, me, delete,
// and the public GET /config. users, users/verify and authentication are registered before (users.ts,
// auth/authentication.ts).

import { publicConfig } from '../../auth/public-config';
import type { Application } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { DeleteAccountService } from './delete.class';
import { MeService } from './me.class';
import { PasswordService } from './password.class';
import { avatarUpload, PicService, sendImage } from './pic.class';
import { ResetService } from './reset.class';

export function accounts(app: Application): void {
  app.use('users/reset', new ResetService(app), { methods: ['create'] });

  app.use('users/password', new PasswordService(app), { methods: ['create'] });
  app.service('users/password').hooks({ before: { create: [requireAuth] } });

  app.use('users/pic', new PicService(app), {
    methods: ['get', 'create', 'patch', 'remove'],
    koa: { before: [avatarUpload] },
  });
  app.service('users/pic').hooks({ before: { all: [requireAuth] }, after: { get: [sendImage] } });

  app.use('users/me', new MeService(app), { methods: ['find'] });
  app.service('users/me').hooks({ before: { find: [requireAuth] } });

  app.use('users/delete', new DeleteAccountService(app), { methods: ['create'] });
  app.service('users/delete').hooks({ before: { create: [requireAuth] } });

  publicConfig(app);
}
