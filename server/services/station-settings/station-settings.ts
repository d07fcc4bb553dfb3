// Registers the generic settings service for every per-station settings declaration (src/domain/collections.ts)
// and says who hears its changes: a user's own settings reach that user's sockets; a station's own reach everyone
// who may read the station (its owner and the users it is shared with).
import type { SettingsRecord } from '../../../src/domain/collections';
import { SETTINGS_LIST } from '../../../src/domain/collections';
import type { SettingsServices } from '../../../src/domain/services';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { userChannel } from '../../realtime/channels';
import { StationSettingsService } from './station-settings.class';

export function stationSettings(app: Application): void {
  for (const { service: path, settings } of SETTINGS_LIST) {
    const name = path as keyof SettingsServices;
    app.use(name, new StationSettingsService(app, settings) as never, {
      methods: ['find', 'create', 'patch'],
    });
    // One declaration serves many record types: the typed service of one of them is enough for the hooks.
    const service = app.service(name as 'deviceDisplaySettings');
    service.hooks({ before: { all: [requireAuth] } });
    const audience = async (data: SettingsRecord, context: { params: object }) => {
      if (settings.scope === 'user') {
        const user = (context.params as { user?: AuthUser }).user;
        return user ? app.channel(userChannel(user._id)) : app.channel([]);
      }
      const device = await app.ctx.devices.get(data.weatherDevice);
      if (!device) return app.channel([]);
      return app.channel([device.user, ...(device.shareUsers ?? [])].map(userChannel));
    };
    for (const event of ['created', 'patched'] as const) service.publish(event, audience as never);
  }
}
