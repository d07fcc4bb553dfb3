// The upload endpoints of the three protocols, mounted ahead of the API. Consoles get the replies they expect.
import type { Middleware } from '@feathersjs/koa';
import { PROTOCOLS, parseFields, replyFor, type UploadProtocol, type UploadReply } from './parsers';
import type { Ingest } from './pipeline';
import { strayUploadReply } from './stray';

const MAX_BODY = 64 * 1024;
const ROUTES = new Map<string, UploadProtocol>();
for (const [protocol, info] of Object.entries(PROTOCOLS) as [
  UploadProtocol,
  (typeof PROTOCOLS)[UploadProtocol],
][]) {
  for (const path of info.paths) ROUTES.set(path, protocol);
}
/** `/data/report/<station key>` (a trailing slash allowed): an Ecowitt path the owner types, naming the station. */
const KEY_PATH = /^\/data\/report\/([^/]+)\/?$/;

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

export function ingestRoute(ingest: Ingest, onError: (error: unknown) => void): Middleware {
  return async (ctx, next) => {
    const pathKey = KEY_PATH.exec(ctx.path)?.[1];
    const protocol = ROUTES.get(ctx.path) ?? (pathKey === undefined ? undefined : 'ecowitt');
    if (!protocol) {
      const stray = strayUploadReply(ctx.method, ctx.path, ctx.querystring, ctx.get('accept'));
      if (!stray) return next();
      ctx.status = stray.status;
      ctx.type = stray.contentType;
      ctx.body = stray.body;
      return;
    }
    const info = PROTOCOLS[protocol];
    const fields = parseFields(ctx.querystring);
    if (ctx.method === 'POST') {
      const body = await readBody(ctx.req);
      if (body === null) {
        ingest.tooLarge(protocol, MAX_BODY);
        ctx.status = 413;
        ctx.body = 'Upload too large';
        return;
      }
      parseFields(body, fields);
    }
    let reply: UploadReply;
    try {
      reply = info.methods.includes(ctx.method as 'GET' | 'POST')
        ? await ingest.accept(protocol, fields, ctx.ip, pathKey)
        : replyFor(protocol, 'wrongMethod');
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
