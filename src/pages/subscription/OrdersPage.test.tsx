// @vitest-environment happy-dom
// Issue 22: /subscription/orders offline on a first visit was a blank page; it says the orders load when online.
import 'fake-indexeddb/auto';
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInDb } from '../../db/testing';

// Offline, the worker's load keeps what is stored (nothing on a first visit) and resolves.
vi.mock('../../bridge/worker', () => ({ dataWorker: { loadOrders: vi.fn(async () => undefined) } }));
const { default: OrdersPage } = await import('./OrdersPage');
signedInDb('orders-page');

describe('orders page', () => {
  it('offline with no orders kept: says they load when the connection is back', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <OrdersPage />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(await screen.findByText('Your orders are not on this device yet')).toBeTruthy();
    expect(screen.getByText('They load when the connection is back.')).toBeTruthy();
  });
});
