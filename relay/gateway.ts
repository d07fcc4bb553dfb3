// Polling an Ecowitt gateway (GW1100, GW1200, GW2000, GW3000 …) on the LAN instead of waiting for its uploads
// (issue 27): `GET http://<gateway>/get_livedata_info` answers the live readings as JSON — `common_list` (outdoor
// temperature, humidity, wind, sun: items {id, val, unit?} named by the gateway's hex ids), `rain` and
// `piezoRain` (totals and rate), `wh25` (indoor temperature, humidity, pressure), `ch_aisle` (WH31 channels),
// `ch_soil` … Each value carries its unit as the gateway is set ("21.0" "C", "0.45 mph", "947.4 hPa", "10.4 mm").
// Real captures are in fixtures/ (sources in fixtures/README.md).
//
// The answer is turned into the form an Ecowitt console posts (imperial fields: tempf, baromrelin, windspeedmph,
// dailyrainin …), so the portal reads it with its own Ecowitt parser and metric mapping, exactly like an upload;
// the relay queues it as a POST to /data/report/<station key> with the poll's time as dateutc.

/** One item of `common_list` / `rain` / `piezoRain`. */
interface Item {
  id?: unknown;
  val?: unknown;
  unit?: unknown;
  battery?: unknown;
}

/** The leading number of a gateway value ("64%", "0.45 mph", "-14.2"); null for "--" and the like. */
function numberOf(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const m = /^\s*(-?\d+(?:\.\d+)?)/.exec(String(text));
  return m ? Number(m[1]) : null;
}

/** The unit of a value: its `unit` field, else what follows the number ("0.45 mph" → "mph"). */
function unitOf(item: { val?: unknown; unit?: unknown }): string {
  if (typeof item.unit === 'string' && item.unit.trim()) return item.unit.trim();
  const m = /^\s*-?\d+(?:\.\d+)?\s*(.*)$/.exec(String(item.val ?? ''));
  return m ? m[1].trim() : '';
}

const round = (n: number, dp: number) => Math.round(n * 10 ** dp) / 10 ** dp;

/** °F from a temperature in C or F ("C", "℃", "F", "℉"); null for another unit. */
export function toF(value: number, unit: string): number | null {
  const u = unit.replace('°', '').replace('℃', 'C').replace('℉', 'F').toUpperCase();
  if (u === 'F') return round(value, 2);
  if (u === 'C' || u === '') return round((value * 9) / 5 + 32, 2);
  return null;
}

/** mph from a speed in mph, km/h, m/s or knots. */
export function toMph(value: number, unit: string): number | null {
  const u = unit.toLowerCase().replace(/\s/g, '');
  const per: Record<string, number> = {
    mph: 1,
    'km/h': 1 / 1.609344,
    kmh: 1 / 1.609344,
    'm/s': 3600 / 1609.344,
    knots: 1.150779,
    knot: 1.150779,
    kn: 1.150779,
  };
  return per[u] === undefined ? null : round(value * per[u], 2);
}

/** inHg from a pressure in hPa, inHg, mmHg or kPa. */
export function toInHg(value: number, unit: string): number | null {
  const u = unit.toLowerCase().replace(/\s/g, '');
  const per: Record<string, number> = {
    inhg: 1,
    hpa: 1 / 33.8638866667,
    mbar: 1 / 33.8638866667,
    mmhg: 1 / 25.4,
    kpa: 10 / 33.8638866667,
  };
  return per[u] === undefined ? null : round(value * per[u], 3);
}

/** Inches from a rain amount (mm, in) or a rate (mm/Hr, in/Hr). */
export function toIn(value: number, unit: string): number | null {
  const u = unit
    .toLowerCase()
    .replace(/\s/g, '')
    .replace(/\/h(r)?$/, '');
  if (u === 'in') return round(value, 3);
  if (u === 'mm') return round(value / 25.4, 3);
  return null;
}

