// The upload endpoints of every protocol (protocols/), mounted ahead of the API. Consoles get the
// replies they expect; upload-shaped requests anywhere else get a 404 in their protocol's shape (stray.ts).
import type { Middleware } from '@feathersjs/koa';
import { endpointOf, MAX_BODY, readBody, readUploads } from './endpoints';
import { PROTOCOLS, parseFields, replyFor, type UploadReply } from './parsers';
import type { Ingest } from './pipeline';
import { relayOf } from './relayed';
import { strayProtocol } from './stray';

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
    let body: string | null = null;
    if (ctx.method === 'POST') {
      body = await readBody(ctx.req);
      if (body === null) {
        ingest.tooLarge(protocol, MAX_BODY);
        ctx.status = 413;
        ctx.body = 'Upload too large';
        return;
      }
    }
    const { uploads, pathKey } = readUploads(endpoint, {
      method: ctx.method,
      query: ctx.querystring,
      contentType: ctx.get('content-type'),
      authorization: ctx.get('authorization'),
      body,
    });
    const info = PROTOCOLS[protocol];
    // Sent on by a home relay (relay/): when it received the upload, and the relay's state for the owner.
    const relay = relayOf((name) => ctx.get(name));
    let reply: UploadReply;
    try {
      if (!info.methods.includes(ctx.method as 'GET' | 'POST')) reply = replyFor(protocol, 'wrongMethod');
      else if (uploads === null) reply = replyFor(protocol, 'badRequest', 'Not an upload in JSON');
      else {
        // Each is counted as one upload; the first refusal answers for the request (the rest are not tried).
        reply = replyFor(protocol, 'ok');
        for (const upload of uploads) {
          reply = await ingest.accept(protocol, upload, ctx.ip, pathKey, relay);
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
