// The sandbox provider (no Stripe keys): payments of our own card form, decided by Stripe's documented test card
// numbers (src/domain/card.ts sandboxOutcome) after the same checks a real provider makes. Nothing is charged;
// the page says "test mode". There is no webhook: the charge answer is the provider's decision.
import { randomBytes } from 'node:crypto';
import { sandboxOutcome } from '../../src/domain/card';
import type { PaymentProvider } from './provider';
import { WebhookSignatureError } from './provider';

export function sandboxProvider(): PaymentProvider {
  const charged = new Map<string, { amount: number; currency: string }>();
  const refunded = new Set<string>();
  return {
    name: 'sandbox',
    testMode: true,
    publishableKey: null,
    async start(order) {
      return { ref: order.paymentRef ?? `sandbox_pi_${order._id}` };
    },
    async status(ref) {
      const paid = charged.get(ref);
      return paid ? { state: 'succeeded', ...paid } : { state: 'pending' };
    },
    async charge(order, card) {
      const outcome = sandboxOutcome(card.number);
      if (outcome.ok && order.paymentRef)
        charged.set(order.paymentRef, { amount: order.total, currency: order.currency });
      return outcome;
    },
    async cancel() {},
    async refund(ref) {
      if (refunded.has(ref)) throw new Error('This payment has already been refunded');
      refunded.add(ref);
      return { ref: `sandbox_re_${randomBytes(8).toString('hex')}` };
    },
    event() {
      throw new WebhookSignatureError('The sandbox has no webhook');
    },
  };
}
