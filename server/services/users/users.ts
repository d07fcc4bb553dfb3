// Registers users and users/verify.
import type { Application } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { UsersService } from './users.class';
import { VerifyService } from './verify.class';

export function users(app: Application): void {
  app.use('users', new UsersService(app), { methods: ['find', 'get', 'create', 'patch'] });
  app.service('users').hooks({
    before: { find: [requireAuth], get: [requireAuth], patch: [requireAuth] },
  });
  app.use('users/verify', new VerifyService(app), { methods: ['create'] });
  // The authentication keeps the user behind a token for a moment; a changed user is looked up again.
  app.service('users').on('patched', (user: { _id: string }) => app.emit('usersChanged', user._id));
}
