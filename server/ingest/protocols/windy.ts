// Windy: the station key as the path or a bearer token, its fields in the query or a JSON body, sent by
// station software; parser: ../parsers/windy.ts.
import { parseWindy, windyObservations } from '../parsers/windy';
import {
  dateutc,
  defineProtocol,
  JSON_TYPE,
  QUERY_FIELDS,
  type ReplyTable,
  softwareSetup,
  TEXT,
} from './descriptor';

/** `SUCCESS` (pywws looks for it); errors as Windy's JSON ({statusCode, error, message}). */
const REPLIES: ReplyTable = {
  ok: [200, 'SUCCESS'],
  badRequest: [400, 'Bad Request'],
  unauthorized: [401, 'Unauthorized'],
  tooMany: [429, 'Too Many Requests'],
  badFormat: [400, 'Bad Request'],
  notFound: [404, 'Not Found'],
  wrongMethod: [405, 'Method Not Allowed'],
};

export const windy = defineProtocol({
  name: 'windy',
  label: 'Windy',
  senders: 'WeeWX, CumulusMX, pywws, Meteobridge',
  kind: 'software',
  paths: ['/pws/update', '/pws/update/', '/api/v2/observation/update', '/api/v2/observation/update/'],
  keyPath: /^\/pws\/update\/([^/]+)\/?$/,
  ...QUERY_FIELDS,
  identity: { by: 'key', key: 'PASSWORD' },
  prefixes: ['/pws', '/api/v2/observation'],
  credentials: [],
  reply: (outcome, message) => {
    const [status, text] = REPLIES[outcome];
    if (outcome === 'ok') return { status, contentType: TEXT, body: text };
    const body = JSON.stringify({ statusCode: status, error: text, message: message ?? text });
    return { status, contentType: JSON_TYPE, body };
  },
  parse: (params, now) => parseWindy(params, now),
  jsonBody: windyObservations,
  // The key in the path: software that asks for an API key and builds /pws/update/<key> itself takes the key.
  setup: (s) => softwareSetup(s, `/pws/update/${s.stationKey}`, null, ['API key', s.stationKey]),
  readmeNote: 'The key may instead come as `Authorization: Bearer <key>`.',
  timeFields: dateutc,
});
