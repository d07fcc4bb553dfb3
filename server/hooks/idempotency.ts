// Replayed edits (the client's outbox, Background Sync) carry an idempotency key: the first call's answer is
// stored and returned again for a retry, so an edit is applied exactly once.
// Key: header `Idempotency-Key` (REST) or query `$idempotencyKey` (socket).
// A stored answer belongs to the signed-in user who made the call and to that very request (method, path, id,
// query and body): runs after authentication (./verified.ts); anonymous calls are never replayed, and the same
// key with another request is refused (422) rather than answered with someone else's result.
import { createHash } from 'node:crypto';
import { BadRequest, Unprocessable } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import type { AuthUser, HookContext } from '../declarations';

const WRITE = new Set(['create', 'patch', 'update', 'remove']);
export const KEY_REUSED = 'This idempotency key was already used for another request';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function idempotency(context: HookContext, next: NextFunction): Promise<void> {
  const query = context.params.query ?? {};
  const header = (context.params.headers as Record<string, string> | undefined)?.['idempotency-key'];
  const raw = header ?? query.$idempotencyKey;
  if (query.$idempotencyKey !== undefined) {
    const { $idempotencyKey: _k, ...rest } = query;
    context.params.query = rest;
  }
  if (raw === undefined || !context.params.provider || !WRITE.has(context.method)) return next();
  if (typeof raw !== 'string' || !/^[\w-]{8,64}$/.test(raw)) throw new BadRequest('Invalid idempotency key');
  const user = (context.params.user as AuthUser | undefined)?._id;
  if (!user) return next();
  const knex = context.app.ctx.storage.knex;
  const key = sha256(`${user}:${raw}`);
  const request = sha256(
    JSON.stringify([
      context.method,
      context.path,
      context.id ?? null,
      context.params.query ?? {},
      context.data,
    ]),
  );
  const done = await knex('idempotency').where({ key, user }).first('result', 'request');
  if (done) {
    if (done.request !== request) throw new Unprocessable(KEY_REUSED);
    context.result = JSON.parse(done.result);
    return;
  }
  await next();
  await knex('idempotency')
    .insert({ key, user, request, result: JSON.stringify(context.result ?? null), createdAt: Date.now() })
    .onConflict('key')
    .ignore();
}
