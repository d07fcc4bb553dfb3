// Where each protocol arrives and what each console expects back (docs/upload-protocols.md §1-3).

import { parseEcowitt } from './ecowitt';
import type { FieldSource } from './fields';
import type { ParsedUpload, ParseOptions, UploadErrorStatus, UploadProtocol } from './types';
import { parseWslink } from './wslink';
import { parseWunderground } from './wunderground';

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

export interface ProtocolInfo {
  /** Request paths the console posts to (match exactly; Ecowitt consoles send the path the owner typed). */
  paths: readonly string[];
  methods: readonly ('GET' | 'POST')[];
  /**
   * Where the fields are: `query` = the query string (for POST also merge a form-encoded body, since some
   * firmware POSTs with the parameters still in the query string); `body` = the form-encoded body (merge the
   * query string too, it is usually empty).
   */
  fieldsIn: 'query' | 'body';
  parse: (fields: FieldSource, now: number, options?: ParseOptions) => ParsedUpload;
}

export const PROTOCOLS: Readonly<Record<UploadProtocol, ProtocolInfo>> = {
  wslink: {
    paths: ['/data/upload.php'],
    methods: ['GET', 'POST'],
    fieldsIn: 'query',
    parse: parseWslink,
  },
  wunderground: {
    // Fine Offset loggers post to the `.asp` path; some firmware drops the extension.
    paths: [
      '/weatherstation/updateweatherstation.php',
      '/weatherstation/updateweatherstation.asp',
      '/weatherstation/updateweatherstation',
    ],
    methods: ['GET', 'POST'],
    fieldsIn: 'query',
    parse: (params, now) => parseWunderground(params, now),
  },
  ecowitt: {
    paths: ['/data/report/', '/data/report'],
    // Ecowitt consoles POST a form; Ambient consoles GET the same fields as a query string.
    methods: ['GET', 'POST'],
    fieldsIn: 'body',
    parse: (params, now) => parseEcowitt(params, now),
  },
};

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * WSLink answers with status codes (200 success, 400 bad request, 401 wrong id/password, 404 = the vendor's
 * "too many requests", 405 bad data format) and a short text body.
 */
const WSLINK: Record<UploadOutcome, readonly [status: number, body: string]> = {
  ok: [200, 'OK'],
  badRequest: [400, 'Bad request'],
  unauthorized: [401, 'Wrong wsid or wspw'],
  tooMany: [404, 'Too many requests'],
  badFormat: [405, 'Bad data format'],
  notFound: [404, 'Not found'],
  wrongMethod: [405, 'Use GET or POST'],
};

/** Wunderground: `success` on 200, `unauthorized` on 401, a message otherwise. */
const WUNDERGROUND: Record<UploadOutcome, readonly [status: number, body: string]> = {
  ok: [200, 'success'],
  badRequest: [400, 'bad request: ID, PASSWORD, action=updateraw and dateutc are required'],
  unauthorized: [401, 'unauthorized'],
  tooMany: [429, 'too many requests'],
  badFormat: [400, 'bad data format'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

/** Ecowitt: `{"errcode":"0","errmsg":"ok"}`; errors carry a non-zero errcode (the HTTP status). */
const ECOWITT: Record<UploadOutcome, readonly [status: number, errmsg: string]> = {
  ok: [200, 'ok'],
  badRequest: [400, 'bad request'],
  unauthorized: [401, 'unauthorized'],
  tooMany: [429, 'too many requests'],
  badFormat: [400, 'bad data format'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

/**
 * The reply a console of `protocol` expects for `outcome`. `message` (e.g. an UploadError's) replaces the
 * default text of an error reply; it is ignored for `ok`, whose body consoles may check.
 */
export function replyFor(protocol: UploadProtocol, outcome: UploadOutcome, message?: string): UploadReply {
  const custom = outcome === 'ok' ? undefined : message;
  if (protocol === 'ecowitt') {
    const [status, errmsg] = ECOWITT[outcome];
    const errcode = outcome === 'ok' ? '0' : String(status);
    return { status, contentType: JSON_TYPE, body: JSON.stringify({ errcode, errmsg: custom ?? errmsg }) };
  }
  const [status, body] = (protocol === 'wslink' ? WSLINK : WUNDERGROUND)[outcome];
  return { status, contentType: TEXT, body: custom ?? body };
}

/** The outcome that answers an UploadError of `status`. */
export function outcomeOf(status: UploadErrorStatus): UploadOutcome {
  if (status === 401) return 'unauthorized';
  if (status === 405) return 'badFormat';
  return 'badRequest';
}
