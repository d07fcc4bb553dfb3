// Subscribe (issue #14): the published plans with their prices in the user's language and currency, the
// stations of a paid type the user owns or shares, and "Continue to payment", which creates the order and opens
// its payment page (a free plan is granted at once). `?device=` preselects a station (from the dashboard).
import { useLingui } from '@lingui/react/macro';
import { Check, CreditCard } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { EmptyState, Page, Panel } from '../../components/Page';
import { relationOf } from '../../db/devices';
import { useAuth, useDevices, useSetting } from '../../db/hooks';
import { SETTING } from '../../db/settings';
import type { SubscriptionPlan } from '../../domain/contract';
import { SUBSCRIPTION_TYPES } from '../../domain/plans';
import { planText } from '../../domain/words/plans';
import { translateServerMessage as tr } from '../../i18n/messages';
import { formatPrice } from '../../i18n/money';
import { errorText } from '../../state/ui';
import { typeName } from '../devices/typeNames';
import { planSummary } from './orderText';
import styles from './Subscription.module.css';

export default function PlansPage() {
  const { t, i18n } = useLingui();
  // Seeded plans in the reader's language; an admin's own texts as typed.
  const say = (w: { id: string; message: string }) => i18n._(w);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = useSetting(SETTING.plans, null);
  const devices = useDevices();
  const userId = useAuth()?.user?._id;
  const [planId, setPlanId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dataWorker.loadPlans().catch((e) => setError(errorText(e)));
  }, []);

  const stations = useMemo(
    () =>
      (devices ?? []).filter(
        (d) => SUBSCRIPTION_TYPES.includes(d.consoletype) && relationOf(d, userId) !== 'public',
      ),
    [devices, userId],
  );
  const wanted = params.get('device');
  const selected = chosen ?? (wanted ? [wanted] : stations.slice(0, 1).map((d) => d._id));
  const offered = (plans ?? []).filter((p) => p.status === 'published');
  const plan: SubscriptionPlan | undefined =
    offered.find((p) => p._id === planId) ?? offered.find((p) => p.price > 0) ?? offered[0];
  const count = selected.filter((id) => stations.some((s) => s._id === id)).length;
  const price = (cents: number) => formatPrice(cents, plan?.currency ?? 'USD', i18n.locale);

  const toggle = (id: string) =>
    setChosen(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);

  const order = async () => {
    if (!plan) return;
    setBusy(true);
    setError(null);
    try {
      const made = await dataWorker.createOrder(
        plan._id,
        selected.filter((id) => stations.some((s) => s._id === id)),
      );
      navigate(
        made.status === 'done'
          ? `/subscription/success?order=${made._id}`
          : `/subscription/${made._id}/payment`,
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t`Subscribe`}
      width="wide"
      actions={<Link to="/subscription/orders">{t`Subscription Orders`}</Link>}
    >
      <p className={styles.muted}>
        {t`Air quality, WBGT, dashboard and professional stations show their readings with a plan. Choose one and the stations it is for.`}
      </p>
      {plans === null || plans === undefined ? (
        <div aria-busy="true" />
      ) : (
        <div className={styles.plans} role="radiogroup" aria-label={t`Plans`}>
          {offered.map((p) => {
            const on = p._id === plan?._id;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a card-sized choice, announced as a radio
              <button
                key={p._id}
                type="button"
                role="radio"
                aria-checked={on}
                className={`${styles.plan} ${on ? styles.planChosen : ''}`}
                onClick={() => setPlanId(p._id)}
                data-testid="plan"
              >
                <span className={styles.orderHead}>
                  <span className={styles.planName}>{planText(p.name, say)}</span>
                  {on && <Check size={18} aria-hidden="true" />}
                </span>
                <span className={styles.price}>
                  {p.price === 0 ? (
                    t`Free`
                  ) : (
                    <>
                      {formatPrice(p.price, p.currency, i18n.locale)}{' '}
                      <span className={styles.per}>{t`per station`}</span>
                    </>
                  )}
                </span>
                <span className={styles.muted}>{planSummary(p)}</span>
                {p.description && <span className={styles.muted}>{planText(p.description, say)}</span>}
                {p.features.length > 0 && (
                  <ul className={styles.features}>
                    {p.features.map((f) => (
                      <li key={f._id}>{planText(f.text, say)}</li>
                    ))}
                  </ul>
                )}
              </button>
            );
          })}
        </div>
      )}
      <Panel className={styles.section}>
        <h2 className={styles.sectionTitle}>{t`Stations`}</h2>
        {stations.length === 0 ? (
          <EmptyState title={t`No station needs a plan`}>
            <p>{t`Only air quality, WBGT, dashboard and professional stations need one.`}</p>
          </EmptyState>
        ) : (
          <div className={styles.stations}>
            {stations.map((d) => {
              const owned = relationOf(d, userId) === 'owned';
              const noMac = owned && !d.mac;
              return (
                <div key={d._id}>
                  <Checkbox
                    label={`${d.name} · ${typeName(d.consoletype)}`}
                    checked={selected.includes(d._id)}
                    disabled={noMac}
                    onChange={() => toggle(d._id)}
                  />
                  {noMac && (
                    <p className={styles.muted}>
                      {tr('orderMacMissing')} <Link to={`/devices/${d._id}/edit`}>{t`Edit station`}</Link>
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        )}
        {plan && (
          <div className={styles.summary}>
            <span className={styles.total} data-testid="order-total">
              {t`Total`}: {price(plan.price * count)}
            </span>
            <Button
              variant="primary"
              icon={<CreditCard size={16} aria-hidden="true" />}
              busy={busy}
              disabled={count === 0}
              onClick={() => void order()}
            >
              {plan.price === 0 ? t`Activate` : t`Continue to payment`}
            </Button>
          </div>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {tr(error)}
          </p>
        )}
      </Panel>
    </Page>
  );
}
