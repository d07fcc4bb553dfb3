// WSLink (CCL consoles): the console's own protocol, metric units (parser: ../parsers/wslink.ts).
import { parseWslink } from '../parsers/wslink';
import { consoleRows, defineProtocol, textReplies } from './descriptor';

const PATH = '/data/upload.php';

export const wslink = defineProtocol({
  name: 'wslink',
  label: 'WSLink',
  senders: 'CCL consoles sold as Bresser, Garni, Sencor, Youshiko…',
  kind: 'console',
  paths: [PATH],
  methods: ['GET', 'POST'],
  fieldsIn: 'query',
  identity: { by: 'id', id: 'wsid', key: 'wspw' },
  prefixes: [PATH],
  credentials: [['wsid', 'wspw']],
  /**
   * Status codes (200 success, 400 bad request, 401 wrong id/password, 404 = the vendor's "too many
   * requests", 405 bad data format) and a short text body.
   */
  reply: textReplies({
    ok: [200, 'OK'],
    badRequest: [400, 'Bad request'],
    unauthorized: [401, 'Wrong wsid or wspw'],
    tooMany: [404, 'Too many requests'],
    badFormat: [405, 'Bad data format'],
    notFound: [404, 'Not found'],
    wrongMethod: [405, 'Use GET or POST'],
  }),
  parse: parseWslink,
  setup: (s) => ({
    path: PATH,
    url: `${s.scheme}://${s.serverName}${PATH}`,
    settings: [...consoleRows(s, PATH), ['Station ID', s.stationId], ['Station key', s.stationKey]],
  }),
  readmeNote: "In the console's app, upload to a custom server. Metric units.",
});
