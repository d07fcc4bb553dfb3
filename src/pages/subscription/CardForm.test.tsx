// @vitest-environment happy-dom
import '../../components/test-setup';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { CardForm } from './CardForm';

function setup() {
  const onPay = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <CardForm amount="$2.99" busy={false} onPay={onPay} />
    </I18nProvider>,
  );
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const pay = () => fireEvent.click(screen.getByRole('button', { name: /Pay now/ }));
  return { onPay, type, pay };
}

it('checks number, expiry and security code before paying, as the provider would', () => {
  const { onPay, type, pay } = setup();
  type('Card number', '4242424242424241');
  type('Expiry date', '0120');
  type('Security code', '12');
  pay();
  expect(onPay).not.toHaveBeenCalled();
  expect(screen.getByText('Your card number is invalid.')).toBeTruthy();
  expect(screen.getByText("Your card's expiration date is in the past.")).toBeTruthy();
  expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();

  type('Card number', '4242424242424242');
  type('Expiry date', `12${(new Date().getFullYear() + 2) % 100}`);
  type('Security code', '123');
  expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
  expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toMatch(/^12 \/ \d\d$/);
  pay();
  expect(onPay).toHaveBeenCalledWith({
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  });
});

it('asks American Express for the 4 digits on the front', () => {
  const { onPay, type, pay } = setup();
  expect(screen.getByText('3 digits on the back of the card')).toBeTruthy();
  type('Card number', '378282246310005');
  expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('3782 822463 10005');
  expect(screen.getByText('American Express')).toBeTruthy();
  expect(screen.getByText('4 digits on the front of the card')).toBeTruthy();
  type('Expiry date', `12${(new Date().getFullYear() + 2) % 100}`);
  type('Security code', '123');
  pay();
  expect(onPay).not.toHaveBeenCalled();
  type('Security code', '1234');
  pay();
  expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ number: '378282246310005', cvc: '1234' }));
});
