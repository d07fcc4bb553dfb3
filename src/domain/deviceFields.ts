// Input rules of a station (spec §3, §5 messages), shared by the server and the mocks: each builds them with its
// own input readers (readers.ts), so both refuse the same input with the same 400.
import { DEVICE_TYPES } from './deviceTypes';
import { readMac } from './macInput';
import type { InputReaders } from './readers';
import { isTimeZone } from './timeZones';
import { validateLatLng } from './validate';

export type ShareMode = 'private' | 'public' | 'unlist';

export interface ConsoleSettings {
  backlight?: { control: 'ambient' } | { control: 'period'; highFrom: string; lowFrom: string };
  riseSet?: 'sun' | 'moon';
  forecastMode?: 'highLow' | 'avgRain';
}

export interface ChannelName {
  channel: number;
  name: string;
}

const SHARE_MODES: ShareMode[] = ['private', 'public', 'unlist'];
const MAX_TYPE = DEVICE_TYPES.length - 1;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a station would be after a change: MAC identification (opt-in, one station per MAC) needs a MAC. */
export function macAuthError(
  mac: string | null | undefined,
  macAuth: boolean | undefined,
): 'macNeeded' | null {
  return macAuth && !mac ? 'macNeeded' : null;
}

export function deviceFieldRules(r: InputReaders) {
  const { fail, asObject, num, str } = r;
  /** Validates the editable fields present in `input`; `creating` requires a name. */
  function deviceFields(input: unknown, creating: boolean): Record<string, unknown> {
    const data = asObject(input);
    const editable = new Set([
      'name',
      'consoletype',
      'timezone',
      'mac',
      'macAuth',
      'exactPosition',
      'latitude',
      'longitude',
      'elevation',
      'anemometerHeight',
      'rainSeasonStart',
      'degreeDayBase',
      'gddBase',
      'channelNameMapping',
      'shareMode',
      'order',
      'lastMinMaxReset',
      'shareUsers',
      'consoleSettings',
      'sortGroup',
    ]);
    for (const key of Object.keys(data)) {
      if (!editable.has(key)) throw fail(`${key} cannot be set`, { field: key });
    }
    const out: Record<string, unknown> = {};
    const name = str(data, 'name', { required: creating, max: 100 });
    if (name !== undefined) out.name = name;
    const type = num(data, 'consoletype', {
      integer: true,
      min: 0,
      max: MAX_TYPE,
      message: 'Unknown device type',
    });
    if (type !== undefined) out.consoletype = type;
    const tz = str(data, 'timezone', { max: 64 });
    if (tz !== undefined) {
      if (!isTimeZone(tz)) throw r.failCode('unknownTimeZone', { field: 'timezone' });
      out.timezone = tz;
    }
    if (data.mac !== undefined) {
      if (data.mac === null || data.mac === '') out.mac = null;
      // One stored form (AA:BB:CC:DD:EE:FF): the Ecowitt PASSKEY is the MD5 of exactly that text.
      else out.mac = readMac(r, data.mac);
    }
    if (data.macAuth !== undefined) {
      if (typeof data.macAuth !== 'boolean')
        throw fail('macAuth must be true or false', { field: 'macAuth' });
      out.macAuth = data.macAuth;
    }
    if (data.exactPosition !== undefined) {
      if (typeof data.exactPosition !== 'boolean')
        throw fail('exactPosition must be true or false', { field: 'exactPosition' });
      out.exactPosition = data.exactPosition;
    }
    for (const key of ['latitude', 'longitude'] as const) {
      if (data[key] === null) out[key] = null;
      else {
        const v = num(data, key, { code: 'invalidLatLng' });
        if (v !== undefined) out[key] = v;
      }
    }
    if (out.latitude !== undefined || out.longitude !== undefined) {
      const error = validateLatLng((out.latitude as number) ?? 0, (out.longitude as number) ?? 0);
      if (error) throw r.failCode(error, { field: 'latitude' });
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
    // Climate settings (issue 26); null goes back to the default (10 m, January, 18.3 °C, 10 °C).
    const climate = [
      ['anemometerHeight', { min: 0.5, max: 100, message: 'Anemometer height must be 0.5..100 m' }],
      [
        'rainSeasonStart',
        { integer: true, min: 1, max: 12, message: 'Rain season must start in month 1..12' },
      ],
      ['degreeDayBase', { min: -10, max: 40, message: 'Degree-day base must be -10..40 °C' }],
      ['gddBase', { min: -10, max: 30, message: 'Growing degree-day base must be -10..30 °C' }],
    ] as const;
    for (const [key, rule] of climate) {
      if (data[key] === null) out[key] = null;
      else {
        const v = num(data, key, rule);
        if (v !== undefined) out[key] = v;
      }
    }
    if (data.channelNameMapping !== undefined) out.channelNameMapping = channelNames(data.channelNameMapping);
    if (data.consoleSettings !== undefined) out.consoleSettings = consoleSettings(data.consoleSettings);
    if (data.sortGroup !== undefined)
      out.sortGroup = data.sortGroup === null ? null : (str(data, 'sortGroup', { max: 32 }) ?? null);
    if (data.shareUsers !== undefined) {
      const list = data.shareUsers;
      if (
        !Array.isArray(list) ||
        list.length > 50 ||
        list.some((u) => typeof u !== 'string' || u.length > 254)
      )
        throw fail('shareUsers must be a list of e-mail addresses', { field: 'shareUsers' });
      out.shareUsers = [...new Set(list.map((u: string) => u.trim().toLowerCase()))];
    }
    if (data.shareMode !== undefined) {
      if (!SHARE_MODES.includes(data.shareMode as ShareMode))
        throw fail('shareMode must be private, public or unlist', { field: 'shareMode' });
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
      throw fail('channelNameMapping must be a list', { field: 'channelNameMapping' });
    const seen = new Set<number>();
    return v.map((item) => {
      const o = asObject(item, 'channel name');
      const channel = num(o, 'channel', { required: true, integer: true, min: 0, max: 16 })!;
      const name = str(o, 'name', { max: 32 }) ?? '';
      if (seen.has(channel)) throw fail(`Channel ${channel} is named twice`, { field: 'channelNameMapping' });
      seen.add(channel);
      return { channel, name };
    });
  }

  /**
   * What the console itself is set to (spec §3): backlight by ambient light or by a time period (bright from
   * `highFrom`, dim from `lowFrom`), rise and set times of the sun or the moon, and the forecast shown.
   */
  function consoleSettings(v: unknown): ConsoleSettings {
    const o = asObject(v, 'consoleSettings');
    for (const key of Object.keys(o)) {
      if (!['backlight', 'riseSet', 'forecastMode'].includes(key))
        throw fail(`consoleSettings.${key} cannot be set`);
    }
    const out: ConsoleSettings = {};
    if (o.backlight !== undefined) {
      const b = asObject(o.backlight, 'backlight');
      if (b.control !== 'ambient' && b.control !== 'period')
        throw fail('Backlight control must be ambient or period', {
          field: 'consoleSettings.backlight',
        });
      if (b.control === 'ambient') out.backlight = { control: 'ambient' };
      else {
        const { highFrom, lowFrom } = b;
        if (
          typeof highFrom !== 'string' ||
          typeof lowFrom !== 'string' ||
          !HHMM.test(highFrom) ||
          !HHMM.test(lowFrom) ||
          highFrom === lowFrom
        )
          throw r.failCode('invalidTimePeriod', { field: 'consoleSettings.backlight' });
        out.backlight = { control: 'period', highFrom, lowFrom };
      }
    }
    if (o.riseSet !== undefined) {
      if (o.riseSet !== 'sun' && o.riseSet !== 'moon') throw fail('Rise and set time must be sun or moon');
      out.riseSet = o.riseSet;
    }
    if (o.forecastMode !== undefined) {
      if (o.forecastMode !== 'highLow' && o.forecastMode !== 'avgRain')
        throw fail('Forecast mode must be highLow or avgRain');
      out.forecastMode = o.forecastMode;
    }
    return out;
  }

  return deviceFields;
}
