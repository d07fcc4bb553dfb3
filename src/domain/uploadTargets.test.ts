import { describe, expect, it } from 'vitest';
import { inputReaders } from './readers';
import { type TargetInput, uploadTargetRules } from './uploadTargets';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const rules = () => uploadTargetRules(inputReaders((message, data) => new Refused(message, data)));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};
const DEVICE = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const create = (body: Record<string, unknown>) => rules().create({ device: DEVICE, ...body });
const created = (body: Record<string, unknown>) => refusal(() => create(body));

const STATION_ID = {
  message: 'Enter the station ID the network gave you',
  data: { field: 'stationId', code: 'targetStationId' },
};
const KEY = { message: 'Enter the key the network gave you', data: { field: 'key', code: 'targetKey' } };
const URL_ = {
  message: 'Enter the address of the server as http:// or https://',
  data: { field: 'url', code: 'targetUrl' },
};
const APRS = {
  message: 'Enter the APRS-IS server as aprs://host:port',
  data: { field: 'url', code: 'targetAprsUrl' },
};
const FORMAT = {
  message: "The format must be 'wunderground' or 'ecowitt'",
  data: { field: 'format', code: 'targetFormat' },
};
const interval = (min?: number) => ({
  message: 'The interval is shorter than this network allows',
  data:
    min === undefined
      ? { field: 'interval', code: 'targetInterval' }
      : { field: 'interval', min, code: 'targetInterval' },
});

