// Wunderground's PWS protocol (most consoles' "WUnderground API" mode, Fine Offset loggers); parser:
// ../parsers/wunderground.ts.
import { parseWunderground } from '../parsers/wunderground';
import { consoleRows, dateutc, defineProtocol, QUERY_FIELDS, textReplies } from './descriptor';

const PATH = '/weatherstation/updateweatherstation.php';

export const wunderground = defineProtocol({
  name: 'wunderground',
  label: 'Wunderground',
  senders: 'most consoles ("WUnderground API" mode), Fine Offset loggers',
  kind: 'console',
  // Fine Offset loggers post to the `.asp` path; some firmware drops the extension.
  paths: [PATH, '/weatherstation/updateweatherstation.asp', '/weatherstation/updateweatherstation'],
  ...QUERY_FIELDS,
  identity: { by: 'id', id: 'ID', key: 'PASSWORD' },
  prefixes: ['/weatherstation'],
  credentials: [['ID', 'PASSWORD']],
  /** `success` on 200 (pywws counts only that as stored), `unauthorized` on 401. */
  reply: textReplies({
    ok: [200, 'success'],
    badRequest: [400, 'bad request: ID, PASSWORD, action=updateraw and dateutc are required'],
    unauthorized: [401, 'unauthorized'],
    tooMany: [429, 'too many requests'],
    badFormat: [400, 'bad data format'],
    notFound: [404, 'not found'],
    wrongMethod: [405, 'use GET or POST'],
  }),
  parse: (params, now) => parseWunderground(params, now),
  setup: (s) => ({
    path: PATH,
    ID: s.stationId,
    PASSWORD: s.stationKey,
    settings: [...consoleRows(s, PATH), ['Station ID', s.stationId], ['Station key', s.stationKey]],
  }),
  readmeNote: 'The console may call the key its password.',
  timeFields: dateutc,
});
