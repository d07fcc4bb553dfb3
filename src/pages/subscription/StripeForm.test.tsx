// @vitest-environment happy-dom
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';

// Stripe.js loads its script from js.stripe.com: here a stand-in with the calls the form makes.
const mount = vi.fn();
const create = vi.fn(() => ({ mount }));
const elements = vi.fn(() => ({ create }));
const confirmPayment = vi.fn(async () => ({ error: { message: 'Your card was declined.' } }));
const loadStripe = vi.fn(async () => ({ elements, confirmPayment }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));

const { StripeForm } = await import('./StripeForm');

it("mounts Stripe's Payment Element for the order's PaymentIntent and confirms with a return to the success page", async () => {
  render(
    <I18nProvider i18n={i18n}>
      <StripeForm
        publishableKey="pk_test_1"
        clientSecret="pi_1_secret_2"
        orderId="o1"
        amount="$2.99"
        locale="de"
      />
    </I18nProvider>,
  );
  await waitFor(() => expect(mount).toHaveBeenCalled());
  expect(loadStripe).toHaveBeenCalledWith('pk_test_1', { locale: 'de' });
  expect(elements).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
  expect(create).toHaveBeenCalledWith('payment');
  const pay = screen.getByRole('button', { name: /Pay now · \$2\.99/ });
  await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(pay);
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your card was declined.'));
  expect(confirmPayment).toHaveBeenCalledWith({
    elements: expect.anything(),
    confirmParams: { return_url: `${location.origin}/subscription/success?order=o1` },
  });
});
