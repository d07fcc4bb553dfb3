// The payment error page (spec §8): 'Error Occuried' / 'The order cannot be found or the order has expired.
// Please create a new order.', with the way to a new order.
import { useLingui } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Page, Panel } from '../../components/Page';
import { errorCodeOf } from '../../domain/errors';
import styles from './Subscription.module.css';

/** An order id as the server makes them (24 hex digits): anything else names no order. */
export const isOrderId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/** The server's answer that the order is not there (not: the server could not be reached). */
export function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return errorCodeOf(error) === 'orderGone' || code === 404;
}

export function OrderGone() {
  const { t } = useLingui();
  return (
    <Page title={t`Payment`}>
      <Panel className={styles.done}>
        <CircleAlert size={44} className={styles.goneIcon} aria-hidden="true" />
        <h2 className={styles.planName} data-testid="order-gone">{t`Error Occuried`}</h2>
        <p>{t`The order cannot be found or the order has expired. Please create a new order.`}</p>
        <Link to="/subscription/plans" className={styles.cta}>
          {t`Create a new order`}
        </Link>
        <Link to="/subscription/orders" className={styles.link}>
          {t`Subscription Orders`}
        </Link>
      </Panel>
    </Page>
  );
}
