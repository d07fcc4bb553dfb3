// weatherDevices/watch: a socket joins the live channel of devices it may read (spec §7). Manage mode sends
// a list. Access is checked here and again on every event (realtime/channels), so a revoked share stops events.
import { BadRequest } from '@feathersjs/errors';
import type { Params, RealTimeConnection } from '@feathersjs/feathers';
import type { Application, AuthUser } from '../../declarations';
import { asObject, idList } from '../../hooks/validate';
import { joinDevice, leaveDevices } from '../../realtime/device-channels';
import { canRead } from './device-record';

type P = Params & { user?: AuthUser; connection?: RealTimeConnection };

export class WatchService {
  constructor(private app: Application) {}

  async create(data: unknown, params: P) {
    if (!params.connection) throw new BadRequest('Watching needs a realtime (socket) connection');
    const raw = asObject(data).id;
    const ids = idList(Array.isArray(raw) ? raw : [raw], 'id', 500);
    if (ids.length === 0) throw new BadRequest('id is required');
    const watching: string[] = [];
    for (const id of ids) {
      const device = await this.app.ctx.devices.get(id);
      if (device && canRead(device, params.user)) {
        joinDevice(this.app, id, params.connection);
        watching.push(id);
      }
    }
    return { watching };
  }

  /** Leave one device's channel, or all of them when id is null. */
  async remove(id: string | null, params: P) {
    if (!params.connection) throw new BadRequest('Watching needs a realtime (socket) connection');
    leaveDevices(this.app, params.connection, id === null ? undefined : idList([id], 'id'));
    return { watching: [] as string[], left: id ?? 'all' };
  }
}
