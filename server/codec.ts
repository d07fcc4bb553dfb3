// Coded series answers ([columns, rows]) go out as MessagePack when the client asks for it, JSON otherwise.

import type { Middleware } from '@feathersjs/koa';
import { encode } from '@msgpack/msgpack';
import type { Coded } from '../src/domain/types';

const coded = new WeakSet<object>();

/** Marks a service result as a coded series answer. */
export function asCoded(value: Coded): Coded {
  coded.add(value);
  return value;
}

export const msgpackBody: Middleware = async (ctx, next) => {
  await next();
  const body = ctx.body as unknown;
  if (
    body &&
    typeof body === 'object' &&
    coded.has(body) &&
    /application\/(x-)?msgpack/.test(ctx.get('accept'))
  ) {
    ctx.body = Buffer.from(encode(body, { ignoreUndefined: true }));
    ctx.type = 'application/msgpack';
  }
};