/** common_list ids → the Ecowitt form field and its conversion. */
const COMMON: Record<string, [field: string, convert: (v: number, unit: string) => number | null]> = {
  '0x02': ['tempf', toF],
  '0x07': ['humidity', (v) => v],
  '0x0A': ['winddir', (v) => v],
  '0x6D': ['winddir_avg10m', (v) => v],
  '0x0B': ['windspeedmph', toMph],
  '0x0C': ['windgustmph', toMph],
  '0x19': ['maxdailygust', toMph],
  // W/m2 only: a gateway set to lux or fc reports light, which is not the portal's solar radiation.
  '0x15': ['solarradiation', (v, unit) => (/^w\/m2$/i.test(unit.replace(/\s/g, '')) ? v : null)],
  '0x17': ['uv', (v) => v],
};

/** rain / piezoRain ids → the tipping bucket's fields; the piezo gauge's are the `_piezo` names (ecowitt.ts). */
const RAIN: Record<string, [tipping: string, piezo: string]> = {
  '0x0D': ['eventrainin', 'erain_piezo'],
  '0x0E': ['rainratein', 'rrain_piezo'],
  '0x10': ['dailyrainin', 'drain_piezo'],
  '0x11': ['weeklyrainin', 'wrain_piezo'],
  '0x12': ['monthlyrainin', 'mrain_piezo'],
  '0x13': ['yearlyrainin', 'yrain_piezo'],
};

const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

/** Not a get_livedata_info answer (no known block): the gateway is something else, or answered an error. */
export class NotLiveData extends Error {}

/**
 * The Ecowitt form fields of a get_livedata_info answer. Unknown ids and units are left out (never guessed); an
 * answer with none of the known blocks throws NotLiveData.
 */
export function liveDataToEcowitt(answer: unknown): Record<string, string> {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer))
    throw new NotLiveData('not a JSON object');
  const data = answer as Record<string, unknown>;
  if (!['common_list', 'wh25', 'rain', 'piezoRain', 'ch_aisle'].some((k) => Array.isArray(data[k])))
    throw new NotLiveData('no live data blocks');
  const out: Record<string, string> = {};
  const put = (field: string, value: number | null) => {
    if (value !== null && Number.isFinite(value) && out[field] === undefined) out[field] = String(value);
  };

  for (const item of list(data.common_list) as Item[]) {
    const id = String(item.id ?? '')
      .toUpperCase()
      .replace(/^0X/, '0x');
    const row = COMMON[id];
    const value = numberOf(item.val);
    if (!row || value === null) continue;
    put(row[0], row[1](value, unitOf(item)));
  }
  for (const [block, piezo] of [
    ['rain', false],
    ['piezoRain', true],
  ] as const)
    for (const item of list(data[block]) as Item[]) {
      const id = String(item.id ?? '')
        .toUpperCase()
        .replace(/^0X/, '0x');
      if (id === 'SRAIN_PIEZO') put('srain_piezo', numberOf(item.val));
      const row = RAIN[id];
      const value = numberOf(item.val);
      if (!row || value === null) continue;
      put(row[piezo ? 1 : 0], toIn(value, unitOf(item)));
    }
  const [wh25] = list(data.wh25);
  if (wh25) {
    const unit = typeof wh25.unit === 'string' ? wh25.unit : 'C';
    const temp = numberOf(wh25.intemp);
    if (temp !== null) put('tempinf', toF(temp, unit));
    put('humidityin', numberOf(wh25.inhumi));
    for (const [key, field] of [
      ['rel', 'baromrelin'],
      ['abs', 'baromabsin'],
    ] as const) {
      const value = numberOf(wh25[key]);
      if (value !== null) put(field, toInHg(value, unitOf({ val: wh25[key] })));
    }
  }
  // WH31 thermo-hygrometers, channels 1..8.
  for (const ch of list(data.ch_aisle)) {
    const n = numberOf(ch.channel);
    if (n === null || n < 1 || n > 8) continue;
    const temp = numberOf(ch.temp);
    if (temp !== null) put(`temp${n}f`, toF(temp, typeof ch.unit === 'string' ? ch.unit : 'C'));
    put(`humidity${n}`, numberOf(ch.humidity));
    put(`batt${n}`, numberOf(ch.battery));
  }
  // WH51 soil moisture, channels 1..16.
  for (const ch of list(data.ch_soil)) {
    const n = numberOf(ch.channel);
    if (n === null || n < 1 || n > 16) continue;
    put(`soilmoisture${n}`, numberOf(ch.humidity));
  }
  return out;
}

