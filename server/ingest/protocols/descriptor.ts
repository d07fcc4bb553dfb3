// What an upload protocol is, as one descriptor (one file per protocol beside this one, listed in index.ts):
// where it arrives, how it names its station, what its consoles expect back, what it is when it goes astray,
// what the owner types and how the README names it. Route, endpoints, pipeline, stray detection, ingest health,
// HAProxy's rules, the Weather Server page, Help, the home relay and the README table all read these
// (docs/upload-protocols.md describes each protocol). Shared reply and set-up helpers are here too.
import type { ProtocolKind, SetupRowName } from '../../../src/domain/uploadSetup';
import type { FieldSource } from '../parsers/fields';
import type { ParsedUpload, ParseOptions } from '../parsers/types';

export type UploadOutcome =
  | 'ok'
  | 'badRequest'
  | 'unauthorized'
  | 'tooMany'
  | 'badFormat'
  | 'notFound'
  | 'wrongMethod';

/** Every outcome, for those who walk them (tests, the README). */
export const OUTCOMES: readonly UploadOutcome[] = [
  'ok',
  'badRequest',
  'unauthorized',
  'tooMany',
  'badFormat',
  'notFound',
  'wrongMethod',
];

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

/** The server and the station, as the Weather Server page shows them (`port` as typed into a console). */
export interface SetupContext {
  serverName: string;
  host: string;
  port: string;
  scheme: 'http' | 'https';
  stationId: string;
  stationKey: string;
  mac: string | null;
  macAuth: boolean;
}

export interface ProtocolSetup {
  path: string;
  settings: [name: SetupRowName, value: string][];
  [extra: string]: unknown;
}

export interface ProtocolInfo<Name extends string = string> {
  /** The protocol's name on the wire (ingest health, metrics, the Weather Server view). */
  name: Name;
  /** As consoles' manuals and station software name it (a proper name: not translated). */
  label: string;
  /** Who sends it, for the README table (English). */
  senders: string;
  /** A console's own setting, or another network's format that station software sends. */
  kind: ProtocolKind;
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
  /** A sentence the README table adds after the settings (English), when the rows do not say it all. */
  readmeNote?: string;
  /**
   * The reading's time (unix s) as the protocol's own time fields, which a relay puts first in an upload whose
   * console sent none (fields: first wins), so every destination stores the console's time. None for WSLink:
   * its `datetime` is the station's wall time, in a zone the relay does not know (the portal reads the relay's
   * receipt time instead, ingest/relayed.ts).
   */
  timeFields?: (time: number) => string;
}

/** A descriptor, its name kept as a literal type (the registry derives UploadProtocol from them). */
export const defineProtocol = <Name extends string>(info: ProtocolInfo<Name>): ProtocolInfo<Name> => info;

/** Server, port and path, as consoles ask for them. */
export const consoleRows = (s: SetupContext, path: string): [SetupRowName, string][] => [
  ['Server', s.host],
  ['Port', s.port],
  ['Path', path],
];

/** Station software takes a whole URL (WeeWX `server_url`), with the network's own credential names. */
export function softwareSetup(
  s: SetupContext,
  path: string,
  id: [SetupRowName, string] | null,
  key: [SetupRowName, string],
): ProtocolSetup {
  const settings: [SetupRowName, string][] = [['Server URL', `${s.scheme}://${s.serverName}${path}`]];
  if (id) settings.push(id);
  settings.push(key);
  return { path, settings };
}

export const TEXT = 'text/plain; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

export type ReplyTable = Record<UploadOutcome, readonly [status: number, text: string]>;

/** Replies as short texts; an error's text may be replaced by the UploadError's message. */
export function textReplies(table: ReplyTable): ProtocolInfo['reply'] {
  return (outcome, message) => {
    const [status, body] = table[outcome];
    return { status, contentType: TEXT, body: (outcome === 'ok' ? undefined : message) ?? body };
  };
}

/** Fields in the query string by GET or POST (Wunderground's format and the networks that took it). */
export const QUERY_FIELDS = { methods: ['GET', 'POST'], fieldsIn: 'query' } as const;

/** `YYYY-MM-DD hh:mm:ss` in UTC, as `dateutc` carries it. */
export const utcText = (time: number) => new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ');
export const dateutc = (time: number) => new URLSearchParams({ dateutc: utcText(time) }).toString();
