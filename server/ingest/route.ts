// The upload endpoints of every protocol (parsers/protocols.ts), mounted ahead of the API. Consoles get the
// replies they expect; upload-shaped requests anywhere else get a 404 in their protocol's shape (stray.ts).
import type { Middleware } from '@feathersjs/koa';
import {
  PROTOCOLS,
  parseFields,
  replyFor,
  type UploadProtocol,
  type UploadReply,
  weathercloudPathFields,
} from './parsers';
import type { Ingest } from './pipeline';
import { strayProtocol } from './stray';

const MAX_BODY = 64 * 1024;
const ENTRIES = Object.entries(PROTOCOLS) as [UploadProtocol, (typeof PROTOCOLS)[UploadProtocol]][];
const ROUTES = new Map<string, UploadProtocol>();
for (const [protocol, info] of ENTRIES) for (const path of info.paths) ROUTES.set(path, protocol);
/** Paths that carry the station key (Ecowitt's /data/report/<key>, Windy's /pws/update/<key>). */
const KEY_PATHS = ENTRIES.flatMap(([protocol, info]) =>
  info.keyPath ? [{ protocol, re: info.keyPath }] : [],
);

async function readBody(req: NodeJS.ReadableStream): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The endpoint a request is for: its protocol, the station key its path carries, fields its path carries. */
function endpointOf(
  path: string,
): { protocol: UploadProtocol; pathKey?: string; pathFields?: string } | null {
  const exact = ROUTES.get(path);
  if (exact) return { protocol: exact };
  for (const { protocol, re } of KEY_PATHS) {
    const key = re.exec(path)?.[1];
    if (key !== undefined) return { protocol, pathKey: key };
  }
  const pathFields = weathercloudPathFields(path);
  return pathFields === null ? null : { protocol: 'weathercloud', pathFields };
}

/** `Authorization: Bearer <key>` for protocols found by their key alone (Windy's newer uploaders). */
function bearerKey(protocol: UploadProtocol, authorization: () => string): string | undefined {
  if (PROTOCOLS[protocol].identity.by !== 'key') return undefined;
  return /^Bearer\s+(\S+)$/i.exec(authorization())?.[1];
}

/**
 * `acceptUploads: false` (an API process of a cluster, ROLE=api: HAProxy sends uploads elsewhere) answers
 * only the stray uploads, so none gets the app from any process.
 */
export function ingestRoute(
  ingest: Ingest,
  onError: (error: unknown) => void,
  { acceptUploads = true }: { acceptUploads?: boolean } = {},
): Middleware {
  return async (ctx, next) => {
    const endpoint = endpointOf(ctx.path);
    if (endpoint && !acceptUploads) return next();
    if (!endpoint) {
      const stray = strayProtocol(ctx.method, ctx.path, ctx.querystring, ctx.get('accept'));
      if (!stray) return next();
      const reply = ingest.stray(stray, parseFields(ctx.querystring), ctx.path);
      ctx.status = reply.status;
      ctx.type = reply.contentType;
      ctx.body = reply.body;
      return;
    }
    const { protocol } = endpoint;
    const info = PROTOCOLS[protocol];
    const fields = parseFields(ctx.querystring);
    if (endpoint.pathFields) parseFields(endpoint.pathFields, fields);
    /** Several uploads in one request (Windy's JSON form); else the one upload `fields`. */
    let uploads: Map<string, string>[] | null = [fields];
    if (ctx.method === 'POST') {
      const body = await readBody(ctx.req);
      if (body === null) {
        ingest.tooLarge(protocol, MAX_BODY);
        ctx.status = 413;
        ctx.body = 'Upload too large';
        return;
      }
      if (info.jsonBody && ctx.get('content-type').includes('json')) uploads = info.jsonBody(body, fields);
      else parseFields(body, fields);
    }
    const pathKey = endpoint.pathKey ?? bearerKey(protocol, () => ctx.get('authorization'));
    let reply: UploadReply;
    try {
      if (!info.methods.includes(ctx.method as 'GET' | 'POST')) reply = replyFor(protocol, 'wrongMethod');
      else if (uploads === null) reply = replyFor(protocol, 'badRequest', 'Not an upload in JSON');
      else {
        // Each is counted as one upload; the first refusal answers for the request (the rest are not tried).
        reply = replyFor(protocol, 'ok');
        for (const upload of uploads) {
          reply = await ingest.accept(protocol, upload, ctx.ip, pathKey);
          if (reply.status >= 300) break;
        }
      }
    } catch (error) {
      // Not stored (the database is restarting, unreachable, or refused the batch): an answer the console
      // retries, never a 200. Consoles upload again at their next interval; Retry-After tells others when.
      onError(error);
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.type = 'text/plain';
      ctx.body = 'Storage unavailable, retry later';
      return;
    }
    ctx.status = reply.status;
    ctx.type = reply.contentType;
    ctx.body = reply.body;
  };
}
