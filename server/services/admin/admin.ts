// Registers the admin area's services (issue #15): admin/users, admin/devices and admin/ingestHealth. Every
// method is for admins and editors (requireAdmin: editors may not remove); their events go nowhere but the
// `admins` channel (realtime/channels.ts), which a socket joins when an admin or editor signs in.
import type { Application } from '../../declarations';
import { requireAdmin, requireAuth } from '../../hooks/auth';
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

  app.on('login', (result: { user?: { isAdmin?: boolean } }, { connection }: { connection?: object }) => {
    if (connection && result.user?.isAdmin) app.channel(ADMINS_CHANNEL).join(connection as never);
  });
  app.service('admin/ingestHealth').publish('created', () => app.channel(ADMINS_CHANNEL));
}
