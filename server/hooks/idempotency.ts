// Replayed edits (the client's outbox, Background Sync) carry an idempotency key: the first call's answer is
// stored and returned again for a retry, so an edit is applied exactly once.
// Key: header `Idempotency-Key` (REST) or query `$idempotencyKey` (socket).
import { BadRequest } from '@feathersjs/errors';
import type { NextFunction } from '@feathersjs/feathers';
import type { AuthUser, HookContext } from '../declarations';

const WRITE = new Set(['create', 'patch', 'update', 'remove']);

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
  const user = (context.params.user as AuthUser | undefined)?._id ?? 'anonymous';
  const knex = context.app.ctx.storage.knex;
  const key = `${context.path}:${context.method}:${raw}`.slice(0, 64);
  const done = await knex('idempotency').where({ key, user }).first('result');
  if (done) {
    context.result = JSON.parse(done.result);
    return;
  }
  await next();
  await knex('idempotency')
    .insert({ key, user, result: JSON.stringify(context.result ?? null), createdAt: Date.now() })
    .onConflict('key')
    .ignore();
}
