// The one service behind every per-station settings record of src/domain/collections.ts (display settings,
// calibration…): find answers the stored record or the declaration's default; create stores the first one;
// patch changes it. A user's own records (scope `user`) are found by user and station; a station's own (scope
// `station`) by the station, read by everyone who can read it and changed only by its owner.
import { Conflict, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { SettingsRecord, StationSettingsDecl } from '../../../src/domain/collections';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { asObject, idList, readers } from '../../hooks/validate';
import { objectId } from '../../storage/ids';
import { canWrite, type DeviceRow } from '../devices/device-record';

type P = Params & { user?: AuthUser };
type Row = Record<string, unknown>;

export class StationSettingsService<T extends SettingsRecord = SettingsRecord> {
  private readonly fields: (input: unknown, creating: boolean) => Partial<T>;

  constructor(
    private app: Application,
    private decl: StationSettingsDecl<T>,
  ) {
    this.fields = decl.rules(readers);
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  private fromDb(row: Row): T {
    const out: Row = { _id: row._id, weatherDevice: row.weatherDevice };
    for (const [key, value] of Object.entries(row)) {
      if (key === 'user' || key === 'updatedAt' || key in out) continue;
      out[key] = this.decl.json.includes(key) && typeof value === 'string' ? JSON.parse(value) : value;
    }
    return out as T;
  }

  private toDb(fields: Partial<T>): Row {
    const out: Row = {};
    for (const [key, value] of Object.entries(fields))
      out[key] = this.decl.json.includes(key) && value != null ? JSON.stringify(value) : value;
    return out;
  }

  /** The row's owner in the table: the caller for a user's own settings, none for the station's. */
  private where(device: DeviceRow, params: P): Row {
    return this.decl.scope === 'user'
      ? { weatherDevice: device._id, user: params.user!._id }
      : { weatherDevice: device._id };
  }

  private async device(id: unknown, params: P, writing: boolean): Promise<DeviceRow> {
    const device = await this.app.service('weatherDevices').readable(id, params.user, 'weatherDevice');
    if (writing && this.decl.scope === 'station' && !canWrite(device, params.user))
      throw codedError(Forbidden, 'ownerOnlyChange');
    return device;
  }

  async find(params: P) {
    const query = params.query ?? {};
    const device = await this.device(query.weatherDevice, params, false);
    const row = await this.knex(this.decl.sqlTable).where(this.where(device, params)).first();
    const data = [row ? this.fromDb(row) : this.decl.defaults(device)];
    return query.$paginate === 'false' || query.$paginate === false
      ? data
      : { total: 1, limit: 1, skip: 0, data };
  }

  async create(input: unknown, params: P): Promise<T> {
    const data = asObject(input);
    const device = await this.device(data.weatherDevice, params, true);
    const fields = this.fields(data, true);
    const where = this.where(device, params);
    if (await this.knex(this.decl.sqlTable).where(where).first())
      throw new Conflict('Settings for this station exist already; patch them');
    const row = {
      ...this.toDb(fields),
      _id: objectId(),
      weatherDevice: device._id,
      user: params.user!._id,
      updatedAt: Date.now(),
    };
    await this.knex(this.decl.sqlTable).insert(row);
    return this.fromDb(row);
  }

  async patch(id: string, input: unknown, params: P): Promise<T> {
    const [settingsId] = idList([id], 'id');
    const found = await this.knex(this.decl.sqlTable).where({ _id: settingsId }).first();
    // Another user's own settings, or a station the caller cannot read: the same 404 as a missing record.
    if (!found || (this.decl.scope === 'user' && found.user !== params.user!._id))
      throw new NotFound('Settings not found');
    await this.device(found.weatherDevice, params, true).catch((e) => {
      throw e instanceof Forbidden ? e : new NotFound('Settings not found');
    });
    const { weatherDevice: _w, _id: _i, ...rest } = asObject(input);
    const update = { ...this.toDb(this.fields(rest, false)), updatedAt: Date.now() };
    if (this.decl.scope === 'station') Object.assign(update, { user: params.user!._id });
    await this.knex(this.decl.sqlTable).where({ _id: settingsId }).update(update);
    return this.fromDb(await this.knex(this.decl.sqlTable).where({ _id: settingsId }).first());
  }
}
