// Registers weatherDevices and its sub-paths (watch, lastData).
import type { Application } from '../../declarations';
import { optionalAuth, requireAuth } from '../../hooks/auth';
import { DevicesService } from './devices.class';
import { LastDataService } from './last-data.class';
import { WatchService } from './watch.class';

export function devices(app: Application): void {
  app.use('weatherDevices', new DevicesService(app), {
    methods: ['find', 'get', 'create', 'patch', 'remove'],
  });
  app.service('weatherDevices').hooks({
    before: {
      // Public and unlisted stations can be read without an account; everything else needs one.
      find: [optionalAuth],
      get: [optionalAuth],
      create: [requireAuth],
      patch: [requireAuth],
      remove: [requireAuth],
    },
  });
  // Another process changed a device (events arrive through Redis): drop our cached copy (and, for a new one,
  // the cached misses of its station ID, key or MAC).
  for (const event of ['created', 'patched', 'removed']) {
    app.service('weatherDevices').on(event, (d: { _id: string }) => app.ctx.devices.forget(d._id));
  }
  app.use('weatherDevices/watch', new WatchService(app), { methods: ['create', 'remove'] });
  app.service('weatherDevices/watch').hooks({ before: { all: [optionalAuth] } });
  app.use('weatherDevices/lastData', new LastDataService(app), { methods: ['find'] });
  app.service('weatherDevices/lastData').hooks({ before: { find: [optionalAuth] } });
}
