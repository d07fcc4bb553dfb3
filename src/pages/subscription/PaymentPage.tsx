// /subscription/{id}/payment (spec §2): the order's details, the card form (our own in the sandbox, labelled
// "test mode"; Stripe's Payment Element otherwise), pay now and the countdown to finish the order. A missing,
// expired or closed order shows the spec's error page; a paid one goes to the success page.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { CardDetails } from '../../../workers/api';
import { dataWorker } from '../../bridge/worker';
import { Page, Panel } from '../../components/Page';
import { useNow } from '../../components/useNow';
import { useSetting } from '../../db/hooks';
import { SETTING } from '../../db/settings';
import type { PaymentStart } from '../../domain/contract';
import { msLeft, payable } from '../../domain/orders';
import { planText } from '../../domain/words/plans';
import { translateServerMessage as tr } from '../../i18n/messages';
import { formatPrice } from '../../i18n/money';
import { errorText } from '../../state/ui';
import { CardForm } from './CardForm';
import { Countdown } from './Countdown';
import { isMissing, isOrderId, OrderGone } from './OrderGone';
import { periodText, stationNames } from './orderText';
import { StripeForm } from './StripeForm';
import styles from './Subscription.module.css';

export default function PaymentPage() {
  const { t, i18n } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const orders = useSetting(SETTING.orders, []);
  const order = orders?.find((o) => o._id === id);
  const [start, setStart] = useState<PaymentStart | null>(null);
  const [gone, setGone] = useState(!id || !isOrderId(id));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useNow(1000);

  useEffect(() => {
    if (!id || !isOrderId(id)) return;
    let stop = false;
    dataWorker
      .startPayment(id)
      .then((s) => {
        if (!stop) setStart(s);
      })
      .catch(async (e) => {
        if (stop) return;
        // A paid order goes to the success page; anything else that cannot be paid is the error page.
        const current = await dataWorker.loadOrder(id).catch(() => null);
        if (current?.status === 'done') navigate(`/subscription/success?order=${id}`, { replace: true });
        else if (isMissing(e) || (current && !payable(current))) setGone(true);
        else setError(errorText(e));
      });
    return () => {
      stop = true;
    };
  }, [id, navigate]);

  if (!id || gone || !isOrderId(id)) return <OrderGone />;
  if (order?.status === 'done') return <Navigate to={`/subscription/success?order=${id}`} replace />;
  const left = order ? msLeft(order, now) : 1;
  if (order && left === 0) return <OrderGone />;

  const amount = order ? formatPrice(order.total, order.currency, i18n.locale) : '';
  const pay = async (card: CardDetails) => {
    setBusy(true);
    setError(null);
    try {
      await dataWorker.payWithCard(id, card);
      navigate(`/subscription/success?order=${id}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t`Payment`}
      actions={start?.testMode ? <span className={styles.testMode}>{t`Test mode`}</span> : undefined}
    >
      {!order ? (
        <div aria-busy="true" />
      ) : (
        <>
          <Panel className={styles.section}>
            <div className={styles.summary}>
              <h2 className={styles.sectionTitle}>{t`Order details`}</h2>
              <Countdown ms={left} />
            </div>
            <dl className={styles.details}>
              <dt>{t`Plan`}</dt>
              <dd>
                {planText(order.plan.name, (w) => i18n._(w))} · {periodText(order.plan.months)}
              </dd>
              <dt>{t`Stations`}</dt>
              <dd>{stationNames(order)}</dd>
              <dt>{t`Price per station`}</dt>
              <dd className="tabular">{formatPrice(order.unitPrice, order.currency, i18n.locale)}</dd>
              <dt>{t`Total`}</dt>
              <dd className={`tabular ${styles.total}`}>{amount}</dd>
            </dl>
          </Panel>
          <Panel className={styles.section}>
            <h2 className={styles.sectionTitle}>{t`Credit card`}</h2>
            {start?.testMode && start.provider === 'sandbox' && (
              <p className={styles.muted}>
                {t`Test mode: no money is taken. Use the test card 4242 4242 4242 4242 with any future date and any security code.`}
              </p>
            )}
            {start?.provider === 'stripe' && start.clientSecret && start.publishableKey ? (
              <StripeForm
                publishableKey={start.publishableKey}
                clientSecret={start.clientSecret}
                orderId={id}
                amount={amount}
                locale={i18n.locale}
              />
            ) : start ? (
              <CardForm amount={amount} busy={busy} onPay={(card) => void pay(card)} />
            ) : (
              <div aria-busy="true" />
            )}
            {error && (
              <p className={styles.error} role="alert" data-testid="payment-error">
                {tr(error)}
              </p>
            )}
          </Panel>
        </>
      )}
    </Page>
  );
}
