// Compression of answers (issue 21: nothing was compressed; the login page took 4.2 s on a 1.6 Mbit/s phone
// line). The built app's files are compressed at build time (vite.precompress.ts) and koa-send picks the .br or
// .gz copy by Accept-Encoding; this compresses what is made per request (API answers, the app's index.html for
// its routes) when it is text and at least THRESHOLD bytes. Streams (file downloads, exports) pass as they are.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FeathersKoaContext } from '@feathersjs/koa';

/** Smaller answers fit a packet or two: compressing them costs more than it saves. */
export const THRESHOLD = 1024;

const TEXT = /^(text\/|application\/(json|javascript|xml|manifest\+json|.*\+json|.*\+xml))/;

/** Brotli at quality 5: per request, about gzip's speed with better ratios; gzip for clients without brotli. */
function encode(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

export async function compressAnswers(ctx: FeathersKoaContext, next: () => Promise<unknown>): Promise<void> {
  await next();
  const { body } = ctx;
  if (body === null || body === undefined || ctx.response.get('Content-Encoding')) return;
  if (ctx.status < 200 || ctx.status === 204 || ctx.status === 206 || ctx.status === 304) return;
  if (!TEXT.test(ctx.response.type || '')) return;
  let raw: Buffer;
  if (Buffer.isBuffer(body)) raw = body;
  else if (typeof body === 'string') raw = Buffer.from(body);
  else if (typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function')
    raw = Buffer.from(JSON.stringify(body));
  else return;
  if (raw.length < THRESHOLD) return;
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') return;
  const type = ctx.response.get('Content-Type');
  ctx.body = encode(raw, encoding);
  ctx.set('Content-Type', type);
  ctx.set('Content-Encoding', encoding);
}

/** A client that went away mid-answer (a closed tab, a dropped phone connection): not the server's error. */
const CLOSED = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ERR_STREAM_DESTROYED',
]);

export function isClosedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLOSED.has(code);
}
