// @vitest-environment happy-dom
// Issue #22: /subscription/success without an order, and a payment page of a malformed or unknown order id,
// show the spec's error page (they said "Your plan is active" and stayed a blank "Payment" page).
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const notFound = { code: 404, message: 'gone', data: { code: 'orderGone' } };
const checkPayment = vi.fn();
const startPayment = vi.fn();
const loadOrder = vi.fn();
vi.mock('../../bridge/worker', () => ({
  dataWorker: {
    checkPayment: (...a: unknown[]) => checkPayment(...a),
    startPayment: (...a: unknown[]) => startPayment(...a),
    loadOrder: (...a: unknown[]) => loadOrder(...a),
  },
}));
vi.mock('../../db/hooks', () => ({ useSetting: () => [] }));

const { default: SuccessPage } = await import('./SuccessPage');
const { default: PaymentPage } = await import('./PaymentPage');

function at(path: string) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/subscription/success" element={<SuccessPage />} />
          <Route path="/subscription/:id/payment" element={<PaymentPage />} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

describe('subscription pages without a real order', () => {
  beforeEach(() => {
    for (const f of [checkPayment, startPayment, loadOrder]) f.mockReset().mockRejectedValue(notFound);
  });

  it('/subscription/success without an order is the error page, not "Your plan is active"', async () => {
    at('/subscription/success');
    expect(await screen.findByTestId('order-gone')).toBeTruthy();
    expect(screen.queryByTestId('payment-done')).toBeNull();
  });

  it('/subscription/success?order=<unknown id> is the error page once the server says so', async () => {
    at('/subscription/success?order=0123456789abcdef01234567');
    expect(await screen.findByTestId('order-gone')).toBeTruthy();
  });

  it('/subscription/<malformed id>/payment is the error page at once, without asking the server', async () => {
    at('/subscription/not-an-order/payment');
    expect(await screen.findByTestId('order-gone')).toBeTruthy();
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('/subscription/<unknown id>/payment is the error page', async () => {
    at('/subscription/0123456789abcdef01234567/payment');
    expect(await screen.findByTestId('order-gone')).toBeTruthy();
  });
});