/** Ecowitt's dateutc: 'YYYY-MM-DD HH:MM:SS' in UTC. */
export const dateutc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The form body the relay queues for one poll (a console's Ecowitt upload, with the poll's time). */
export function ecowittForm(fields: Record<string, string>, at: number, stationtype: string): string {
  // No PASSKEY: the station key in the path names the station (ecowitt.ts), and a made-up MAC could not.
  return new URLSearchParams({
    stationtype,
    dateutc: dateutc(at),
    ...fields,
  }).toString();
}

/** The gateway's live-data URL from what the user gave: an address, host:port, or a URL. */
export function liveDataUrl(gateway: string): string | null {
  const text = gateway.trim();
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `http://${text}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  if (url.protocol !== 'http:' || url.username || url.password || !url.hostname) return null;
  return `${url.origin}/get_livedata_info`;
}

export interface PollOptions {
  /** The gateway's address as the user gave it (liveDataUrl). */
  gateway: string;
  /** The station key: the queued uploads go to /data/report/<key>, so the portal knows the station. */
  stationKey: string;
  /** Time between polls (ms). */
  intervalMs: number;
}

export interface GatewayStatus {
  url: string;
  polls: number;
  /** ISO time of the last answer read, null before the first. */
  lastPollAt: string | null;
  /** Why the last poll failed (ours, short), null when it did not. */
  lastError: string | null;
}

/** What a poll gives the relay: the upload it queues like a console's. */
export interface PolledUpload {
  at: number;
  path: string;
  body: string;
}

const POLL_TIMEOUT_MS = 10_000;

/**
 * Polls the gateway every `intervalMs` (the first at once) and hands each answer, as an Ecowitt upload, to
 * `take`. A poll that fails (gateway away, not live data) is logged once per change and tried again next time.
 */
export function startPolling(
  options: PollOptions,
  take: (upload: PolledUpload) => void,
  log: (line: string) => void,
): { status(): GatewayStatus; stop(): Promise<void> } {
  const url = liveDataUrl(options.gateway);
  if (!url) throw new Error(`not a gateway address: ${options.gateway}`);
  const status: GatewayStatus = { url, polls: 0, lastPollAt: null, lastError: null };
  const aborts = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const failed = (why: string) => {
    if (status.lastError !== why) log(`gateway ${url}: ${why}`);
    status.lastError = why;
  };

  async function poll(): Promise<void> {
    const at = Date.now();
    try {
      const res = await fetch(url!, {
        signal: AbortSignal.any([aborts.signal, AbortSignal.timeout(POLL_TIMEOUT_MS)]),
      });
      const text = await res.text();
      if (!res.ok) return failed(`answered ${res.status}`);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return failed('answered something other than JSON');
      }
      const fields = liveDataToEcowitt(json);
      if (Object.keys(fields).length === 0) return failed('answered no readings');
      status.polls++;
      status.lastPollAt = new Date(at).toISOString();
      if (status.lastError !== null) log(`gateway ${url}: answering again`);
      status.lastError = null;
      take({
        at,
        path: `/data/report/${encodeURIComponent(options.stationKey)}`,
        body: ecowittForm(fields, at, 'relay-gateway-poll'),
      });
    } catch (error) {
      if (aborts.signal.aborted) return;
      if (error instanceof NotLiveData) return failed(`not live data (${error.message})`);
      failed(error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : String(error));
    }
  }

  const loop = () => {
    running = poll().finally(() => {
      if (!aborts.signal.aborted) timer = setTimeout(loop, options.intervalMs);
    });
  };
  loop();

  return {
    status: () => ({ ...status }),
    async stop() {
      aborts.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
