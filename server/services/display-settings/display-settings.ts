// deviceDisplaySettings: which cards, details and graphs a user shows for a device, and the graph period.
// One record per user and device; find answers the spec's default when none is stored yet (spec §3).
import { Conflict, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { DisplaySettings } from '../../../src/domain/contract';
import { defaultDisplaySettings } from '../../../src/domain/deviceTypes';
import { DISPLAY_LISTS, displaySettingsRules } from '../../../src/domain/displaySettingsInput';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { asObject, idList, readers } from '../../hooks/validate';
import { objectId } from '../../storage/ids';

type P = Params & { user?: AuthUser };
const fields = displaySettingsRules(readers);

function fromDb(row: Record<string, unknown>): DisplaySettings {
  return {
    _id: row._id as string,
    weatherDevice: row.weatherDevice as string,
    metricsList: JSON.parse(row.metricsList as string),
    detailList: JSON.parse(row.detailList as string),
    graphList: JSON.parse(row.graphList as string),
    graphRange: row.graphRange as string,
    chosenList: row.chosenList == null ? null : JSON.parse(row.chosenList as string),
  };
}

export class DisplaySettingsService {
  constructor(private app: Application) {}

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  private async device(id: unknown, params: P) {
    return this.app.service('weatherDevices').readable(id, params.user, 'weatherDevice');
  }

  async find(params: P) {
    const query = params.query ?? {};
    const device = await this.device(query.weatherDevice, params);
    const row = await this.knex('deviceDisplaySettings')
      .where({ weatherDevice: device._id, user: params.user!._id })
      .first();
    const data = [row ? fromDb(row) : { ...defaultDisplaySettings(device.consoletype, device._id) }];
    return query.$paginate === 'false' || query.$paginate === false
      ? data
      : { total: 1, limit: 1, skip: 0, data };
  }

  async create(input: unknown, params: P): Promise<DisplaySettings> {
    const data = asObject(input);
    const device = await this.device(data.weatherDevice, params);
    const existing = await this.knex('deviceDisplaySettings')
      .where({ weatherDevice: device._id, user: params.user!._id })
      .first();
    if (existing) throw new Conflict('Display settings for this station exist already; patch them');
    const row = {
      _id: objectId(),
      weatherDevice: device._id,
      user: params.user!._id,
      ...serialise(fields(data, true)),
      updatedAt: Date.now(),
    };
    await this.knex('deviceDisplaySettings').insert(row);
    return fromDb(row);
  }

  async patch(id: string, input: unknown, params: P): Promise<DisplaySettings> {
    const [settingsId] = idList([id], 'id');
    const row = await this.knex('deviceDisplaySettings')
      .where({ _id: settingsId, user: params.user!._id })
      .first();
    if (!row) throw new NotFound('Display settings not found');
    const { weatherDevice: _w, _id: _i, ...rest } = asObject(input);
    await this.knex('deviceDisplaySettings')
      .where({ _id: settingsId })
      .update({ ...serialise(fields(rest, false)), updatedAt: Date.now() });
    return fromDb(await this.knex('deviceDisplaySettings').where({ _id: settingsId }).first());
  }
}

function serialise(s: Partial<DisplaySettings>) {
  const out: Record<string, unknown> = { ...s };
  for (const list of DISPLAY_LISTS) if (s[list]) out[list] = JSON.stringify(s[list]);
  return out;
}

export function displaySettings(app: Application): void {
  app.use('deviceDisplaySettings', new DisplaySettingsService(app), { methods: ['find', 'create', 'patch'] });
  app.service('deviceDisplaySettings').hooks({ before: { all: [requireAuth] } });
}
