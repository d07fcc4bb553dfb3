// Station records (issue 13): today, yesterday, this month, this year and all-time highs and lows with their times.
//  weatherDevices/records  find {device} (whoever may read the station) → StationRecords
//                          remove(device) (owner or admin, not an editor) → records start again now; answers the
//                          emptied records
import { BadRequest, Forbidden } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { StationRecords } from '../../../src/domain/records';
import type { Application, AuthUser } from '../../declarations';
import { optionalAuth, requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { computeRecords, forgetRecords } from '../../records/compute';
import { canDelete, canWrite } from '../devices/device-record';

type P = Params & { user?: AuthUser };
const nowSeconds = () => Math.floor(Date.now() / 1000);

export class RecordsService {
  constructor(private app: Application) {}

  private async resetAt(device: string): Promise<number | null> {
    const row = await this.app.ctx.storage.knex('recordResets').where({ device }).first('resetAt');
    return row ? Number(row.resetAt) : null;
  }

  private async answer(device: {
    _id: string;
    timezone: string;
    rainSeasonStart?: number | null;
  }): Promise<StationRecords> {
    const now = nowSeconds();
    const resetAt = await this.resetAt(device._id);
    const periods = await computeRecords(this.app.ctx.samples, device, now, resetAt);
    return { device: device._id, resetAt, computedAt: now, periods };
  }

  async find(params: P): Promise<StationRecords> {
    const query = params.query ?? {};
    if (query.device === undefined || query.device === '') throw new BadRequest('device is required');
    const device = await this.app.service('weatherDevices').readableData(query.device, params.user);
    return this.answer(device);
  }

  async remove(id: string | null, params: P): Promise<StationRecords> {
    if (!id) throw new BadRequest('device is required');
    const device = await this.app.service('weatherDevices').readableData(id, params.user);
    if (!canWrite(device, params.user)) throw codedError(Forbidden, 'ownerOnlyChange');
    if (!canDelete(device, params.user)) throw codedError(Forbidden, 'editorsCannot');
    const knex = this.app.ctx.storage.knex;
    const resetAt = nowSeconds();
    await knex('recordResets').insert({ device: device._id, resetAt }).onConflict('device').merge();
    forgetRecords(device._id);
    return this.answer(device);
  }
}

export function records(app: Application): void {
  app.use('weatherDevices/records', new RecordsService(app), { methods: ['find', 'remove'] });
  app.service('weatherDevices/records').hooks({
    before: { find: [optionalAuth], remove: [requireAuth] },
  });
}
