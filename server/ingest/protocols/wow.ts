// Met Office WOW: Wunderground's fields with WOW's credentials, sent by station software; parser:
// ../parsers/wunderground.ts (parseWow).
import { parseWow } from '../parsers/wunderground';
import {
  dateutc,
  defineProtocol,
  JSON_TYPE,
  QUERY_FIELDS,
  type ReplyTable,
  softwareSetup,
} from './descriptor';

/**
 * pywws reads a 200's body as JSON (`{}`: stored) and counts a 429 as "repeated data", i.e. stored, so "too
 * many" is a 503 here (retried by everyone). WeeWX reads 403 as a bad login (restx.py WOWThread).
 */
const REPLIES: ReplyTable = {
  ok: [200, ''],
  badRequest: [400, 'siteid and siteAuthenticationKey are required'],
  unauthorized: [403, 'wrong siteid or siteAuthenticationKey'],
  tooMany: [503, 'too many requests, retry later'],
  badFormat: [400, 'bad data format'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

export const wow = defineProtocol({
  name: 'wow',
  label: 'Met Office WOW',
  senders: 'WeeWX, CumulusMX, pywws',
  kind: 'software',
  paths: ['/automaticreading'],
  ...QUERY_FIELDS,
  identity: { by: 'id', id: 'siteid', key: 'siteAuthenticationKey' },
  prefixes: ['/automaticreading'],
  credentials: [['siteid', 'siteAuthenticationKey']],
  reply: (outcome, message) => {
    const [status, text] = REPLIES[outcome];
    const body = outcome === 'ok' ? '{}' : JSON.stringify({ message: message ?? text });
    return { status, contentType: JSON_TYPE, body };
  },
  parse: (params, now) => parseWow(params, now),
  setup: (s) =>
    softwareSetup(s, '/automaticreading', ['Site ID', s.stationId], ['Authentication key', s.stationKey]),
  timeFields: dateutc,
});
