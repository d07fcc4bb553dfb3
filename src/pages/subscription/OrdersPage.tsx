// /subscription/orders (spec §2 Order list): the user's orders, newest first, with their status (done reads
// "Completed", error the support text), a pending one's countdown and pay link, and delete with confirmation
// (spec §5). Empty: 'No orders found' with a hint to subscribe. Read from Dexie, so it shows offline too.
import { useLingui } from '@lingui/react/macro';
import { Receipt, Trash2, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';
import { EmptyState, Page, Panel } from '../../components/Page';
import { useNow } from '../../components/useNow';
import { useSetting, useUnits } from '../../db/hooks';
import { SETTING } from '../../db/settings';
import type { Order } from '../../domain/contract';
import { msLeft } from '../../domain/orders';
import { formatDateTime } from '../../i18n/dateTime';
import { translateServerMessage as tr } from '../../i18n/messages';
import { formatPrice } from '../../i18n/money';
import { errorText } from '../../state/ui';
import { Countdown } from './Countdown';
import { stationNames, statusText } from './orderText';
import styles from './Subscription.module.css';

export default function OrdersPage() {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const orders = useSetting(SETTING.orders, null);
  const now = useNow(1000);
  const [doomed, setDoomed] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The first load is over: with nothing kept (offline on a first visit) the page says so, not a blank page.
  const [tried, setTried] = useState(false);

  useEffect(() => {
    dataWorker
      .loadOrders()
      .catch((e) => setError(errorText(e)))
      .finally(() => setTried(true));
  }, []);

  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await dataWorker.removeOrder(doomed._id);
      setDoomed(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const subscribe = (
    <Link to="/subscription/plans" className={styles.cta}>
      {t`Subscribe`}
    </Link>
  );

  return (
    <Page title={t`Subscription Orders`} actions={orders && orders.length > 0 ? subscribe : undefined}>
      {error && (
        <p className={styles.error} role="alert">
          {tr(error)}
        </p>
      )}
      {(orders === null || orders === undefined) && tried && !error ? (
        <EmptyState
          icon={<WifiOff size={40} aria-hidden="true" />}
          title={t`Your orders are not on this device yet`}
        >
          <p>{t`They load when the connection is back.`}</p>
        </EmptyState>
      ) : orders === null || orders === undefined ? (
        <div aria-busy="true" />
      ) : orders.length === 0 ? (
        <EmptyState icon={<Receipt size={40} aria-hidden="true" />} title={t`No orders found`}>
          <p>{t`Subscribe an air quality, WBGT, dashboard or professional station to a plan to see its readings.`}</p>
          {subscribe}
        </EmptyState>
      ) : (
        <ul className={styles.orders} data-testid="orders">
          {orders.map((o) => {
            const left = msLeft(o, now);
            const status = o.status === 'pending' && left === 0 ? 'cancelled' : o.status;
            return (
              <li key={o._id}>
                <Panel className={styles.order}>
                  <div className={styles.section}>
                    <div className={styles.orderHead}>
                      <strong>{o.plan.name}</strong>
                      <span
                        className={`${styles.status} ${styles[`status_${status}`]}`}
                        data-testid="order-status"
                      >
                        {statusText(status)}
                      </span>
                    </div>
                    <p className={styles.muted}>
                      {stationNames(o)} · {formatDateTime(o.createdAt, i18n.locale, prefs)}
                    </p>
                    <span className={styles.total}>{formatPrice(o.total, o.currency, i18n.locale)}</span>
                    {status === 'pending' && o.lastError && <p className={styles.error}>{tr(o.lastError)}</p>}
                  </div>
                  <div className={styles.orderActions}>
                    {status === 'pending' && (
                      <>
                        <Countdown ms={left} />
                        <Link to={`/subscription/${o._id}/payment`} className={styles.cta}>
                          {t`Pay now`}
                        </Link>
                      </>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Trash2 size={16} aria-hidden="true" />}
                      onClick={() => setDoomed(o)}
                    >
                      {t`Delete`}
                    </Button>
                  </div>
                </Panel>
              </li>
            );
          })}
        </ul>
      )}
      <AppDialog
        open={!!doomed}
        onClose={() => setDoomed(null)}
        role="alertdialog"
        busy={busy}
        title={t`Delete this order?`}
        actions={
          <>
            <Button variant="ghost" onClick={() => setDoomed(null)}>
              {t`Cancel`}
            </Button>
            <Button
              variant="danger"
              busy={busy}
              icon={<Trash2 size={16} aria-hidden="true" />}
              onClick={() => void remove()}
            >
              {t`Delete order`}
            </Button>
          </>
        }
      >
        <p>
          {doomed?.status === 'pending'
            ? t`The order is cancelled and removed from your list.`
            : t`The order is removed from your list. A plan it paid for stays active.`}
        </p>
      </AppDialog>
    </Page>
  );
}
