// weatherDevices/lastData?device=&range=true: the newest sample, and with range today's min/max with their
// times since the device-local midnight or the owner's last min/max reset, whichever is later.
import type { Params } from '@feathersjs/feathers';
import { aggValue } from '../../../src/domain/aggregate';
import type { LastData } from '../../../src/domain/contract';
import type { Application, AuthUser } from '../../declarations';
import { bool } from '../../hooks/validate';
import { dayStartFor } from '../../storage/samples';

export class LastDataService {
  constructor(private app: Application) {}

  async find(params: Params & { user?: AuthUser }): Promise<LastData> {
    const query = params.query ?? {};
    const devices = this.app.service('weatherDevices');
    const device = await devices.readableData(query.device, params.user);
    const { samples } = this.app.ctx;
    const last = (await samples.latest([device._id])).get(device._id) ?? null;
    if (!bool(query, 'range')) return { device: device._id, last };
    const now = Math.floor(Date.now() / 1000);
    const since = Math.max(dayStartFor(last?.time ?? now, device.timezone), device.lastMinMaxReset ?? 0);
    const buckets = await samples.buckets('buckets5m', device._id, since - (since % 300), now + 300);
    const min: NonNullable<LastData['min']> = {};
    const max: NonNullable<LastData['max']> = {};
    for (const { time, aggs } of buckets) {
      for (const key in aggs) {
        const lo = aggValue(aggs[key], 'min');
        const hi = aggValue(aggs[key], 'max');
        if (lo !== null && (!min[key] || lo < min[key][0])) min[key] = [lo, time];
        if (hi !== null && (!max[key] || hi > max[key][0])) max[key] = [hi, time];
      }
    }
    return { device: device._id, last, min, max };
  }
}
