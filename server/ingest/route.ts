// The upload endpoints of the three protocols, mounted ahead of the API. Consoles get the replies they expect.
import type { Middleware } from '@feathersjs/koa';
import { PROTOCOLS, parseFields, type UploadProtocol } from './parsers';
import type { Ingest } from './pipeline';

const MAX_BODY = 64 * 1024;
const ROUTES = new Map<string, UploadProtocol>();
for (const [protocol, info] of Object.entries(PROTOCOLS) as [
  UploadProtocol,
  (typeof PROTOCOLS)[UploadProtocol],
][]) {
  for (const path of info.paths) ROUTES.set(path, protocol);
}

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

export function ingestRoute(ingest: Ingest): Middleware {
  return async (ctx, next) => {
    const protocol = ROUTES.get(ctx.path);
    if (!protocol) return next();
    const info = PROTOCOLS[protocol];
    if (!info.methods.includes(ctx.method as 'GET' | 'POST')) {
      ctx.status = 405;
      ctx.body = `Use ${info.methods.join(' or ')}`;
      return;
    }
    const fields = parseFields(ctx.querystring);
    if (ctx.method === 'POST') {
      const body = await readBody(ctx.req);
      if (body === null) {
        ctx.status = 413;
        ctx.body = 'Upload too large';
        return;
      }
      parseFields(body, fields);
    }
    const reply = await ingest.accept(protocol, fields, ctx.ip);
    ctx.status = reply.status;
    ctx.type = reply.contentType;
    ctx.body = reply.body;
  };
}
