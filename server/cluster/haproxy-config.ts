// The HAProxy configuration of a cluster: deploy/haproxy.cfg (the routing rules, written once) with its {{…}}
// parts filled — the listening address, the processes, and the upload rules derived from the protocol
// descriptors: which paths are uploads and where each protocol names its station (the hash key that keeps one
// station's uploads in order on one ingest process).
import { readFileSync } from 'node:fs';
import { PROTOCOLS, type UploadProtocol } from '../ingest/parsers';

export const HAPROXY_TEMPLATE = new URL('../../deploy/haproxy.cfg', import.meta.url);

export interface HaproxyServer {
  name: string;
  port: number;
  host?: string;
}

export interface HaproxyOptions {
  /** The public port, and address ('' = every interface). */
  port: number;
  host: string;
  /** Processes answering uploads, and those answering the rest (API, sockets, web app). */
  ingest: HaproxyServer[];
  api: HaproxyServer[];
  /** The runtime API's Unix socket. */
  statsSocket: string;
}

/** A regular expression for HAProxy (PCRE), single-quoted so its backslashes stay as written. */
function quoted(pattern: string): string {
  if (pattern.includes("'")) throw new Error(`A pattern HAProxy cannot quote: ${pattern}`);
  return `'${pattern}'`;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The frontend's upload rules: the ACL `upload` (every upload endpoint) and the variable txn.station (the station
 * an upload names), set by the first rule that finds it — the key in the path, else the station field in the
 * query string, else in the form body, else a bearer token (protocols identified by their key alone). The ACLs
 * come first (a rule may only name ACLs declared above it), then the rules.
 */
export function uploadRules(): string[] {
  const acls: string[] = [];
  const rules: string[] = [];
  const station = (sample: string, acl: string) =>
    rules.push(`http-request set-var(txn.station) ${sample} if ${acl} !has_station`);
  for (const [protocol, info] of Object.entries(PROTOCOLS) as [
    UploadProtocol,
    (typeof PROTOCOLS)[UploadProtocol],
  ][]) {
    const acl = `upload_${protocol}`;
    const field = info.identity.by === 'id' ? info.identity.id : info.identity.key;
    acls.push(`# ${protocol}`, `acl ${acl} path ${info.paths.join(' ')}`);
    if (info.keyPath) {
      // The path carries the station key: the path names the station (a console always sends the same one).
      acls.push(`acl ${acl}_key path_reg ${quoted(info.keyPath.source)}`);
      station('path', `${acl}_key`);
    }
    if (info.fieldsPath) {
      // The path form (Weathercloud's /set/wid/<id>/key/<key>/…): the station field is a path segment.
      acls.push(`acl ${acl}_fields path_reg ${quoted(info.fieldsPath.source)}`);
      station(`'path,regsub("^.*/${escapeRegex(field)}/([^/]+).*$","\\1")'`, `${acl}_fields`);
    }
    station(`url_param(${field})`, acl);
    station(`req.body_param(${field})`, acl);
    if (info.identity.by === 'key') station('req.hdr(authorization)', acl);
  }
  // Every upload endpoint: the protocols' paths and path patterns.
  const upload = acls
    .filter((l) => l.startsWith('acl upload_'))
    .map((l) => l.replace(/^acl upload_\w+ /, 'acl upload '));
  return [
    ...acls,
    '# every upload endpoint',
    ...upload,
    'acl has_station var(txn.station) -m found',
    // An upload's body is read before a server is picked (an Ecowitt console names its station in the form),
    // and kept for a retry on another process; other requests (the web app's file uploads) stream through.
    'http-request wait-for-body time 10s if upload',
    ...rules,
  ];
}

const server = (s: HaproxyServer, cookie: boolean) =>
  `server ${s.name} ${s.host ?? '127.0.0.1'}:${s.port}${cookie ? ` cookie ${s.name}` : ''}`;

const indent = (lines: string[]) => lines.map((l) => `    ${l}`).join('\n');

/** deploy/haproxy.cfg filled for these processes. */
export function haproxyConfig(options: HaproxyOptions, template = readFileSync(HAPROXY_TEMPLATE, 'utf8')) {
  if (options.ingest.length === 0 || options.api.length === 0)
    throw new Error('HAProxy needs at least one ingest and one API process');
  const parts: Record<string, string> = {
    STATS_SOCKET: options.statsSocket,
    BIND: `${options.host || '*'}:${options.port}`,
    UPLOAD_RULES: indent(uploadRules()),
    INGEST_SERVERS: indent(options.ingest.map((s) => server(s, false))),
    API_SERVERS: indent(options.api.map((s) => server(s, true))),
  };
  const filled = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = parts[name];
    if (value === undefined) throw new Error(`deploy/haproxy.cfg: nothing fills {{${name}}}`);
    return value;
  });
  return filled;
}
