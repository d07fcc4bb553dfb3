// Which payment provider this server uses: Stripe when both its keys are set, the sandbox otherwise.
import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';
import { stripeProvider } from './stripe';

export function paymentProvider(config: Config): PaymentProvider {
  return config.stripeSecretKey && config.stripePublishableKey ? stripeProvider(config) : sandboxProvider();
}
