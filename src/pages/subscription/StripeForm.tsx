// Stripe (STRIPE_PUBLISHABLE_KEY on the server): the Payment Element of @stripe/stripe-js, loaded only on this
// page. The card goes to Stripe, never to our server; Stripe redirects to /subscription/success, where the server
// asks Stripe whether the payment went through (and its webhook says so too).
import { useLingui } from '@lingui/react/macro';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import styles from './Subscription.module.css';

export function StripeForm({
  publishableKey,
  clientSecret,
  orderId,
  amount,
  locale,
}: {
  publishableKey: string;
  clientSecret: string;
  orderId: string;
  amount: string;
  locale: string;
}) {
  const { t } = useLingui();
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const s = await loadStripe(publishableKey, { locale: locale as 'auto' });
        if (!s || gone || !mount.current) return;
        const elements = s.elements({ clientSecret });
        elements.create('payment').mount(mount.current);
        setStripe({ stripe: s, elements });
      } catch (e) {
        setError((e as Error).message);
      }
    })();
    return () => {
      gone = true;
    };
  }, [publishableKey, clientSecret, locale]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe) return;
    setBusy(true);
    setError(null);
    const { error: failed } = await stripe.stripe.confirmPayment({
      elements: stripe.elements,
      confirmParams: { return_url: `${location.origin}/subscription/success?order=${orderId}` },
    });
    // Only reached when the payment failed at once (a success redirects).
    setError(failed?.message ?? null);
    setBusy(false);
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)}>
      <div ref={mount} aria-busy={!stripe} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        busy={busy}
        disabled={!stripe}
        icon={<Lock size={16} aria-hidden="true" />}
      >
        {t`Pay now`} · {amount}
      </Button>
    </form>
  );
}
