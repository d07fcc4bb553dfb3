// Which upload endpoint a request is for and the uploads it carries, read from the request's parts alone (no
// HTTP framework): the portal's ingest route and the home relay (relay/) both read requests through this, so
// they accept exactly the same uploads. The protocols themselves are declared in protocols/, one descriptor each.
import { type Fields, PROTOCOLS, parseFields, type UploadProtocol } from './parsers';

/** The largest request body either accepts (a console's upload is a few hundred bytes). */
export const MAX_BODY = 64 * 1024;

/** A request's body text, up to MAX_BODY bytes (null: more). */
export async function readBody(req: AsyncIterable<unknown>): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const ENTRIES = Object.entries(PROTOCOLS) as [UploadProtocol, (typeof PROTOCOLS)[UploadProtocol]][];
const ROUTES = new Map<string, UploadProtocol>();
for (const [protocol, info] of ENTRIES) for (const path of info.paths) ROUTES.set(path, protocol);
/** Paths that carry the station key (Ecowitt's /data/report/<key>, Windy's /pws/update/<key>). */
const KEY_PATHS = ENTRIES.flatMap(([protocol, info]) =>
  info.keyPath ? [{ protocol, re: info.keyPath }] : [],
);
/** Paths that carry the fields as name/value segments (Weathercloud's /set/wid/<id>/key/<key>/…). */
const FIELD_PATHS = ENTRIES.flatMap(([protocol, info]) =>
  info.fieldsPath ? [{ protocol, re: info.fieldsPath }] : [],
);

/** `a/1/b/2` → `a=1&b=2` (a trailing name without a value is dropped). */
function segmentPairs(rest: string): string {
  const parts = rest.split('/');
  const pairs: string[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) pairs.push(`${parts[i]}=${parts[i + 1]}`);
  return pairs.join('&');
}

export interface Endpoint {
  protocol: UploadProtocol;
  /** The station key the path carries. */
  pathKey?: string;
  /** Fields the path carries (Weathercloud's /set/wid/<id>/key/<key>/…). */
  pathFields?: string;
}

/** The endpoint a request path is for, or null when it is no upload endpoint. */
export function endpointOf(path: string): Endpoint | null {
  const exact = ROUTES.get(path);
  if (exact) return { protocol: exact };
  for (const { protocol, re } of KEY_PATHS) {
    const key = re.exec(path)?.[1];
    if (key !== undefined) return { protocol, pathKey: key };
  }
  for (const { protocol, re } of FIELD_PATHS) {
    const rest = re.exec(path)?.[1];
    if (rest) return { protocol, pathFields: segmentPairs(rest) };
  }
  return null;
}

/** The parts of a request an upload is read from. */
export interface UploadRequest {
  method: string;
  /** The query string without `?`. */
  query: string;
  contentType: string;
  authorization: string;
  /** The body text of a POST (null for a GET). */
  body: string | null;
}

export interface ReadUploads {
  /** Each upload's fields (several in Windy's JSON form); null when a JSON body is not the protocol's shape. */
  uploads: Map<string, string>[] | null;
  /** The station key the request carries outside its fields: the path or a bearer token. */
  pathKey?: string;
}

/** The uploads of a request to `endpoint`. */
export function readUploads(endpoint: Endpoint, req: UploadRequest): ReadUploads {
  const info = PROTOCOLS[endpoint.protocol];
  const fields = parseFields(req.query);
  if (endpoint.pathFields) parseFields(endpoint.pathFields, fields);
  let uploads: Map<string, string>[] | null = [fields];
  if (req.method === 'POST' && req.body !== null) {
    if (info.jsonBody && req.contentType.includes('json')) uploads = info.jsonBody(req.body, fields);
    else parseFields(req.body, fields);
  }
  // Protocols found by their key alone (Windy's newer uploaders) may send it as `Authorization: Bearer <key>`.
  const bearer = info.identity.by === 'key' ? /^Bearer\s+(\S+)$/i.exec(req.authorization)?.[1] : undefined;
  return { uploads, pathKey: endpoint.pathKey ?? bearer };
}

export type { Fields };
