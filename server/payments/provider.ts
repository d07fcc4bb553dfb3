// The card payment provider behind orders and payments (docs/architecture.md §3 "payments"): Stripe when configured, the
// sandbox otherwise. Only the server decides an order is paid: from the provider's answer (sandbox charge, Stripe
// payment status) or from a signed provider event (webhook); never from the browser's word.
import type { CardInput, SandboxOutcome } from '../../src/domain/card';
import type { Order } from '../../src/domain/contract';

/** A payment started for an order: the provider's reference and what the browser needs to pay it. */
export interface StartedPayment {
  ref: string;
  clientSecret?: string;
}

/** What the provider says about a payment now. Amounts in cents, currency upper case. */
export type PaymentState =
  | { state: 'succeeded'; amount: number; currency: string }
  | { state: 'pending' }
  | { state: 'failed'; message: string }
  | { state: 'canceled' };

/** A verified provider event, reduced to what orders act on. `order` is the order id the payment carries. */
export type ProviderEvent = { id: string; type: string; order: string | null; ref: string | null } & (
  | { kind: 'succeeded'; amount: number; currency: string }
  | { kind: 'failed'; message: string }
  | { kind: 'canceled' }
  | { kind: 'refunded' }
  | { kind: 'ignored' }
);

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** Shown as "test mode" on the payment page. */
  readonly testMode: boolean;
  /** For @stripe/stripe-js on the client. */
  readonly publishableKey: string | null;
  /** Starts (or, for an order that already has `paymentRef`, resumes) the payment of an order. */
  start(order: Order): Promise<StartedPayment>;
  /** The payment's state at the provider. */
  status(ref: string): Promise<PaymentState>;
  /** Sandbox only: charges a test card (the card was checked by the caller). */
  charge?(order: Order, card: CardInput): Promise<SandboxOutcome>;
  /** Stops a payment that has not succeeded (the order expired or was cancelled); best effort. */
  cancel(ref: string): Promise<void>;
  /** Gives the whole payment back; answers the refund's reference. */
  refund(ref: string, amount: number): Promise<{ ref: string }>;
  /** A webhook body checked against its signature header; throws WebhookSignatureError otherwise. */
  event(body: Buffer, signature: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {}

/** A provider call failed (network, rejected request): the caller answers 502 with this message. */
export class ProviderError extends Error {}
