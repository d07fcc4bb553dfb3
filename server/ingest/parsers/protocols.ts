// Where each protocol arrives, how it names its station and what each console expects back: one descriptor
// per protocol (docs/upload-protocols.md).

import { parseEcowitt } from './ecowitt';
import type { FieldSource } from './fields';
import type { ParsedUpload, ParseOptions, UploadErrorStatus, UploadProtocol } from './types';
import { parseWeathercloud, WEATHERCLOUD_PATH_FIELDS } from './weathercloud';
import { parseWindy, windyObservations } from './windy';
import { parseWslink } from './wslink';
import { parsePwsweather, parseWow, parseWunderground } from './wunderground';

export type UploadOutcome =
  | 'ok'
  | 'badRequest'
  | 'unauthorized'
  | 'tooMany'
  | 'badFormat'
  | 'notFound'
  | 'wrongMethod';

export interface UploadReply {
  status: number;
  contentType: string;
  body: string;
}

/** How an upload names its station. */
export type Identity =
  /** A station-ID field and a station-key field (the key is checked against the station's). */
  | { by: 'id'; id: string; key: string }
  /** The station key alone (a field, the path, or a bearer token): it finds the station. */
  | { by: 'key'; key: string }
  /** Ecowitt's PASSKEY: MD5 of the MAC (or Ambient's MAC) of a station that opted in; else the key path. */
  | { by: 'passkey'; key: string };

/**
 * One upload protocol, declared once: where it arrives, how it names its station, what it is when it goes
 * astray, what its consoles expect back, and its parser. Route, pipeline, stray detection, ingest health, the
 * cluster's HAProxy rules (server/cluster/haproxy-config.ts) and the Weather Server page all read these; docs/upload-protocols.md describes them.
 */
export interface ProtocolInfo {
  /** Request paths the console posts to (match exactly; Ecowitt consoles send the path the owner typed). */
  paths: readonly string[];
  /** A path that carries the station key, which then identifies the station (group 1). */
  keyPath?: RegExp;
  /** A path that carries the fields as name/value segments (group 1: `wid/<id>/key/<key>/…`). */
  fieldsPath?: RegExp;
  methods: readonly ('GET' | 'POST')[];
  /**
   * Where the fields are: `query` = the query string (for POST also merge a form-encoded body, since some
   * firmware POSTs with the parameters still in the query string); `body` = the form-encoded body (merge the
   * query string too, it is usually empty).
   */
  fieldsIn: 'query' | 'body';
  identity: Identity;
  /** Path prefixes of this protocol: a request under one that matches no endpoint is a stray upload. */
  prefixes: readonly string[];
  /** Field sets that together mark an upload of this protocol, on whatever path it arrives. */
  credentials: readonly (readonly string[])[];
  /** The reply for each outcome; `message` (an UploadError's) may replace an error's text. */
  reply: (outcome: UploadOutcome, message?: string) => UploadReply;
  parse: (fields: FieldSource, now: number, options?: ParseOptions) => ParsedUpload;
  /**
   * A POSTed JSON body (Content-Type: application/json) as uploads, each a field set (the query's fields
   * included); null when the body is not the protocol's shape. Protocols without it read bodies as forms.
   */
  jsonBody?: (text: string, query: ReadonlyMap<string, string>) => Map<string, string>[] | null;
  /** What the owner types into the console or station software (the Weather Server page; names in English). */
  setup: (station: SetupContext) => ProtocolSetup;
  /**
   * The reading's time (unix s) as the protocol's own time fields, which a relay puts first in an upload whose
   * console sent none (fields: first wins), so every destination stores the console's time. None for WSLink:
   * its `datetime` is the station's wall time, in a zone the relay does not know (the portal reads the relay's
   * receipt time instead, ingest/relayed.ts).
   */
  timeFields?: (time: number) => string;
}

/** The server and the station, as the Weather Server page shows them. */
export interface SetupContext {
  serverName: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
  stationId: string;
  stationKey: string;
  mac: string | null;
  macAuth: boolean;
}

export interface ProtocolSetup {
  path: string;
  settings: [name: string, value: string][];
  [extra: string]: unknown;
}

