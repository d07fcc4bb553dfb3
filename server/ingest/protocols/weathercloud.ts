// Weathercloud: its fields in the query or as path segments (/set/wid/<id>/key/<key>/…), sent by station
// software; parser: ../parsers/weathercloud.ts.
import { parseWeathercloud, WEATHERCLOUD_PATH_FIELDS } from '../parsers/weathercloud';
import { defineProtocol, QUERY_FIELDS, softwareSetup, TEXT, type UploadOutcome, utcText } from './descriptor';

/** The status code as the body too (pywws compares the body with `200`; CumulusMX the status). */
const STATUS: Record<UploadOutcome, number> = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  tooMany: 429,
  badFormat: 400,
  notFound: 404,
  wrongMethod: 405,
};

/** Weathercloud's `date` YYYYMMDD and `time` HHMMSS (UTC). */
function timeFields(time: number): string {
  const [date, clock] = utcText(time).split(' ');
  return `date=${date.replaceAll('-', '')}&time=${clock.replaceAll(':', '')}`;
}

export const weathercloud = defineProtocol({
  name: 'weathercloud',
  label: 'Weathercloud',
  senders: 'WeeWX, CumulusMX, pywws',
  kind: 'software',
  paths: ['/v01/set', '/v01/set/', '/set', '/set/'],
  fieldsPath: WEATHERCLOUD_PATH_FIELDS,
  ...QUERY_FIELDS,
  identity: { by: 'id', id: 'wid', key: 'key' },
  prefixes: ['/v01', '/set'],
  credentials: [['wid', 'key']],
  reply: (outcome) => {
    const status = STATUS[outcome];
    return { status, contentType: TEXT, body: String(status) };
  },
  parse: (params, now) => parseWeathercloud(params, now),
  setup: (s) =>
    softwareSetup(s, '/v01/set', ['Weathercloud ID', s.stationId], ['Weathercloud key', s.stationKey]),
  timeFields,
});