describe('uploadTargetRules.create', () => {
  it('fills the network default interval, enabled, and no URL or format outside custom', () => {
    expect(create({ network: 'windy', stationId: ' st1 ', key: ' k ' })).toEqual({
      device: DEVICE,
      network: 'windy',
      stationId: 'st1',
      key: 'k',
      url: null,
      format: null,
      interval: 300,
      enabled: true,
    } satisfies TargetInput);
    expect(
      create({ network: 'wow', stationId: 's', key: 'k', url: 'https://x.example', format: 'ecowitt' }),
    ).toMatchObject({
      url: null,
      format: null,
      interval: 900,
    });
    expect(
      create({ network: 'wunderground', stationId: 's', key: 'k', interval: '60', enabled: 'false' }),
    ).toMatchObject({
      interval: 60,
      enabled: false,
    });
  });

  it('needs a custom target to have an http(s) address and a format, not an ID or key', () => {
    expect(create({ network: 'custom', url: 'http://my.example:8080/up', format: 'wunderground' })).toEqual({
      device: DEVICE,
      network: 'custom',
      stationId: '',
      key: '',
      url: 'http://my.example:8080/up',
      format: 'wunderground',
      interval: 60,
      enabled: true,
    });
    expect(created({ network: 'custom', format: 'ecowitt' })).toEqual(URL_);
    expect(created({ network: 'custom', url: '', format: 'ecowitt' })).toEqual(URL_);
    expect(created({ network: 'custom', url: 'https://x.example' })).toEqual(FORMAT);
    expect(created({ network: 'custom', url: 'https://x.example', format: null })).toEqual(FORMAT);
    expect(created({ network: 'custom', url: 'https://x.example', format: 'json' })).toEqual(FORMAT);
    expect(created({ network: 'custom', url: 'https://x.example', format: 'toString' })).toEqual(FORMAT);
  });

  it('refuses a custom address that is not http(s), has credentials or is not an address', () => {
    for (const url of [
      'ftp://x.example',
      'x.example',
      'https://u@x.example',
      'https://:p@x.example',
      'javascript:alert(1)',
    ])
      expect(created({ network: 'custom', url, format: 'ecowitt' })).toEqual(URL_);
    expect(create({ network: 'custom', url: 'https://x.example', format: 'ecowitt' }).url).toBe(
      'https://x.example',
    );
    expect(
      created({ network: 'custom', url: `https://x.example/${'a'.repeat(500)}`, format: 'ecowitt' }),
    ).toEqual(URL_);
  });

  it('takes an optional aprs:// server for CWOP, with a port 1..65535 (14580 when none)', () => {
    const cwop = (url?: unknown) => create({ network: 'cwop', stationId: 'CW0001', key: '-1', url });
    expect(cwop().url).toBeNull();
    expect(cwop('').url).toBeNull();
    expect(cwop('   ').url).toBeNull();
    expect(cwop('aprs://rotate.aprs2.net:14580').url).toBe('aprs://rotate.aprs2.net:14580');
    expect(cwop('aprs://cwop.aprs.net').url).toBe('aprs://cwop.aprs.net');
    expect(cwop('aprs://cwop.aprs.net:1').url).toBe('aprs://cwop.aprs.net:1');
    expect(cwop('aprs://cwop.aprs.net:65535').url).toBe('aprs://cwop.aprs.net:65535');
    expect(cwop().interval).toBe(600);
    for (const url of [
      'https://cwop.aprs.net',
      'aprs://cwop.aprs.net:0',
      'aprs://cwop.aprs.net:65536',
      'aprs://u@cwop.aprs.net',
      'aprs://:p@cwop.aprs.net',
      'aprs://',
      'aprs',
    ])
      expect(refusal(() => cwop(url))).toEqual(APRS);
  });

  it('needs an ID and a key, except OpenWeatherMap that registers its station itself', () => {
    expect(created({ network: 'windy', key: 'k' })).toEqual(STATION_ID);
    expect(created({ network: 'windy', stationId: 's' })).toEqual(KEY);
    expect(create({ network: 'openweathermap', key: 'k' })).toMatchObject({
      stationId: '',
      key: 'k',
      interval: 300,
    });
    expect(created({ network: 'openweathermap', stationId: 's' })).toEqual(KEY);
    expect(created({ network: 'windy', stationId: 'x'.repeat(65), key: 'k' })).toEqual(STATION_ID);
    expect(created({ network: 'windy', stationId: 's', key: 'x'.repeat(129) })).toEqual(KEY);
    expect(create({ network: 'windy', stationId: 'x'.repeat(64), key: 'x'.repeat(128) }).key).toHaveLength(
      128,
    );
  });

  it('bounds the interval between the network minimum and a day', () => {
    expect(
      create({ network: 'custom', url: 'https://x.example', format: 'ecowitt', interval: 16 }).interval,
    ).toBe(16);
    expect(created({ network: 'custom', url: 'https://x.example', format: 'ecowitt', interval: 15 })).toEqual(
      interval(16),
    );
    expect(created({ network: 'weathercloud', stationId: 's', key: 'k', interval: 599 })).toEqual(
      interval(600),
    );
    expect(create({ network: 'weathercloud', stationId: 's', key: 'k', interval: 86400 }).interval).toBe(
      86400,
    );
    expect(created({ network: 'weathercloud', stationId: 's', key: 'k', interval: 86401 })).toEqual(
      interval(),
    );
    expect(created({ network: 'windy', stationId: 's', key: 'k', interval: 300.5 })).toEqual(interval());
  });

  it('refuses an unknown network, a bad device and fields it does not know', () => {
    expect(created({ network: 'facebook', stationId: 's', key: 'k' })).toEqual({
      message:
        'Choose a network: wunderground, windy, pwsweather, weathercloud, awekas, cwop, wow, openweathermap, windguru or custom',
      data: { field: 'network', code: 'targetNetwork' },
    });
    expect(refusal(() => rules().create({ network: 'windy', stationId: 's', key: 'k' }))).toEqual({
      message: 'device is required',
      data: undefined,
    });
    expect(refusal(() => rules().create({ device: 'x', network: 'windy' })).message).toBe(
      'device holds an invalid id',
    );
    expect(created({ network: 'windy', stationId: 's', key: 'k', paused: true })).toEqual({
      message: 'paused cannot be set',
      data: { field: 'paused' },
    });
    expect(refusal(() => rules().create([])).message).toBe('The body must be an object');
    expect(created({ network: 'windy', stationId: 's', key: 'k', enabled: 'yes' })).toEqual({
      message: 'enabled must be true or false',
      data: { field: 'enabled' },
    });
  });
});

