// `admin/devices` (issue #15): every station for admins and editors, on the generic list layer.
//   find    filter/sort on _id, wsid, name, user (owner id), consoletype, shareMode, timezone, lastUpload,
//           createdAt; $populate=user gives the owner's {_id, email, firstName, lastName}; `unmapped` (the
//           fields the console sends that the portal does not know) can be selected. Newest upload first.
//   get     one station in the same shape.
//   patch   {name, consoletype, shareMode, timezone} (checked as the owner's edit is) and `user` (give the
//           station to another account: the old owner's clients get `removed`, the new owner's `patched`).
//   remove  deletes the station and its data (admins only).
// The station key and MAC are never answered here (the owner's Weather Server page shows them).
import { BadRequest, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { ADMIN_DEVICE_EDITABLE } from '../../../src/domain/adminInput';
import type { AdminDevice, Device } from '../../../src/domain/contract';
import { ADMIN_DEVICE_SHAPE } from '../../../src/domain/listShapes';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { asObject, id as oneId } from '../../hooks/validate';
import { findList, type ListSpec } from '../common/list-query';
import { deviceFields } from '../devices/devices.schema';

type P = Params & { user?: AuthUser };

function deviceRecord(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  if ('unmapped' in row) {
    try {
      out.unmapped = JSON.parse(String(row.unmapped ?? '{}'));
    } catch {
      out.unmapped = {};
    }
  }
  for (const k of ['lastUpload', 'createdAt', 'consoletype'])
    if (k in row) out[k] = row[k] === null || row[k] === undefined ? null : Number(row[k]);
  return out;
}

export function adminDeviceList(app: Application): ListSpec {
  return {
    table: 'weatherDevices',
    ...ADMIN_DEVICE_SHAPE,
    populate: {
      user: {
        field: 'user',
        load: (ids) =>
          app.ctx.storage.knex('users').whereIn('_id', ids).select('_id', 'email', 'firstName', 'lastName'),
      },
    },
    fromDb: deviceRecord,
  };
}

export class AdminDevicesService {
  private list: ListSpec;

  constructor(private app: Application) {
    this.list = adminDeviceList(app);
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(params: P) {
    return findList<AdminDevice>(this.knex, this.list, params.query ?? {});
  }

  async get(id: string): Promise<AdminDevice> {
    const row = await this.knex('weatherDevices')
      .where({ _id: oneId(id) })
      .first(Object.keys(this.list.fields));
    if (!row) throw codedError(NotFound, 'deviceNotFound');
    return deviceRecord(row) as unknown as AdminDevice;
  }

  async patch(id: string, input: unknown): Promise<AdminDevice> {
    const current = await this.get(id);
    const data = asObject(input);
    const { user, ...rest } = data;
    for (const key of Object.keys(rest))
      if (!ADMIN_DEVICE_EDITABLE.has(key))
        throw new BadRequest(`${key.slice(0, 40)} cannot be changed here`, { field: key });
    const fields = deviceFields(rest, false);
    const owner = current.user as string;
    const devices = this.app.service('weatherDevices');
    if (Object.keys(fields).length > 0)
      await devices.patch(current._id, fields as never, { user: { _id: owner } } as Params);
    if (user !== undefined && user !== owner) {
      const next = await this.knex('users')
        .where({ _id: oneId(user as string) })
        .first('_id');
      if (!next) throw new BadRequest('No account has this id', { field: 'user' });
      // Off the new owner's share list (an owner is not a shared user of their own station).
      const row = await this.knex('weatherDevices').where({ _id: current._id }).first('shareUsers');
      const shared = (JSON.parse(row?.shareUsers ?? '[]') as string[]).filter((u) => u !== next._id);
      await this.knex('weatherDevices')
        .where({ _id: current._id })
        .update({ user: next._id, shareUsers: JSON.stringify(shared), updatedAt: Date.now() });
      this.app.ctx.devices.forget(current._id);
      devices.emit('removed', { _id: current._id, user: owner } as Device);
      const moved = await devices.get(current._id, { user: { _id: next._id } } as Params);
      devices.emit('patched', moved);
    }
    return this.get(current._id);
  }

  async remove(id: string): Promise<AdminDevice> {
    const current = await this.get(id);
    await this.app
      .service('weatherDevices')
      .remove(current._id, { user: { _id: current.user as string } } as Params);
    return current;
  }
}
