// Requests that look like uploads but match no upload endpoint. A console must never get the web app's HTML
// (a 200 it reads as "stored"): it gets a 404 in its own protocol's shape. A request is upload-shaped when it
// carries a station credential in any protocol's shape (`ID`+`PASSWORD`, `PASSKEY`, `wsid`+`wspw`,
// `siteid`+`siteAuthenticationKey`, `wid`+`key`), on any path, or when it is under an upload prefix and is
// not a browser navigation (GET, Accept: text/html, no query string). The shapes and prefixes are the
// protocols' own (protocols.ts).
import { PROTOCOLS, type UploadProtocol } from './parsers';

const ENTRIES = Object.entries(PROTOCOLS) as [UploadProtocol, (typeof PROTOCOLS)[UploadProtocol]][];

/** Every prefix with its protocol, longest first (so `/data/report` wins over `/data`); `under` = `prefix/`. */
const PREFIXES = ENTRIES.flatMap(([protocol, info]) =>
  info.prefixes.map((prefix) => ({ prefix, under: prefix.endsWith('/') ? prefix : `${prefix}/`, protocol })),
).sort((a, b) => b.prefix.length - a.prefix.length);

/** Each protocol's credential shapes. */
const SHAPES = ENTRIES.map(([protocol, info]) => ({ protocol, shapes: info.credentials }));
/** Every credential field's name, and the first characters they start with (to skip other fields cheaply). */
const NAMES = new Set(ENTRIES.flatMap(([, info]) => info.credentials.flat()));
/**
 * Texts one of which every credential shape contains (`PASSWORD=`/`PASSKEY=`, `wspw=`, `key=` and
 * `siteAuthenticationKey=`): a query without any of them carries no credentials, told by three fast searches
 * instead of a pass over every character (every API request passes here). Checked against the shapes below.
 */
const HINTS = ['PASS', 'wspw=', 'ey='];
for (const { protocol, shapes } of SHAPES)
  for (const shape of shapes)
    if (!shape.some((name) => HINTS.some((hint) => `${name}=`.includes(hint))))
      throw new Error(`stray.ts: HINTS miss a credential shape of ${protocol}: ${shape.join('+')}`);
const FIRST = new Uint8Array(128);
for (const name of NAMES) FIRST[name.charCodeAt(0)] = 1;
const AMP = 38;
const EQUALS = 61;

/**
 * The credential fields a query string names, in one pass over its characters (no decoding, no parsing:
 * every API request passes here; a regex or a search per name cost several µs on the bench's long query).
 */
function credentialNames(querystring: string): Set<string> | null {
  let found: Set<string> | null = null;
  /** Where the current field's name starts; -1 once past its `=` (in its value). */
  let start = 0;
  for (let i = 0; i < querystring.length; i++) {
    const c = querystring.charCodeAt(i);
    if (c === AMP) start = i + 1;
    else if (c === EQUALS && start >= 0) {
      const name = FIRST[querystring.charCodeAt(start)] === 1 ? querystring.slice(start, i) : '';
      if (NAMES.has(name)) {
        found ??= new Set();
        found.add(name);
      }
      start = -1;
    }
  }
  return found;
}

function prefixOwner(path: string): UploadProtocol | null {
  for (const { prefix, under, protocol } of PREFIXES)
    if (path === prefix || path.startsWith(under)) return protocol;
  return null;
}

/** Protocols whose credential shape the query carries, in declaration order. */
function shapesIn(querystring: string): UploadProtocol[] {
  if (!HINTS.some((hint) => querystring.includes(hint))) return [];
  const names = credentialNames(querystring);
  if (names === null) return [];
  const found: UploadProtocol[] = [];
  for (const { protocol, shapes } of SHAPES)
    if (shapes.some((shape) => shape.every((name) => names.has(name)))) found.push(protocol);
  return found;
}

/**
 * The protocol whose 404 a request that matches no upload endpoint gets, or null when it is no upload (the
 * app or the API answers it). The path's own protocol wins when the credentials fit it (PWSweather and
 * Wunderground share theirs), else the credentials say which.
 */
export function strayProtocol(
  method: string,
  path: string,
  querystring: string,
  accept: string,
): UploadProtocol | null {
  const shapes = shapesIn(querystring);
  const owner = prefixOwner(path);
  if (shapes.length > 0) return owner && shapes.includes(owner) ? owner : shapes[0];
  if (owner === null) return null;
  const navigation = method === 'GET' && querystring === '' && /text\/html/i.test(accept);
  return navigation ? null : owner;
}
