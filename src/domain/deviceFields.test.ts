import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceFieldRules, macAuthError } from './deviceFields';
import { inputReaders } from './readers';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const fields = (input: unknown, creating = false) =>
  deviceFieldRules(inputReaders((message, data) => new Refused(message, data)))(input, creating);
const refusal = (input: unknown, creating = false) => {
  try {
    fields(input, creating);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};

afterEach(() => vi.useRealTimers());

describe('macAuthError', () => {
  it('needs a MAC only when MAC identification is asked for', () => {
    expect(macAuthError(null, true)).toBe('macNeeded');
    expect(macAuthError('', true)).toBe('macNeeded');
    expect(macAuthError(undefined, true)).toBe('macNeeded');
    expect(macAuthError('AA:BB:CC:DD:EE:FF', true)).toBeNull();
    expect(macAuthError(null, false)).toBeNull();
    expect(macAuthError(null, undefined)).toBeNull();
  });
});

describe('deviceFields', () => {
  it('keeps only the fields sent, trimmed and typed', () => {
    expect(fields({})).toStrictEqual({});
    expect(
      fields({
        name: '  Garden ',
        consoletype: '13',
        timezone: 'Europe/Prague',
        macAuth: false,
        exactPosition: true,
        latitude: '50.1',
        longitude: 14.4,
        elevation: -500,
        order: -1000000,
        shareMode: 'unlist',
        sortGroup: ' roof ',
      }),
    ).toStrictEqual({
      name: 'Garden',
      consoletype: 13,
      timezone: 'Europe/Prague',
      macAuth: false,
      exactPosition: true,
      latitude: 50.1,
      longitude: 14.4,
      elevation: -500,
      order: -1000000,
      shareMode: 'unlist',
      sortGroup: 'roof',
    });
  });

  it('refuses a field that cannot be set, naming it', () => {
    expect(refusal({ owner: 'x' })).toStrictEqual({
      message: 'owner cannot be set',
      data: { field: 'owner' },
    });
    expect(refusal({ _id: 'x' })).toStrictEqual({ message: '_id cannot be set', data: { field: '_id' } });
    expect(refusal('x')).toStrictEqual({ message: 'The body must be an object', data: undefined });
  });

  it('accepts every editable field', () => {
    const all = {
      name: 'a',
      consoletype: 0,
      timezone: 'UTC',
      mac: '',
      macAuth: true,
      exactPosition: false,
      latitude: null,
      longitude: null,
      elevation: 9000,
      anemometerHeight: 10,
      rainSeasonStart: 1,
      degreeDayBase: 18.3,
      gddBase: 10,
      channelNameMapping: [],
      shareMode: 'private',
      order: 1000000,
      lastMinMaxReset: 0,
      shareUsers: [],
      consoleSettings: {},
      sortGroup: null,
    };
    expect(fields(all)).toStrictEqual({ ...all, mac: null });
  });

  it('requires a name of at most 100 characters when creating', () => {
    expect(refusal({}, true)).toStrictEqual({
      message: 'Required',
      data: { field: 'name', code: 'required' },
    });
    expect(fields({ name: 'x'.repeat(100) }, true).name).toBe('x'.repeat(100));
    expect(refusal({ name: 'x'.repeat(101) })).toStrictEqual({
      message: 'name is longer than 100 characters',
      data: { field: 'name' },
    });
    expect(fields({ name: '' })).toStrictEqual({});
  });

  it('knows device types 0..13', () => {
    for (const bad of [-1, 14, 1.5, 'x'])
      expect(refusal({ consoletype: bad })).toStrictEqual({
        message: 'Unknown device type',
        data: { field: 'consoletype' },
      });
  });

  it('refuses an unknown or too long time zone', () => {
    expect(refusal({ timezone: 'Mars/Base' })).toStrictEqual({
      message: 'Unknown time zone',
      data: { field: 'timezone', code: 'unknownTimeZone' },
    });
    expect(refusal({ timezone: `Europe/${'x'.repeat(58)}` })).toStrictEqual({
      message: 'timezone is longer than 64 characters',
      data: { field: 'timezone' },
    });
  });

  it('stores a MAC in one form, clears it with null or empty, refuses a bad one', () => {
    expect(fields({ mac: 'aa-bb-cc-dd-ee-f0' })).toStrictEqual({ mac: 'AA:BB:CC:DD:EE:F0' });
    expect(fields({ mac: null })).toStrictEqual({ mac: null });
    expect(fields({ mac: '' })).toStrictEqual({ mac: null });
    expect(refusal({ mac: 'zz' }).data).toStrictEqual({ field: 'mac', code: 'invalidMacFormat' });
    expect(refusal({ mac: 'FF:FF:FF:FF:FF:FF' }).data).toStrictEqual({ field: 'mac', code: 'invalidMac' });
  });

  it('wants booleans for macAuth and exactPosition', () => {
    expect(fields({ macAuth: true })).toStrictEqual({ macAuth: true });
    expect(refusal({ macAuth: 'true' })).toStrictEqual({
      message: 'macAuth must be true or false',
      data: { field: 'macAuth' },
    });
    expect(refusal({ exactPosition: 1 })).toStrictEqual({
      message: 'exactPosition must be true or false',
      data: { field: 'exactPosition' },
    });
  });

  it('checks latitude and longitude together, null clearing them', () => {
    expect(fields({ latitude: -90, longitude: 180 })).toStrictEqual({ latitude: -90, longitude: 180 });
    expect(fields({ latitude: null })).toStrictEqual({ latitude: null });
    expect(fields({ longitude: 5 })).toStrictEqual({ longitude: 5 });
    expect(fields({ latitude: 5 })).toStrictEqual({ latitude: 5 });
    const outside = {
      message: 'Invalid Latitude or Longitude',
      data: { field: 'latitude', code: 'invalidLatLng' },
    };
    expect(refusal({ latitude: 90.5 })).toStrictEqual(outside);
    expect(refusal({ longitude: -180.5 })).toStrictEqual(outside);
    expect(refusal({ longitude: 'x' })).toStrictEqual({
      message: 'Invalid Latitude or Longitude',
      data: { field: 'longitude', code: 'invalidLatLng' },
    });
  });

  it('bounds the elevation to -500..9000 m, null clearing it', () => {
    expect(fields({ elevation: null })).toStrictEqual({ elevation: null });
    expect(fields({ elevation: '9000' })).toStrictEqual({ elevation: 9000 });
    for (const bad of [-500.5, 9000.5])
      expect(refusal({ elevation: bad })).toStrictEqual({
        message: 'Elevation must be -500..9000 m',
        data: { field: 'elevation' },
      });
  });

  it('bounds the climate settings, null going back to the default', () => {
    expect(
      fields({ anemometerHeight: 0.5, rainSeasonStart: 12, degreeDayBase: -10, gddBase: 30 }),
    ).toStrictEqual({
      anemometerHeight: 0.5,
      rainSeasonStart: 12,
      degreeDayBase: -10,
      gddBase: 30,
    });
    expect(fields({ anemometerHeight: 100, degreeDayBase: 40, gddBase: -10 })).toStrictEqual({
      anemometerHeight: 100,
      degreeDayBase: 40,
      gddBase: -10,
    });
    expect(
      fields({ anemometerHeight: null, rainSeasonStart: null, degreeDayBase: null, gddBase: null }),
    ).toStrictEqual({
      anemometerHeight: null,
      rainSeasonStart: null,
      degreeDayBase: null,
      gddBase: null,
    });
    const cases: [string, unknown, string][] = [
      ['anemometerHeight', 0.4, 'Anemometer height must be 0.5..100 m'],
      ['anemometerHeight', 100.1, 'Anemometer height must be 0.5..100 m'],
      ['rainSeasonStart', 0, 'Rain season must start in month 1..12'],
      ['rainSeasonStart', 13, 'Rain season must start in month 1..12'],
      ['rainSeasonStart', 1.5, 'Rain season must start in month 1..12'],
      ['degreeDayBase', -10.1, 'Degree-day base must be -10..40 °C'],
      ['degreeDayBase', 40.1, 'Degree-day base must be -10..40 °C'],
      ['gddBase', -10.1, 'Growing degree-day base must be -10..30 °C'],
      ['gddBase', 30.1, 'Growing degree-day base must be -10..30 °C'],
    ];
    for (const [key, value, message] of cases)
      expect(refusal({ [key]: value })).toStrictEqual({ message, data: { field: key } });
  });

  it('reads the channel names: up to 32, channels 0..16 once each, names up to 32 characters', () => {
    expect(
      fields({ channelNameMapping: [{ channel: '2', name: ' Cellar ' }, { channel: 16 }] }),
    ).toStrictEqual({
      channelNameMapping: [
        { channel: 2, name: 'Cellar' },
        { channel: 16, name: '' },
      ],
    });
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ channel: i % 17, name: '' }));
    expect(refusal({ channelNameMapping: list(33) })).toStrictEqual({
      message: 'channelNameMapping must be a list',
      data: { field: 'channelNameMapping' },
    });
    expect(refusal({ channelNameMapping: list(32) })).toStrictEqual({
      message: 'Channel 0 is named twice',
      data: { field: 'channelNameMapping' },
    });
    expect(refusal({ channelNameMapping: { 0: { channel: 1 } } }).message).toBe(
      'channelNameMapping must be a list',
    );
    expect(refusal({ channelNameMapping: ['x'] })).toStrictEqual({
      message: 'The channel name must be an object',
      data: undefined,
    });
    expect(refusal({ channelNameMapping: [{ name: 'a' }] }).message).toBe('channel is required');
    expect(refusal({ channelNameMapping: [{ channel: 17 }] }).message).toBe('channel must be a valid number');
    expect(refusal({ channelNameMapping: [{ channel: -1 }] }).message).toBe('channel must be a valid number');
    expect(refusal({ channelNameMapping: [{ channel: 0.5 }] }).message).toBe(
      'channel must be a valid number',
    );
    expect(refusal({ channelNameMapping: [{ channel: 1, name: 'x'.repeat(33) }] }).message).toBe(
      'name is longer than 32 characters',
    );
  });

  it('reads the console settings', () => {
    expect(
      fields({
        consoleSettings: {
          backlight: { control: 'period', highFrom: '07:00', lowFrom: '23:59' },
          riseSet: 'moon',
          forecastMode: 'avgRain',
        },
      }),
    ).toStrictEqual({
      consoleSettings: {
        backlight: { control: 'period', highFrom: '07:00', lowFrom: '23:59' },
        riseSet: 'moon',
        forecastMode: 'avgRain',
      },
    });
    expect(
      fields({
        consoleSettings: {
          backlight: { control: 'ambient', highFrom: 'x' },
          riseSet: 'sun',
          forecastMode: 'highLow',
        },
      }),
    ).toStrictEqual({
      consoleSettings: { backlight: { control: 'ambient' }, riseSet: 'sun', forecastMode: 'highLow' },
    });
    expect(
      fields({ consoleSettings: { backlight: { control: 'period', highFrom: '20:00', lowFrom: '19:30' } } }),
    ).toStrictEqual({
      consoleSettings: { backlight: { control: 'period', highFrom: '20:00', lowFrom: '19:30' } },
    });
  });

  it('refuses console settings it does not know', () => {
    expect(refusal({ consoleSettings: [] })).toStrictEqual({
      message: 'The consoleSettings must be an object',
      data: undefined,
    });
    expect(refusal({ consoleSettings: { volume: 3 } })).toStrictEqual({
      message: 'consoleSettings.volume cannot be set',
      data: undefined,
    });
    expect(refusal({ consoleSettings: { backlight: 'on' } })).toStrictEqual({
      message: 'The backlight must be an object',
      data: undefined,
    });
    expect(refusal({ consoleSettings: { backlight: { control: 'auto' } } })).toStrictEqual({
      message: 'Backlight control must be ambient or period',
      data: { field: 'consoleSettings.backlight' },
    });
    expect(refusal({ consoleSettings: { riseSet: 'stars' } })).toStrictEqual({
      message: 'Rise and set time must be sun or moon',
      data: undefined,
    });
    expect(refusal({ consoleSettings: { forecastMode: 'rain' } })).toStrictEqual({
      message: 'Forecast mode must be highLow or avgRain',
      data: undefined,
    });
  });

  it('refuses a backlight period that is not two different HH:MM times', () => {
    const period = (highFrom: unknown, lowFrom: unknown) =>
      refusal({ consoleSettings: { backlight: { control: 'period', highFrom, lowFrom } } });
    const invalid = {
      message: 'Invalid Time Period',
      data: { field: 'consoleSettings.backlight', code: 'invalidTimePeriod' },
    };
    for (const [a, b] of [
      ['07:00', '07:00'],
      [700, '08:00'],
      ['07:00', 800],
      ['24:00', '08:00'],
      ['07:00', '08:60'],
      ['7:00', '08:00'],
      ['07:00', '08:00x'],
      ['x07:00', '08:00'],
      ['07:00', '8:00'],
      // A list's text is its item's: still not a time.
      [['07:00'], '08:00'],
      ['07:00', ['08:00']],
    ])
      expect(period(a, b)).toStrictEqual(invalid);
    expect(
      fields({ consoleSettings: { backlight: { control: 'period', highFrom: '19:00', lowFrom: '20:00' } } }),
    ).toStrictEqual({
      consoleSettings: { backlight: { control: 'period', highFrom: '19:00', lowFrom: '20:00' } },
    });
  });

  it('reads the sort group of at most 32 characters, null or empty clearing it', () => {
    expect(fields({ sortGroup: null })).toStrictEqual({ sortGroup: null });
    expect(fields({ sortGroup: '' })).toStrictEqual({ sortGroup: null });
    expect(refusal({ sortGroup: 'x'.repeat(33) })).toStrictEqual({
      message: 'sortGroup is longer than 32 characters',
      data: { field: 'sortGroup' },
    });
  });

  it('reads up to 50 share addresses, lower-cased and once each', () => {
    expect(fields({ shareUsers: [' Ann@Example.com', 'ann@example.com ', 'bob@example.com'] })).toStrictEqual(
      {
        shareUsers: ['ann@example.com', 'bob@example.com'],
      },
    );
    const emails = (n: number) => Array.from({ length: n }, (_, i) => `u${i}@example.com`);
    expect((fields({ shareUsers: emails(50) }).shareUsers as string[]).length).toBe(50);
    expect(fields({ shareUsers: [`${'a'.repeat(242)}@example.com`] }).shareUsers).toStrictEqual([
      `${'a'.repeat(242)}@example.com`,
    ]);
    const refused = {
      message: 'shareUsers must be a list of e-mail addresses',
      data: { field: 'shareUsers' },
    };
    expect(refusal({ shareUsers: emails(51) })).toStrictEqual(refused);
    expect(refusal({ shareUsers: 'a@example.com' })).toStrictEqual(refused);
    expect(refusal({ shareUsers: ['a@example.com', 5] })).toStrictEqual(refused);
    expect(refusal({ shareUsers: [`${'a'.repeat(243)}@example.com`] })).toStrictEqual(refused);
  });

  it('knows the three share modes', () => {
    expect(fields({ shareMode: 'public' })).toStrictEqual({ shareMode: 'public' });
    expect(refusal({ shareMode: 'friends' })).toStrictEqual({
      message: 'shareMode must be private, public or unlist',
      data: { field: 'shareMode' },
    });
  });

  it('bounds the order to whole numbers within a million', () => {
    for (const bad of [1000001, -1000001, 0.5])
      expect(refusal({ order: bad })).toStrictEqual({
        message: 'order must be a valid number',
        data: { field: 'order' },
      });
  });

  it('sets the min/max reset to now in whole seconds, or to a time until 2100', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00.900Z'));
    expect(fields({ lastMinMaxReset: 'now' })).toStrictEqual({ lastMinMaxReset: 1772366400 });
    expect(fields({ lastMinMaxReset: 4102444800 })).toStrictEqual({ lastMinMaxReset: 4102444800 });
    expect(fields({ lastMinMaxReset: null })).toStrictEqual({ lastMinMaxReset: undefined });
    for (const bad of [4102444801, -1, 1.5, 'soon'])
      expect(refusal({ lastMinMaxReset: bad })).toStrictEqual({
        message: 'lastMinMaxReset must be a valid number',
        data: { field: 'lastMinMaxReset' },
      });
  });
});
