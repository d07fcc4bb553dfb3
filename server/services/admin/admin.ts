// Registers the admin area's services (issue #15): admin/users, admin/devices and admin/ingestHealth. Every
// method is for admins and editors (requireAdmin: editors may not remove); their events go nowhere but the
// `admins` channel (realtime/channels.ts), which a socket joins when an admin or editor signs in.
import { Forbidden } from '@feathersjs/errors';
import type { Application, HookContext } from '../../declarations';
import { currentUser, requireAdmin, requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { ingestHealth } from '../ingest-health/ingest-health';
import { AdminDevicesService } from './admin-devices.class';
import { AdminUsersService } from './admin-users.class';
import { ADMINS_CHANNEL } from './channel';

export function admin(app: Application): void {
  const adminOnly = { all: [requireAuth, requireAdmin] };
  app.use('admin/users', new AdminUsersService(app), {
    methods: ['find', 'get', 'create', 'patch', 'remove'],
  });
  app.service('admin/users').hooks({ before: adminOnly });
  app.use('admin/devices', new AdminDevicesService(app), { methods: ['find', 'get', 'patch', 'remove'] });
  app.service('admin/devices').hooks({ before: adminOnly });
  ingestHealth(app);
  // Orders (issue #14) are listed and moved by admins there; editors may not delete someone else's order (a
  // buyer still hides their own).
  app.service('orders').hooks({
    before: {
      remove: [
        async (context: HookContext) => {
          const user = currentUser(context);
          if (!context.params.provider || user?.adminType !== 'editor') return;
          const row = await app.ctx.storage
            .knex('orders')
            .where({ _id: String(context.id) })
            .first('user');
          if (row && row.user !== user._id) throw codedError(Forbidden, 'editorsCannot');
        },
      ],
    },
  });

  app.on('login', (result: { user?: { isAdmin?: boolean } }, { connection }: { connection?: object }) => {
    if (connection && result.user?.isAdmin) app.channel(ADMINS_CHANNEL).join(connection as never);
  });
  app.service('admin/ingestHealth').publish('created', () => app.channel(ADMINS_CHANNEL));
}
