// Gaps in a station's data (issue 27): stationGaps find {device, days?} → the station's missing 5-minute
// buckets over the last `days` (default GAP_DAYS, at most GAP_MAX_DAYS), judged against its usual upload
// interval (src/domain/gaps.ts). Anyone who may read the station may see them; the Weather Server page shows them
// to the owner.
import type { Params } from '@feathersjs/feathers';
import { findGaps, GAP_DAYS, GAP_MAX_DAYS, type GapReport } from '../../../src/domain/gaps';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { num } from '../../hooks/validate';

type P = Params & { user?: AuthUser };

export class StationGapsService {
  constructor(private app: Application) {}

  async find(params: P): Promise<GapReport> {
    const query = params.query ?? {};
    const days = num(query, 'days', {
      min: 1,
      max: GAP_MAX_DAYS,
      integer: true,
      message: `days must be a whole number from 1 to ${GAP_MAX_DAYS}`,
    });
    const device = await this.app.service('weatherDevices').readable(query.device, params.user);
    const to = Math.floor(Date.now() / 1000);
    const from = to - (days ?? GAP_DAYS) * 86400;
    // One bucket further back: a hole that began just before the window still has its start.
    const rows = await this.app.ctx.samples.buckets('buckets5m', device._id, from - 300, to, []);
    return findGaps(
      rows.map((r) => r.time),
      from,
      to,
    );
  }
}

export function stationGaps(app: Application): void {
  app.use('stationGaps', new StationGapsService(app), { methods: ['find'] });
  app.service('stationGaps').hooks({ before: { find: [requireAuth] } });
}
