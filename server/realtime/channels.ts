// Who receives which event. Nothing is published by default: every event names its channel here.
//  device/<id>  sockets that watch a device (joined in weatherDevices/watch; access re-checked per event)
//  user/<id>    every socket of a signed-in user (profile, their devices, settings, alerts)
import type { RealTimeConnection } from '@feathersjs/feathers';
import type { Server } from 'socket.io';
import type { Device } from '../../src/domain/contract';
import type { Application, AuthUser } from '../declarations';
import { canRead, type DeviceRow, present } from '../services/devices/device-record';
import { deviceWatchers } from './device-channels';

export const userChannel = (id: string) => `user/${id}`;

/**
 * Set on each socket's Feathers connection (app.ts, through `socket.feathers`, the place Feathers gives for data of
 * a connection): its socket.io id, which is also the socket's own room.
 */
export const SOCKET_ID = Symbol('socketId');

export function channels(app: Application): void {
  app.on('login', (authResult: { user?: AuthUser }, { connection }: { connection?: RealTimeConnection }) => {
    if (connection && authResult.user) app.channel(userChannel(authResult.user._id)).join(connection);
  });
  // Logging out leaves every channel, so a signed-out socket receives nothing private. (Feathers already
  // drops it from the channels it knows; an empty channel list must not throw.)
  app.on('logout', (_result: unknown, { connection }: { connection?: RealTimeConnection }) => {
    if (connection && app.channels.length > 0) app.channel(app.channels).leave(connection);
  });

  // Live samples reach a watcher only while it may still read the device (a share can be revoked). They may go to
  // a thousand watchers, so they are not returned as a channel (Feathers would encode them once per socket) but
  // broadcast to the watchers' own rooms, which socket.io encodes once. A sample and its 5-minute bucket are
  // published together: one lookup serves both, so they go out in that order.
  const watchers = async (deviceId: string) => {
    const ids: string[] = [];
    // Nobody watches it here (the usual case in an ingest process): no lookup, and no channel made.
    const channel = deviceWatchers(app, deviceId);
    if (!channel) return ids;
    const device = await app.ctx.devices.get(deviceId);
    // A paid device type without an active plan sends its readings to nobody (issue #14).
    if (!device || !(await app.ctx.plans.allows(device))) return ids;
    for (const c of channel.connections) {
      const id = (c as { [SOCKET_ID]?: string })[SOCKET_ID];
      if (id && canRead(device, c.user as AuthUser | undefined)) ids.push(id);
    }
    return ids;
  };
  const lookups = new Map<string, Promise<string[]>>();
  const watcherIds = (deviceId: string) => {
    let ids = lookups.get(deviceId);
    if (!ids) {
      if (lookups.size === 0) process.nextTick(() => lookups.clear());
      ids = watchers(deviceId);
      lookups.set(deviceId, ids);
    }
    return ids;
  };
  for (const path of ['weatherMetrics', 'weatherMetrics/5m'] as const) {
    // The events carry one sample (ingest emits them; contract.ts LiveSample), not the find answer (Coded).
    app.service(path).publish('created', async (event: object) => {
      const data = event as { device: string };
      const ids = await watcherIds(data.device);
      const { io } = app as unknown as { io?: Server }; // set by the socket.io transport once listening
      if (io && ids.length > 0) io.to(ids).emit(`${path} created`, data);
      app.ctx.metrics?.published(path, 'created', ids.length); // the fan-out /metrics counts
      return undefined; // sent above
    });
  }

  // Device changes: each related user gets the record as they may see it (the station key only for owners).
  const deviceEvent = async (data: Device) => {
    // The record as stored now: on another process this runs before the event's own listener drops the cached
    // row (devices.ts), which would send the record as it was before the change.
    app.ctx.devices.forget(data._id);
    const device = (await app.ctx.devices.get(data._id)) ?? (data as DeviceRow);
    const users = [device.user, ...(device.shareUsers ?? [])];
    return users.map((id) =>
      app
        .channel(userChannel(id))
        .send(
          present({ ...device, shareUsers: device.shareUsers ?? [] } as DeviceRow, { _id: id } as AuthUser),
        ),
    );
  };
  for (const event of ['created', 'patched']) app.service('weatherDevices').publish(event, deviceEvent);
  app
    .service('weatherDevices')
    .publish('removed', (data: Device) =>
      app.channel(userChannel(data.user)).send({ _id: data._id, user: data.user }),
    );

  app
    .service('users')
    .publish('patched', (data) => ('_id' in data ? app.channel(userChannel(data._id)) : app.channel([])));
}
