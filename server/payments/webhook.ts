// POST /payments/webhook: the provider's events (Stripe), read as sent because the signature covers the bytes.
// A bad or missing signature is a 400 and changes nothing. Each event id is applied once (paymentEvents); the
// order's conditional status change makes a replay under another id harmless too.
import type { FeathersKoaContext } from '@feathersjs/koa';
import type { Application } from '../declarations';
import { WebhookSignatureError } from './provider';

export const WEBHOOK_PATH = '/payments/webhook';
const MAX_BODY = 512 * 1024;

async function rawBody(ctx: FeathersKoaContext): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function paymentWebhook(app: Application) {
  return async (ctx: FeathersKoaContext, next: () => Promise<unknown>) => {
    if (ctx.path !== WEBHOOK_PATH) return next();
    const answer = (status: number, body: object) => {
      ctx.status = status;
      ctx.body = body;
    };
    if (ctx.method !== 'POST')
      return answer(405, { name: 'MethodNotAllowed', code: 405, message: 'POST only' });
    const body = await rawBody(ctx);
    if (!body) return answer(413, { name: 'PayloadTooLarge', code: 413, message: 'Body too large' });
    let event: ReturnType<typeof app.ctx.payments.event>;
    try {
      event = app.ctx.payments.event(body, ctx.get('stripe-signature') || undefined);
    } catch (e) {
      if (e instanceof WebhookSignatureError)
        return answer(400, { name: 'BadRequest', code: 400, message: `Webhook signature: ${e.message}` });
      throw e;
    }
    const knex = app.ctx.storage.knex;
    if (await knex('paymentEvents').where({ _id: event.id }).first())
      return answer(200, { received: true, duplicate: true });
    const orders = app.service('orders');
    const order = event.kind === 'ignored' ? null : await orders.byPayment(event.ref, event.order);
    if (order && event.ref) {
      if (event.kind === 'succeeded')
        await orders.settle(order._id, { ref: event.ref, amount: event.amount, currency: event.currency });
      else if (event.kind === 'failed') await orders.declined(order._id, event.message);
      else if (event.kind === 'canceled' && order.status === 'pending')
        await orders.patch(order._id, { status: 'cancelled' }, {});
      else if (event.kind === 'refunded' && (order.status === 'done' || order.status === 'error'))
        await orders.refund(order._id, false);
    }
    await knex('paymentEvents')
      .insert({
        _id: event.id,
        provider: app.ctx.payments.name,
        type: event.type,
        order: order?._id ?? null,
        createdAt: Date.now(),
      })
      .onConflict('_id')
      .ignore();
    return answer(200, { received: true });
  };
}
