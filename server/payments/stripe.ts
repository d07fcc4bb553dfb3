// Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET): PaymentIntents the browser confirms
// with the Payment Element, refunds, and webhook events checked against their signature. Calls are idempotent per
// order (a retried start never makes a second PaymentIntent; a retried refund never refunds twice).
import Stripe from 'stripe';
import type { Config } from '../config';
import {
  type PaymentProvider,
  type PaymentState,
  ProviderError,
  type ProviderEvent,
  WebhookSignatureError,
} from './provider';

export function stripeProvider(config: Config): PaymentProvider {
  const secret = config.stripeSecretKey as string;
  const stripe = new Stripe(secret, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(config.stripeApi ?? {}),
  });
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      throw new ProviderError(`${what}: ${(e as Error).message}`);
    }
  };
  return {
    name: 'stripe',
    testMode: secret.startsWith('sk_test_'),
    publishableKey: config.stripePublishableKey,
    async start(order) {
      const intent = order.paymentRef
        ? await call('Stripe payment', () => stripe.paymentIntents.retrieve(order.paymentRef as string))
        : await call('Stripe payment', () =>
            stripe.paymentIntents.create(
              {
                amount: order.total,
                currency: order.currency.toLowerCase(),
                automatic_payment_methods: { enabled: true },
                description: `${order.plan.name} × ${order.devices.length}`,
                metadata: { order: order._id, user: order.user },
              },
              { idempotencyKey: `order-${order._id}` },
            ),
          );
      return { ref: intent.id, clientSecret: intent.client_secret ?? undefined };
    },
    async status(ref): Promise<PaymentState> {
      const intent = await call('Stripe payment', () => stripe.paymentIntents.retrieve(ref));
      switch (intent.status) {
        case 'succeeded':
          return {
            state: 'succeeded',
            amount: intent.amount_received,
            currency: intent.currency.toUpperCase(),
          };
        case 'canceled':
          return { state: 'canceled' };
        case 'requires_payment_method':
          return intent.last_payment_error
            ? { state: 'failed', message: intent.last_payment_error.message ?? 'Your card was declined.' }
            : { state: 'pending' };
        default:
          return { state: 'pending' };
      }
    },
    async cancel(ref) {
      await stripe.paymentIntents.cancel(ref).catch(() => undefined);
    },
    async refund(ref, amount) {
      const refund = await call('Stripe refund', () =>
        stripe.refunds.create({ payment_intent: ref, amount }, { idempotencyKey: `refund-${ref}` }),
      );
      return { ref: refund.id };
    },
    event(body, signature): ProviderEvent {
      if (!config.stripeWebhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, signature ?? '', config.stripeWebhookSecret);
      } catch (e) {
        throw new WebhookSignatureError((e as Error).message);
      }
      const base = { id: event.id, type: event.type };
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.canceled': {
          const pi = event.data.object as Stripe.PaymentIntent;
          const ids = { ...base, order: pi.metadata?.order ?? null, ref: pi.id };
          if (event.type === 'payment_intent.succeeded')
            return {
              ...ids,
              kind: 'succeeded',
              amount: pi.amount_received,
              currency: pi.currency.toUpperCase(),
            };
          if (event.type === 'payment_intent.canceled') return { ...ids, kind: 'canceled' };
          return {
            ...ids,
            kind: 'failed',
            message: pi.last_payment_error?.message ?? 'Your card was declined.',
          };
        }
        case 'charge.refunded': {
          const charge = event.data.object as Stripe.Charge;
          const ref =
            typeof charge.payment_intent === 'string'
              ? charge.payment_intent
              : (charge.payment_intent?.id ?? null);
          return { ...base, order: charge.metadata?.order ?? null, ref, kind: 'refunded' };
        }
        default:
          return { ...base, order: null, ref: null, kind: 'ignored' };
      }
    },
  };
}