describe('uploadTargetRules.patch', () => {
  const stored = (over: Partial<TargetInput> = {}): Omit<TargetInput, 'device'> => ({
    network: 'windy',
    stationId: 's',
    key: 'k',
    url: null,
    format: null,
    interval: 300,
    enabled: true,
    ...over,
  });
  const patch = (body: unknown, current = stored()) => rules().patch(body, current);
  const custom = () =>
    stored({
      network: 'custom',
      stationId: '',
      key: '',
      url: 'https://x.example',
      format: 'ecowitt',
      interval: 60,
    });

  it('changes only what is sent', () => {
    expect(patch({})).toEqual({});
    expect(patch({ stationId: ' t ', key: 'k2', interval: 600, enabled: false })).toEqual({
      stationId: 't',
      key: 'k2',
      interval: 600,
      enabled: false,
    });
  });

  it('keeps the key when the form sends it empty', () => {
    expect(patch({ key: '' })).toEqual({});
    expect(patch({ key: null })).toEqual({});
  });

  it('drops what was sent empty, and checks the result against the stored target', () => {
    // Strictly: no key left holding undefined (a patch would write it).
    expect(patch({ interval: '' })).toStrictEqual({});
    expect(patch({ enabled: null })).toStrictEqual({});
    expect(refusal(() => patch({ stationId: '' }))).toEqual(STATION_ID);
    expect(refusal(() => patch({ interval: 299 }))).toEqual(interval(300));
    expect(refusal(() => patch({ enabled: true }, stored({ key: '' })))).toEqual(KEY);
  });

  it('ignores an address or format sent for a network that has none', () => {
    expect(patch({ url: 'https://x.example', format: 'ecowitt' })).toEqual({});
  });

  it('changes the address and format of a custom target, and refuses to remove them', () => {
    expect(patch({ url: 'http://y.example', format: 'wunderground' }, custom())).toEqual({
      url: 'http://y.example',
      format: 'wunderground',
    });
    expect(refusal(() => patch({ url: '' }, custom()))).toEqual(URL_);
    expect(refusal(() => patch({ format: '' }, custom()))).toEqual(FORMAT);
    expect(refusal(() => patch({ url: 'ftp://y.example' }, custom()))).toEqual(URL_);
  });

  it('clears the APRS server of a CWOP target with an empty address', () => {
    const cwop = stored({ network: 'cwop', url: 'aprs://a.example:14580', interval: 600 });
    expect(patch({ url: '' }, cwop)).toEqual({ url: null });
    expect(patch({ url: '  ' }, cwop)).toEqual({ url: null });
    expect(patch({ url: 'aprs://b.example' }, cwop)).toEqual({ url: 'aprs://b.example' });
    expect(refusal(() => patch({ url: 'http://b.example' }, cwop))).toEqual(APRS);
  });

  it('refuses the fields that cannot change', () => {
    expect(refusal(() => patch({ network: 'custom' }))).toEqual({
      message: 'network cannot be set',
      data: { field: 'network' },
    });
    expect(refusal(() => patch({ device: DEVICE })).message).toBe('device cannot be set');
  });
});

describe('uploadTargetRules.query', () => {
  it('needs the device and allows paging parameters only', () => {
    expect(rules().query({ device: DEVICE, $paginate: 'false', $limit: '5' })).toEqual({ device: DEVICE });
    expect(refusal(() => rules().query(undefined))).toEqual({
      message: 'device is required',
      data: undefined,
    });
    expect(refusal(() => rules().query({ device: DEVICE, network: 'windy' }))).toEqual({
      message: 'network is not a filter of uploadTargets',
      data: { field: 'network' },
    });
  });
});