/** Server, port and path, as consoles ask for them. */
const consoleRows = (s: SetupContext, path: string): [string, string][] => [
  ['Server', s.host],
  ['Port', String(s.port)],
  ['Path', path],
];

/** Station software takes a whole URL (WeeWX `server_url`), with the network's own credential names. */
function softwareSetup(s: SetupContext, path: string, id: [string, string] | null, key: [string, string]) {
  const settings: [string, string][] = [['Server URL', `${s.scheme}://${s.serverName}${path}`]];
  if (id) settings.push(id);
  settings.push(key);
  return { path, settings };
}

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

type Table = Record<UploadOutcome, readonly [status: number, text: string]>;

/** Replies as short texts; an error's text may be replaced by the UploadError's message. */
function textReplies(table: Table): ProtocolInfo['reply'] {
  return (outcome, message) => {
    const [status, body] = table[outcome];
    return { status, contentType: TEXT, body: (outcome === 'ok' ? undefined : message) ?? body };
  };
}

/**
 * WSLink answers with status codes (200 success, 400 bad request, 401 wrong id/password, 404 = the vendor's
 * "too many requests", 405 bad data format) and a short text body.
 */
const WSLINK: Table = {
  ok: [200, 'OK'],
  badRequest: [400, 'Bad request'],
  unauthorized: [401, 'Wrong wsid or wspw'],
  tooMany: [404, 'Too many requests'],
  badFormat: [405, 'Bad data format'],
  notFound: [404, 'Not found'],
  wrongMethod: [405, 'Use GET or POST'],
};

