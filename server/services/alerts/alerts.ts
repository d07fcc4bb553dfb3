// alerts: the caller's active alerts of a station (spec §4: status active with a lastTrigger), newest first;
// alerts/hide {device, id}: the caller hides one (status 'hidden'; it stays raised, so it does not come back
// while its condition holds). Both are GET calls (spec §7). Alerts are raised by the engine (server/alerts).
import { BadRequest, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { type AlertRecord, fromDbAlert, present } from '../../alerts/engine';
import type { Application, AuthUser } from '../../declarations';
import { idList } from '../../hooks/validate';

type P = Params & { user?: AuthUser };

async function readableDevice(app: Application, id: unknown, user: AuthUser | undefined) {
  if (id === undefined || id === null || id === '')
    throw new BadRequest('device is required', { field: 'device' });
  return app.service('weatherDevices').readable(id, user);
}

export class AlertsService {
  constructor(private app: Application) {}

  async find(params: P) {
    const query = params.query ?? {};
    const device = await readableDevice(this.app, query.device, params.user);
    const rows = await this.app.ctx.storage
      .knex('alerts')
      .where({ device: device._id, user: params.user!._id, status: 'active' })
      .whereNotNull('lastTrigger')
      .orderBy('lastTrigger', 'desc')
      .limit(100);
    const data = rows.map((r: Record<string, unknown>) => present(fromDbAlert(r)));
    return query.$paginate === 'false' || query.$paginate === false
      ? data
      : { total: data.length, limit: 100, skip: 0, data };
  }

  async teardown(): Promise<void> {
    await this.app.ctx.alerts?.stop();
  }
}

export class HideAlertService {
  constructor(private app: Application) {}

  async find(params: P): Promise<AlertRecord> {
    const query = params.query ?? {};
    const device = await readableDevice(this.app, query.device, params.user);
    if (query.id === undefined || query.id === '') throw new BadRequest('id is required', { field: 'id' });
    const [alertId] = idList([query.id], 'id');
    const knex = this.app.ctx.storage.knex;
    const where = { _id: alertId, device: device._id, user: params.user!._id };
    const row = await knex('alerts').where(where).first();
    if (!row) throw new NotFound('Alert not found');
    if (row.status === 'active') {
      await knex('alerts').where(where).update({ status: 'hidden', updatedAt: Date.now() });
      this.app.ctx.alerts?.hidden(device._id, alertId);
    }
    const alert = present({ ...fromDbAlert(row), status: row.status === 'active' ? 'hidden' : row.status });
    // Other tabs and devices of the user drop it from their list too.
    this.app.service('alerts').emit('patched', alert);
    return alert;
  }
}
