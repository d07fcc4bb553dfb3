// Answers as the real server sends them: JSON, coded series as MessagePack when the client accepts it,
// request bodies read as JSON (malformed → 400).
import { encode } from '@msgpack/msgpack';
import { HttpResponse, http } from 'msw';
import type { Coded } from '../src/domain/types';
import { answer, badRequest, notFound } from './errors';
import { parseQuery, type Query } from './query';

export const json = (body: unknown, status = 200) => HttpResponse.json(body as object, { status });
export const created = (body: unknown) => json(body, 201);

/** A coded answer ([columns, rows]): MessagePack for `Accept: application/msgpack`, JSON otherwise. */
export function coded(request: Request, value: Coded): Response {
  if (/application\/(x-)?msgpack/.test(request.headers.get('accept') ?? '')) {
    const bytes = encode(value, { ignoreUndefined: true });
    return new HttpResponse(bytes, { headers: { 'content-type': 'application/msgpack' } });
  }
  return json(value);
}

/** Any other path under `base`: the server's 404. */
export const notFoundFallback = (base: string) =>
  http.all(`${base}/*`, ({ request }) =>
    answer(() => {
      throw notFound(`Path ${new URL(request.url).pathname} not found`);
    }),
  );

export const queryOf = (request: Request): Query => parseQuery(new URL(request.url).search);

export async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object') throw badRequest('invalid JSON, only supports object and array', {});
  return body;
}