/** Wunderground: `success` on 200 (pywws counts only that as stored), `unauthorized` on 401. */
const WUNDERGROUND: Table = {
  ok: [200, 'success'],
  badRequest: [400, 'bad request: ID, PASSWORD, action=updateraw and dateutc are required'],
  unauthorized: [401, 'unauthorized'],
  tooMany: [429, 'too many requests'],
  badFormat: [400, 'bad data format'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

/**
 * PWSweather: pywws counts any 200 as stored, so only a stored upload is a 200. WeeWX reads a line starting
 * with `ERROR` as a bad login and one containing `invalid` as a refused upload (restx.py AmbientThread).
 */
const PWSWEATHER: Table = {
  ok: [200, 'success'],
  badRequest: [400, 'ERROR: invalid upload: ID and PASSWORD are required'],
  unauthorized: [401, 'ERROR: not a valid ID/PASSWORD'],
  tooMany: [429, 'too many requests'],
  badFormat: [400, 'ERROR: invalid data'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

/** Ecowitt: `{"errcode":"0","errmsg":"ok"}`; errors carry a non-zero errcode (the HTTP status). */
const ECOWITT: Table = {
  ok: [200, 'ok'],
  badRequest: [400, 'bad request'],
  unauthorized: [401, 'unauthorized'],
  tooMany: [429, 'too many requests'],
  badFormat: [400, 'bad data format'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

/**
 * WOW: pywws reads a 200's body as JSON (`{}`: stored) and counts a 429 as "repeated data", i.e. stored, so
 * "too many" is a 503 here (retried by everyone). WeeWX reads 403 as a bad login (restx.py WOWThread).
 */
const WOW: Table = {
  ok: [200, ''],
  badRequest: [400, 'siteid and siteAuthenticationKey are required'],
  unauthorized: [403, 'wrong siteid or siteAuthenticationKey'],
  tooMany: [503, 'too many requests, retry later'],
  badFormat: [400, 'bad data format'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

/** Windy: `SUCCESS` (pywws looks for it); errors as Windy's JSON ({statusCode, error, message}). */
const WINDY: Table = {
  ok: [200, 'SUCCESS'],
  badRequest: [400, 'Bad Request'],
  unauthorized: [401, 'Unauthorized'],
  tooMany: [429, 'Too Many Requests'],
  badFormat: [400, 'Bad Request'],
  notFound: [404, 'Not Found'],
  wrongMethod: [405, 'Method Not Allowed'],
};

/** Weathercloud: the status code as the body too (pywws compares the body with `200`; CumulusMX the status). */
const WEATHERCLOUD_STATUS: Record<UploadOutcome, number> = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  tooMany: 429,
  badFormat: 400,
  notFound: 404,
  wrongMethod: 405,
};

const WU_FIELDS = { methods: ['GET', 'POST'], fieldsIn: 'query' } as const;

/** `YYYY-MM-DD hh:mm:ss` in UTC, as `dateutc` carries it. */
const utcText = (time: number) => new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ');
const dateutc = (time: number) => new URLSearchParams({ dateutc: utcText(time) }).toString();

/** Weathercloud's `date` YYYYMMDD and `time` HHMMSS (UTC). */
function weathercloudTimeFields(time: number): string {
  const [date, clock] = utcText(time).split(' ');
  return `date=${date.replaceAll('-', '')}&time=${clock.replaceAll(':', '')}`;
}

export const PROTOCOLS: Readonly<Record<UploadProtocol, ProtocolInfo>> = {
  wslink: {
    paths: ['/data/upload.php'],
    methods: ['GET', 'POST'],
    fieldsIn: 'query',
    identity: { by: 'id', id: 'wsid', key: 'wspw' },
    prefixes: ['/data/upload.php'],
    credentials: [['wsid', 'wspw']],
    reply: textReplies(WSLINK),
    parse: parseWslink,
    setup: (s) => ({
      path: '/data/upload.php',
      url: `${s.scheme}://${s.serverName}/data/upload.php`,
      settings: [
        ...consoleRows(s, '/data/upload.php'),
        ['Station ID', s.stationId],
        ['Station key', s.stationKey],
      ],
    }),
  },
  wunderground: {
    // Fine Offset loggers post to the `.asp` path; some firmware drops the extension.
    paths: [
      '/weatherstation/updateweatherstation.php',
      '/weatherstation/updateweatherstation.asp',
      '/weatherstation/updateweatherstation',
    ],
    ...WU_FIELDS,
    identity: { by: 'id', id: 'ID', key: 'PASSWORD' },
    prefixes: ['/weatherstation'],
    credentials: [['ID', 'PASSWORD']],
    reply: textReplies(WUNDERGROUND),
    parse: (params, now) => parseWunderground(params, now),
    setup: (s) => {
      const path = '/weatherstation/updateweatherstation.php';
      return {
        path,
        ID: s.stationId,
        PASSWORD: s.stationKey,
        settings: [...consoleRows(s, path), ['Station ID', s.stationId], ['Station key', s.stationKey]],
      };
    },
    timeFields: dateutc,
  },
  ecowitt: {
    paths: ['/data/report/', '/data/report'],
    /** `/data/report/<station key>` (a trailing slash allowed): the path the owner types names the station. */
    keyPath: /^\/data\/report\/([^/]+)\/?$/,
    // Ecowitt consoles POST a form; Ambient consoles GET the same fields as a query string.
    methods: ['GET', 'POST'],
    fieldsIn: 'body',
    identity: { by: 'passkey', key: 'PASSKEY' },
    // `/data` last: anything else under it (a mistyped Ecowitt path) gets Ecowitt's shape.
    prefixes: ['/data/report', '/data'],
    credentials: [['PASSKEY']],
    reply: (outcome, message) => {
      const [status, errmsg] = ECOWITT[outcome];
      const errcode = outcome === 'ok' ? '0' : String(status);
      const text = (outcome === 'ok' ? undefined : message) ?? errmsg;
      return { status, contentType: JSON_TYPE, body: JSON.stringify({ errcode, errmsg: text }) };
    },
    parse: (params, now) => parseEcowitt(params, now),
    setup: (s) => {
      // The station key in the path identifies the station (identification by MAC is opt-in: macAuth).
      const path = `/data/report/${s.stationKey}`;
      return {
        path,
        mac: s.mac,
        macAuth: s.macAuth,
        note: 'the station key in the path identifies the station; identification by MAC is optional (macAuth)',
        settings: [
          ['Protocol', 'Ecowitt'],
          ['Server IP / Hostname', s.host],
          ['Path', path],
          ['Port', String(s.port)],
          ['Upload interval', '60'],
        ],
      };
    },
    timeFields: dateutc,
  },
  pwsweather: {
    paths: ['/pwsupdate/pwsupdate.php'],
    ...WU_FIELDS,
    identity: { by: 'id', id: 'ID', key: 'PASSWORD' },
    prefixes: ['/pwsupdate'],
    credentials: [['ID', 'PASSWORD']],
    // WeeWX reads `ERROR` at the start of a line as a refusal: an UploadError's message keeps the prefix.
    reply: (outcome, message) => textReplies(PWSWEATHER)(outcome, message && `ERROR: ${message}`),
    parse: (params, now) => parsePwsweather(params, now),
    setup: (s) =>
      softwareSetup(
        s,
        '/pwsupdate/pwsupdate.php',
        ['Station ID', s.stationId],
        ['Station key', s.stationKey],
      ),
    timeFields: dateutc,
  },
  wow: {
    paths: ['/automaticreading'],
    ...WU_FIELDS,
    identity: { by: 'id', id: 'siteid', key: 'siteAuthenticationKey' },
    prefixes: ['/automaticreading'],
    credentials: [['siteid', 'siteAuthenticationKey']],
    reply: (outcome, message) => {
      const [status, text] = WOW[outcome];
      const body = outcome === 'ok' ? '{}' : JSON.stringify({ message: message ?? text });
      return { status, contentType: JSON_TYPE, body };
    },
    parse: (params, now) => parseWow(params, now),
    setup: (s) =>
      softwareSetup(s, '/automaticreading', ['Site ID', s.stationId], ['Authentication key', s.stationKey]),
    timeFields: dateutc,
  },
  weathercloud: {
    paths: ['/v01/set', '/v01/set/', '/set', '/set/'],
    fieldsPath: WEATHERCLOUD_PATH_FIELDS,
    ...WU_FIELDS,
    identity: { by: 'id', id: 'wid', key: 'key' },
    prefixes: ['/v01', '/set'],
    credentials: [['wid', 'key']],
    reply: (outcome) => {
      const status = WEATHERCLOUD_STATUS[outcome];
      return { status, contentType: TEXT, body: String(status) };
    },
    parse: (params, now) => parseWeathercloud(params, now),
    setup: (s) =>
      softwareSetup(s, '/v01/set', ['Weathercloud ID', s.stationId], ['Weathercloud key', s.stationKey]),
    timeFields: weathercloudTimeFields,
  },
  windy: {
    paths: ['/pws/update', '/pws/update/', '/api/v2/observation/update', '/api/v2/observation/update/'],
    keyPath: /^\/pws\/update\/([^/]+)\/?$/,
    ...WU_FIELDS,
    identity: { by: 'key', key: 'PASSWORD' },
    prefixes: ['/pws', '/api/v2/observation'],
    credentials: [],
    reply: (outcome, message) => {
      const [status, text] = WINDY[outcome];
      if (outcome === 'ok') return { status, contentType: TEXT, body: text };
      const body = JSON.stringify({ statusCode: status, error: text, message: message ?? text });
      return { status, contentType: JSON_TYPE, body };
    },
    parse: (params, now) => parseWindy(params, now),
    jsonBody: windyObservations,
    // The key in the path: software that asks for an API key and builds /pws/update/<key> itself takes the key.
    setup: (s) => softwareSetup(s, `/pws/update/${s.stationKey}`, null, ['API key', s.stationKey]),
    timeFields: dateutc,
  },
};

/**
 * The reply a console of `protocol` expects for `outcome`. `message` (e.g. an UploadError's) replaces the
 * default text of an error reply where the protocol carries one; it is ignored for `ok`, whose body consoles
 * may check.
 */
export function replyFor(protocol: UploadProtocol, outcome: UploadOutcome, message?: string): UploadReply {
  return PROTOCOLS[protocol].reply(outcome, message);
}

/** The outcome that answers an UploadError of `status`. */
export function outcomeOf(status: UploadErrorStatus): UploadOutcome {
  if (status === 401) return 'unauthorized';
  if (status === 405) return 'badFormat';
  return 'badRequest';
}
