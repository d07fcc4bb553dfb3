// Registers uploadTargets and uploadTargets/test; events reach the station owner's own channel only (the key
// in them is masked).
import type { UploadTarget } from '../../../src/domain/contract';
import type { Application } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { userChannel } from '../../realtime/channels';
import { UploadTargetsService, UploadTargetTestService } from './upload-targets.class';

export function uploadTargets(app: Application): void {
  const service = new UploadTargetsService(app);
  app.use('uploadTargets', service, { methods: ['find', 'get', 'create', 'patch', 'remove'] });
  app.service('uploadTargets').hooks({ before: { all: [requireAuth] } });
  app.use('uploadTargets/test', new UploadTargetTestService(app, service), { methods: ['create'] });
  app.service('uploadTargets/test').hooks({ before: { all: [requireAuth] } });
  for (const event of ['created', 'patched', 'removed'])
    app.service('uploadTargets').publish(event, async (data: UploadTarget) => {
      const device = await app.ctx.devices.get(data.device);
      return device ? app.channel(userChannel(device.user)) : [];
    });
}
