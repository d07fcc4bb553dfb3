// PWSweather: Wunderground's fields with its own path, sent by station software; parser:
// ../parsers/wunderground.ts (parsePwsweather).
import { parsePwsweather } from '../parsers/wunderground';
import { dateutc, defineProtocol, QUERY_FIELDS, softwareSetup, textReplies } from './descriptor';

/**
 * pywws counts any 200 as stored, so only a stored upload is a 200. WeeWX reads a line starting with `ERROR` as
 * a bad login and one containing `invalid` as a refused upload (restx.py AmbientThread).
 */
const replies = textReplies({
  ok: [200, 'success'],
  badRequest: [400, 'ERROR: invalid upload: ID and PASSWORD are required'],
  unauthorized: [401, 'ERROR: not a valid ID/PASSWORD'],
  tooMany: [429, 'too many requests'],
  badFormat: [400, 'ERROR: invalid data'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
});

export const pwsweather = defineProtocol({
  name: 'pwsweather',
  label: 'PWSweather',
  senders: 'WeeWX, CumulusMX, pywws, Meteobridge',
  kind: 'software',
  paths: ['/pwsupdate/pwsupdate.php'],
  ...QUERY_FIELDS,
  identity: { by: 'id', id: 'ID', key: 'PASSWORD' },
  prefixes: ['/pwsupdate'],
  credentials: [['ID', 'PASSWORD']],
  // WeeWX reads `ERROR` at the start of a line as a refusal: an UploadError's message keeps the prefix.
  reply: (outcome, message) => replies(outcome, message && `ERROR: ${message}`),
  parse: (params, now) => parsePwsweather(params, now),
  setup: (s) =>
    softwareSetup(s, '/pwsupdate/pwsupdate.php', ['Station ID', s.stationId], ['Station key', s.stationKey]),
  timeFields: dateutc,
});
