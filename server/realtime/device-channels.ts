// The live channel of each watched device (`device/<id>`), also kept here. Feathers answers "does this channel
// exist" only by listing every channel's name (`app.channels`), and `app.channel(name)` creates the channel it
// names, which stays until a connection has joined and left it. So every station that published a sample left a
// channel behind in every process, and each sample listed them all. With 50,000 stations that was 80 % of an
// ingest process's CPU (`npm run bench:load`, issue 29). Here a watched device's channel is found in a map, and a
// device nobody watches gets no channel.
import type { RealTimeConnection } from '@feathersjs/feathers';
import type { Application } from '../declarations';

type Channel = ReturnType<Application['channel']>;

export const deviceChannel = (id: string) => `device/${id}`;

/** Per app (tests run several in one process): the channels connections joined, by device. */
const joined = new WeakMap<Application, Map<string, Channel>>();

function channelsOf(app: Application): Map<string, Channel> {
  let map = joined.get(app);
  if (!map) {
    map = new Map();
    joined.set(app, map);
  }
  return map;
}

/** `connection` watches the device. */
export function joinDevice(app: Application, id: string, connection: RealTimeConnection): void {
  // The channel Feathers holds now: one that emptied was dropped from its list, and joining makes a new one.
  const channel = app.channel(deviceChannel(id));
  channel.join(connection);
  channelsOf(app).set(id, channel);
}

/** The device's watchers' channel, or undefined when no connection watches it. */
export function deviceWatchers(app: Application, id: string): Channel | undefined {
  const map = channelsOf(app);
  const channel = map.get(id);
  if (channel && channel.length > 0) return channel;
  // Its last connection left or disconnected (Feathers dropped the channel).
  if (channel) map.delete(id);
  return undefined;
}

/** Whether any connection watches the device. */
export function hasWatchers(app: Application, id: string): boolean {
  return deviceWatchers(app, id) !== undefined;
}

/** The devices some connection watches. */
export function watchedDevices(app: Application): string[] {
  return [...channelsOf(app).keys()].filter((id) => hasWatchers(app, id));
}

/** `connection` stops watching the devices named, or every device. */
export function leaveDevices(app: Application, connection: RealTimeConnection, ids?: string[]): void {
  for (const id of ids ?? watchedDevices(app)) deviceWatchers(app, id)?.leave(connection);
}
