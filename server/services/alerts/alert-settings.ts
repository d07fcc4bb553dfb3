// alertSettings: the alert rules of one user for one station (spec §3 Alert setting; one record per device and
// user: the owner and each shared user keep their own). find {weatherDevice} lists the caller's record (none
// yet: an empty list); create stores it (a second create for the same station updates it, so a client that
// queued its first save offline twice does not fail); patch changes it, also with $push/$set/$pull on the
// rules (list-ops.ts). Each rule has an `_id` so one rule can be addressed (`settings.<_id>.value`).
import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { type AlertRule, parseRules } from '../../alerts/rules';
import type { Application, AuthUser } from '../../declarations';
import { asObject, bool, idList } from '../../hooks/validate';
import { objectId } from '../../storage/ids';
import { splitIds, withItemIds } from '../common/item-ids';
import { applyListOps } from '../common/list-ops';
import { type DeviceRow, relation } from '../devices/device-record';

type P = Params & { user?: AuthUser };

export interface AlertSettings {
  _id: string;
  weatherDevice: string;
  settings: StoredRule[];
  disableAll: boolean;
}

export type StoredRule = AlertRule & { _id: string };

const FIELDS = new Set(['_id', 'weatherDevice', 'settings', 'disableAll']);

function fromDb(row: Record<string, unknown>): AlertSettings {
  return {
    _id: row._id as string,
    weatherDevice: row.weatherDevice as string,
    settings: JSON.parse(row.settings as string),
    disableAll: !!row.disableAll,
  };
}

export class AlertSettingsService {
  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  private async device(id: unknown, user: AuthUser | undefined): Promise<DeviceRow> {
    if (id === undefined || id === null || id === '')
      throw new BadRequest('weatherDevice is required', { field: 'weatherDevice' });
    return this.app.service('weatherDevices').readable(id, user);
  }

  /** Alerts are for the owner and shared users (public viewers of a station cannot set them). */
  private async settable(id: unknown, user: AuthUser | undefined): Promise<DeviceRow> {
    const device = await this.device(id, user);
    const r = relation(device, user);
    if (r !== 'owner' && r !== 'shared')
      throw new Forbidden('Only the owner and shared users can set alerts');
    return device;
  }

  async find(params: P) {
    const query = params.query ?? {};
    const device = await this.device(query.weatherDevice, params.user);
    const row = await this.knex('alertSettings')
      .where({ weatherDevice: device._id, user: params.user!._id })
      .first();
    const data = row ? [fromDb(row)] : [];
    return query.$paginate === 'false' || query.$paginate === false
      ? data
      : { total: data.length, limit: 1, skip: 0, data };
  }

  async get(id: string, params: P): Promise<AlertSettings> {
    return fromDb(await this.own(id, params));
  }

  async create(input: unknown, params: P): Promise<AlertSettings> {
    const data = checkFields(input);
    const device = await this.settable(data.weatherDevice, params.user);
    const user = params.user!._id;
    const existing = await this.knex('alertSettings').where({ weatherDevice: device._id, user }).first();
    const settings = rulesWithIds(
      data.settings ?? [],
      device.consoletype,
      existing ? fromDb(existing).settings : [],
    );
    const disableAll = bool(data, 'disableAll') ?? false;
    if (existing) {
      await this.knex('alertSettings')
        .where({ _id: existing._id })
        .update({ settings: JSON.stringify(settings), disableAll, updatedAt: Date.now() });
    } else {
      await this.knex('alertSettings').insert({
        _id: objectId(),
        weatherDevice: device._id,
        user,
        settings: JSON.stringify(settings),
        disableAll,
        updatedAt: Date.now(),
      });
    }
    await this.app.ctx.alerts?.settingsChanged(device._id);
    return fromDb(await this.knex('alertSettings').where({ weatherDevice: device._id, user }).first());
  }

  async patch(id: string, input: unknown, params: P): Promise<AlertSettings> {
    const row = await this.own(id, params);
    const current = fromDb(row);
    const data = checkFields(applyListOps({ ...current }, input, { settings: { key: '_id' } }));
    if (data.weatherDevice !== undefined && data.weatherDevice !== row.weatherDevice)
      throw new BadRequest('weatherDevice cannot be changed', { field: 'weatherDevice' });
    const device = await this.settable(row.weatherDevice, params.user);
    const update: Record<string, unknown> = { updatedAt: Date.now() };
    if (data.settings !== undefined)
      update.settings = JSON.stringify(rulesWithIds(data.settings, device.consoletype, current.settings));
    const disableAll = bool(data, 'disableAll');
    if (disableAll !== undefined) update.disableAll = disableAll;
    await this.knex('alertSettings').where({ _id: row._id }).update(update);
    await this.app.ctx.alerts?.settingsChanged(device._id);
    return fromDb(await this.knex('alertSettings').where({ _id: row._id }).first());
  }

  private async own(id: unknown, params: P): Promise<Record<string, unknown>> {
    const [settingsId] = idList([id], 'id');
    const row = await this.knex('alertSettings').where({ _id: settingsId, user: params.user!._id }).first();
    if (!row) throw new NotFound('Alert settings not found');
    return row;
  }
}

function checkFields(input: unknown): Record<string, unknown> {
  const data = asObject(input);
  for (const key of Object.keys(data)) if (!FIELDS.has(key)) throw new BadRequest(`${key} cannot be set`);
  return data;
}

/** Validates rules (parseRules) and keeps or gives their ids (item-ids.ts). */
export function rulesWithIds(input: unknown, consoletype: number, previous: StoredRule[]): StoredRule[] {
  const { ids, bare } = splitIds(input);
  return withItemIds(ids, parseRules(bare, consoletype), previous, 'Alert rule', 'settings');
}
