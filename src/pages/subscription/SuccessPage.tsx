// /subscription/success (spec §2): the paid order and a go-to-dashboard action. After Stripe's redirect the
// payment may still be confirming: the server is asked to look at it, and the order's live event updates the page.
// Without an order (none named, a malformed id, or one the server does not know) it is the spec's error page.
import { useLingui } from '@lingui/react/macro';
import { CircleCheck, Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Page, Panel } from '../../components/Page';
import { useSetting } from '../../db/hooks';
import { SETTING } from '../../db/settings';
import { translateServerMessage as tr } from '../../i18n/messages';
import { formatPrice } from '../../i18n/money';
import { isMissing, isOrderId, OrderGone } from './OrderGone';
import { stationNames } from './orderText';
import styles from './Subscription.module.css';

export default function SuccessPage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const id = params.get('order');
  const orders = useSetting(SETTING.orders, []);
  const valid = !!id && isOrderId(id);
  const order = valid ? orders?.find((o) => o._id === id) : undefined;
  const [unknown, setUnknown] = useState(false);

  useEffect(() => {
    if (!id || !isOrderId(id)) return;
    dataWorker.checkPayment(id).catch((e) => {
      // The server does not know it (offline, the order shown from storage stays).
      if (isMissing(e)) setUnknown(true);
      else console.warn('[payment] check failed', e);
    });
  }, [id]);

  if (!valid || (unknown && !order)) return <OrderGone />;
  if (orders && !order) return <div aria-busy="true" />;
  if (order && order.status !== 'done' && order.status !== 'pending') return <OrderGone />;
  const confirming = order?.status === 'pending';
  return (
    <Page title={t`Payment successful`}>
      <Panel className={styles.done}>
        {confirming ? (
          <>
            <Hourglass size={44} aria-hidden="true" />
            <h2 className={styles.planName}>{t`Confirming your payment…`}</h2>
            {order?.lastError && <p className={styles.error}>{tr(order.lastError)}</p>}
          </>
        ) : (
          <>
            <CircleCheck size={44} className={styles.doneIcon} aria-hidden="true" />
            <h2 className={styles.planName} data-testid="payment-done">
              {t`Thank you! Your plan is active.`}
            </h2>
            {order && (
              <p className={styles.muted}>
                {order.plan.name} · {stationNames(order)} ·{' '}
                {formatPrice(order.total, order.currency, i18n.locale)}
              </p>
            )}
          </>
        )}
        <Link to="/dashboard" className={styles.cta}>
          {t`Go to dashboard`}
        </Link>
      </Panel>
    </Page>
  );
}
