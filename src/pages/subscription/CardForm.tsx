// The sandbox's card form (no Stripe keys): card number, expiry and security code checked like a real provider
// (src/domain/card.ts: Luhn, a month not past, 3 digits, 4 on the front for American Express) before "Pay now";
// the server checks again and its test card numbers decide.
import { useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { CardDetails } from '../../../workers/api';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import {
  brandOf,
  type CardField,
  checkCard,
  cvcLength,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  readExpiry,
} from '../../domain/card';
import { translateServerMessage as tr } from '../../i18n/messages';
import styles from './Subscription.module.css';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function CardForm({
  amount,
  busy,
  onPay,
}: {
  amount: string;
  busy: boolean;
  onPay: (card: CardDetails) => void;
}) {
  const { t } = useLingui();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problems, setProblems] = useState<Partial<Record<CardField, string>>>({});
  const brand = brandOf(number);
  const digits = cvcLength(brand);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const exp = readExpiry(expiry);
    const card = { number: digitsOf(number), expMonth: exp?.month ?? 0, expYear: exp?.year ?? 0, cvc };
    const found = checkCard(card);
    setProblems(Object.fromEntries(found.map((p) => [p.field, tr(p.code)])));
    if (found.length === 0) onPay(card);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t`Card number`}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(e) => setNumber(formatCardNumber(e.target.value))}
        error={problems.number}
        hint={BRANDS[brand]}
      />
      <div className={styles.cardRow}>
        <TextField
          label={t`Expiry date`}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t`MM / YY`}
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          error={problems.expiry}
        />
        <TextField
          label={t`Security code`}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={digits === 4 ? '1234' : '123'}
          maxLength={4}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          error={problems.cvc}
          hint={digits === 4 ? t`4 digits on the front of the card` : t`3 digits on the back of the card`}
        />
      </div>
      <Button type="submit" variant="primary" busy={busy} icon={<Lock size={16} aria-hidden="true" />}>
        {t`Pay now`} · {amount}
      </Button>
    </form>
  );
}
