// Ecowitt's "Customized" upload (Ecowitt, Ambient and Fine Offset clones): a form POST, or Ambient's GET with
// the same fields; parser: ../parsers/ecowitt.ts.
import { parseEcowitt } from '../parsers/ecowitt';
import { dateutc, defineProtocol, JSON_TYPE, type ReplyTable } from './descriptor';

/** `{"errcode":"0","errmsg":"ok"}`; errors carry a non-zero errcode (the HTTP status). */
const REPLIES: ReplyTable = {
  ok: [200, 'ok'],
  badRequest: [400, 'bad request'],
  unauthorized: [401, 'unauthorized'],
  tooMany: [429, 'too many requests'],
  badFormat: [400, 'bad data format'],
  notFound: [404, 'not found'],
  wrongMethod: [405, 'use GET or POST'],
};

export const ecowitt = defineProtocol({
  name: 'ecowitt',
  label: 'Ecowitt',
  senders: 'Ecowitt, Ambient and Fine Offset clones ("Customized")',
  kind: 'console',
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
    const [status, errmsg] = REPLIES[outcome];
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
        ['Port', s.port],
        ['Upload interval', '60'],
      ],
    };
  },
  readmeNote: 'A trailing `/` on the path is fine; an interval of 16–60 s. MAC identification: below.',
  timeFields: dateutc,
});
