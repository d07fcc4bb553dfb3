// payments create (issue #14), for the buyer of a pending order that has not expired:
//   {order}               starts (or resumes) paying: Stripe's PaymentIntent client secret + publishable key, or
//                         the sandbox's test mode (our own card form).
//   {order, card}         sandbox only: the card is checked like a real provider does, then the test number
//                         decides; success settles the order, a decline is a 402 with its message.
//   {order, check: true}  asks the provider about the payment again (after Stripe's redirect, in case the
//                         webhook is late); the provider's answer, never the browser's, settles the order.
import { BadGateway, BadRequest, NotFound, PaymentError } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { type CardInput, checkCard } from '../../../src/domain/card';
import type { Order, PaymentStart } from '../../../src/domain/contract';
import { payable } from '../../../src/domain/orders';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { asObject, id } from '../../hooks/validate';
import { ProviderError } from '../../payments/provider';

type P = Params & { user?: AuthUser };

function cardInput(v: unknown): CardInput {
  const card = asObject(v, 'card');
  for (const key of Object.keys(card))
    if (!['number', 'expMonth', 'expYear', 'cvc'].includes(key))
      throw new BadRequest(`card.${key} cannot be set`, { field: 'card' });
  const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x).slice(0, 40) : '');
  return {
    number: text(card.number),
    expMonth: Number(text(card.expMonth)),
    expYear: Number(text(card.expYear)),
    cvc: text(card.cvc),
  };
}

export class PaymentsService {
  constructor(private app: Application) {}

  async create(data: unknown, params: P): Promise<PaymentStart> {
    const input = asObject(data);
    for (const key of Object.keys(input))
      if (!['order', 'card', 'check'].includes(key))
        throw new BadRequest(`${key} cannot be set`, { field: key });
    const orders = this.app.service('orders');
    let order = await orders.get(id(input.order, 'order'), params);
    const provider = this.app.ctx.payments;
    const answer = (o: Order, extra: Partial<PaymentStart> = {}): PaymentStart => ({
      order: o,
      provider: o.provider,
      testMode: provider.testMode,
      ...extra,
    });
    if (input.check === true) {
      if (order.status === 'pending' && order.paymentRef) {
        const state = await this.provider(() => provider.status(order.paymentRef as string));
        if (state.state === 'succeeded')
          order = await orders.settle(order._id, {
            ref: order.paymentRef,
            amount: state.amount,
            currency: state.currency,
          });
        else if (state.state === 'failed') order = await orders.declined(order._id, state.message);
      }
      return answer(order);
    }
    if (!payable(order)) throw codedError(NotFound, 'orderGone');
    if (order.provider !== provider.name) throw codedError(BadRequest, 'orderStatusChange');
    const started = await this.provider(() => provider.start(order));
    if (!order.paymentRef) {
      await orders.started(order._id, started.ref);
      order = { ...order, paymentRef: started.ref };
    }
    if (input.card === undefined)
      return answer(order, {
        clientSecret: started.clientSecret,
        publishableKey: provider.publishableKey ?? undefined,
      });
    if (!provider.charge) throw codedError(BadRequest, 'cardOnProvider', { field: 'card' });
    const card = cardInput(input.card);
    const problems = checkCard(card);
    if (problems.length > 0)
      throw codedError(BadRequest, problems[0].code, { field: problems[0].field, problems });
    const outcome = await provider.charge(order, card);
    if (!outcome.ok) {
      await orders.declined(order._id, outcome.code);
      throw codedError(PaymentError, outcome.code, { field: 'card' });
    }
    return answer(
      await orders.settle(order._id, { ref: started.ref, amount: order.total, currency: order.currency }),
    );
  }

  private async provider<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof ProviderError)
        throw codedError(BadGateway, 'paymentProviderFailed', { detail: e.message });
      throw e;
    }
  }
}
