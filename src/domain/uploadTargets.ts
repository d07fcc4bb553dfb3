// Input rules of uploadTargets (issue #17), shared by the server and the mocks: each builds them with its own
// input readers (readers.ts), so both refuse the same input with the same 400 and code.
import { coded, ERRORS } from './errors';
import { CUSTOM_FORMATS, type CustomFormat, isNetworkId, NETWORKS, type NetworkId } from './networks';
import type { InputReaders } from './readers';

/** Targets one station may have. */
export const MAX_TARGETS_PER_DEVICE = 20;
const MAX_INTERVAL = 86400;

export interface TargetInput {
  device: string;
  network: NetworkId;
  stationId: string;
  key: string;
  url: string | null;
  format: CustomFormat | null;
  interval: number;
  enabled: boolean;
}

export type TargetPatch = Partial<Omit<TargetInput, 'device' | 'network'>>;

const EDITABLE = ['stationId', 'key', 'url', 'format', 'interval', 'enabled'];

/** An http(s) URL without credentials in it (they would be shown and logged as part of the address). */
function isUploadUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** A CWOP target's own APRS-IS server: aprs://host:port. */
function isAprsUrl(v: string): boolean {
  try {
    const u = new URL(v);
    const port = Number(u.port || 14580);
    return u.protocol === 'aprs:' && !!u.hostname && !u.username && !u.password && port >= 1 && port <= 65535;
  } catch {
    return false;
  }
}

export function uploadTargetRules(r: InputReaders) {
  const fail = (code: keyof typeof ERRORS, field: string, data?: Record<string, unknown>) =>
    r.fail(ERRORS[code], coded(code, { field, ...data }));

  const stationIdOf = (body: Record<string, unknown>) =>
    r.str(body, 'stationId', { max: 64, code: 'targetStationId' }) ?? '';
  const keyOf = (body: Record<string, unknown>) => r.str(body, 'key', { max: 128, code: 'targetKey' }) ?? '';
  const urlOf = (body: Record<string, unknown>, network: NetworkId) => {
    const url = r.str(body, 'url', { max: 500, code: 'targetUrl' });
    if (url === undefined || url === '') return network === 'cwop' ? undefined : url;
    if (network === 'cwop' ? !isAprsUrl(url) : !isUploadUrl(url))
      throw fail(network === 'cwop' ? 'targetAprsUrl' : 'targetUrl', 'url');
    return url;
  };
  /** Networks whose targets carry an address: a custom server, CWOP's APRS-IS server (optional). */
  const hasUrl = (network: NetworkId) => network === 'custom' || network === 'cwop';
  const formatOf = (body: Record<string, unknown>): CustomFormat | undefined => {
    const v = body.format;
    if (v === undefined || v === null || v === '') return undefined;
    if (!(CUSTOM_FORMATS as readonly unknown[]).includes(v)) throw fail('targetFormat', 'format');
    return v as CustomFormat;
  };
  const intervalOf = (body: Record<string, unknown>, network: NetworkId) => {
    const min = NETWORKS[network].minInterval;
    const n = r.num(body, 'interval', { integer: true, max: MAX_INTERVAL, code: 'targetInterval' });
    if (n !== undefined && n < min) throw fail('targetInterval', 'interval', { min });
    return n;
  };
  const only = (body: Record<string, unknown>, allowed: string[]) => {
    for (const key of Object.keys(body))
      if (!allowed.includes(key)) throw r.fail(`${key} cannot be set`, { field: key });
  };

  /** What a target of `network` needs whatever was changed: an ID and key; custom: a URL and format. */
  function check(t: Omit<TargetInput, 'device'>): void {
    // OpenWeatherMap: without a station ID the forwarder registers the station and keeps the ID it gets.
    if (!t.stationId && t.network !== 'custom' && t.network !== 'openweathermap')
      throw fail('targetStationId', 'stationId');
    if (!t.key && t.network !== 'custom') throw fail('targetKey', 'key');
    if (t.network === 'custom' && !t.url) throw fail('targetUrl', 'url');
    if (t.network === 'custom' && !t.format) throw fail('targetFormat', 'format');
  }

  return {
    create(data: unknown): TargetInput {
      const body = r.asObject(data);
      only(body, ['device', 'network', ...EDITABLE]);
      const device = r.id(body.device, 'device');
      if (!isNetworkId(body.network)) throw fail('targetNetwork', 'network');
      const network = body.network;
      const custom = network === 'custom';
      const input: TargetInput = {
        device,
        network,
        stationId: stationIdOf(body),
        key: keyOf(body),
        url: hasUrl(network) ? (urlOf(body, network) ?? null) : null,
        format: custom ? (formatOf(body) ?? null) : null,
        interval: intervalOf(body, network) ?? NETWORKS[network].defaultInterval,
        enabled: r.bool(body, 'enabled') ?? true,
      };
      check(input);
      return input;
    },
    /** A patch, checked against the stored target (`current`) it changes. */
    patch(data: unknown, current: Omit<TargetInput, 'device'>): TargetPatch {
      const body = r.asObject(data);
      only(body, EDITABLE);
      const custom = current.network === 'custom';
      const out: TargetPatch = {};
      if ('stationId' in body) out.stationId = stationIdOf(body);
      // An empty key in an edit form means "keep the key" (the form never holds the real one).
      if ('key' in body && body.key !== '' && body.key !== null) out.key = keyOf(body);
      if ('url' in body && hasUrl(current.network)) out.url = urlOf(body, current.network) ?? null;
      if ('format' in body && custom) out.format = formatOf(body) ?? null;
      if ('interval' in body) out.interval = intervalOf(body, current.network);
      if ('enabled' in body) out.enabled = r.bool(body, 'enabled');
      for (const k of Object.keys(out) as (keyof TargetPatch)[]) if (out[k] === undefined) delete out[k];
      check({ ...current, ...out });
      return out;
    },
    /** find: {device} (required). */
    query(query: Record<string, unknown> | undefined): { device: string } {
      const q = query ?? {};
      for (const key of Object.keys(q))
        if (!['device', '$paginate', '$limit'].includes(key))
          throw r.fail(`${key} is not a filter of uploadTargets`, { field: key });
      return { device: r.id(q.device, 'device') };
    },
  };
}
