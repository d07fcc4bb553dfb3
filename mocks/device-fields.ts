// The editable station fields and their 400s (a port of server/services/devices/devices.schema.ts).
import type { ChannelName, ShareMode } from '../src/api/contract';
import { DEVICE_TYPES } from '../src/domain/deviceTypes';
import { MESSAGES, validateLatLng, validateMac } from '../src/domain/validate';
import { badRequest } from './errors';
import { asObject, num, str } from './validate';

const SHARE_MODES: ShareMode[] = ['private', 'public', 'unlist'];
const EDITABLE = new Set([
  'name',
  'consoletype',
  'timezone',
  'mac',
  'latitude',
  'longitude',
  'elevation',
  'channelNameMapping',
  'shareMode',
  'order',
  'lastMinMaxReset',
  'shareUsers',
]);

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Validates the fields present in `input`; `creating` requires a name. */
export function deviceFields(input: unknown, creating: boolean): Record<string, unknown> {
  const data = asObject(input);
  for (const key of Object.keys(data))
    if (!EDITABLE.has(key)) throw badRequest(`${key} cannot be set`, { field: key });
  const out: Record<string, unknown> = {};
  const name = str(data, 'name', { required: creating, max: 100 });
  if (name !== undefined) out.name = name;
  const type = num(data, 'consoletype', {
    integer: true,
    min: 0,
    max: DEVICE_TYPES.length - 1,
    message: 'Unknown device type',
  });
  if (type !== undefined) out.consoletype = type;
  const tz = str(data, 'timezone', { max: 64 });
  if (tz !== undefined) {
    if (!isTimeZone(tz)) throw badRequest('Unknown time zone', { field: 'timezone' });
    out.timezone = tz;
  }
  if (data.mac !== undefined) {
    if (data.mac === null || data.mac === '') out.mac = null;
    else {
      const mac = typeof data.mac === 'string' ? data.mac.trim().toUpperCase().replace(/-/g, ':') : '';
      const error = validateMac(mac);
      if (error) throw badRequest(error, { field: 'mac' });
      out.mac = mac;
    }
  }
  for (const key of ['latitude', 'longitude'] as const) {
    if (data[key] === null) out[key] = null;
    else {
      const v = num(data, key, { message: MESSAGES.invalidLatLng });
      if (v !== undefined) out[key] = v;
    }
  }
  if (out.latitude !== undefined || out.longitude !== undefined) {
    const error = validateLatLng((out.latitude as number) ?? 0, (out.longitude as number) ?? 0);
    if (error) throw badRequest(error, { field: 'latitude' });
  }
  if (data.elevation === null) out.elevation = null;
  else {
    const elevation = num(data, 'elevation', {
      min: -500,
      max: 9000,
      message: 'Elevation must be -500..9000 m',
    });
    if (elevation !== undefined) out.elevation = elevation;
  }
  if (data.channelNameMapping !== undefined) out.channelNameMapping = channelNames(data.channelNameMapping);
  if (data.shareUsers !== undefined) {
    const list = data.shareUsers;
    if (!Array.isArray(list) || list.length > 50 || list.some((u) => typeof u !== 'string' || u.length > 254))
      throw badRequest('shareUsers must be a list of e-mail addresses', { field: 'shareUsers' });
    out.shareUsers = [...new Set(list.map((u: string) => u.trim().toLowerCase()))];
  }
  if (data.shareMode !== undefined) {
    if (!SHARE_MODES.includes(data.shareMode as ShareMode))
      throw badRequest('shareMode must be private, public or unlist', { field: 'shareMode' });
    out.shareMode = data.shareMode;
  }
  const order = num(data, 'order', { integer: true, min: -1e6, max: 1e6 });
  if (order !== undefined) out.order = order;
  if (data.lastMinMaxReset !== undefined) {
    out.lastMinMaxReset =
      data.lastMinMaxReset === 'now'
        ? Math.floor(Date.now() / 1000)
        : num(data, 'lastMinMaxReset', { integer: true, min: 0, max: 4102444800 });
  }
  return out;
}

function channelNames(v: unknown): ChannelName[] {
  if (!Array.isArray(v) || v.length > 32)
    throw badRequest('channelNameMapping must be a list', { field: 'channelNameMapping' });
  const seen = new Set<number>();
  return v.map((item) => {
    const o = asObject(item, 'channel name');
    const channel = num(o, 'channel', { required: true, integer: true, min: 0, max: 16 })!;
    const name = str(o, 'name', { max: 32 }) ?? '';
    if (seen.has(channel))
      throw badRequest(`Channel ${channel} is named twice`, { field: 'channelNameMapping' });
    seen.add(channel);
    return { channel, name };
  });
}
