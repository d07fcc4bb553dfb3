// Under the device type: a paid type's plan (spec §3 "service plan with start and end"), by the console's MAC.
// Loaded through the worker and kept in Dexie, so it shows offline as last known.
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { useSetting, useUnits } from '../../db/hooks';
import { devicePlanKey } from '../../db/settings';
import type { Device } from '../../domain/contract';
import { SUBSCRIPTION_TYPES } from '../../domain/plans';
import { planText } from '../../domain/words/plans';
import { formatDate } from '../../i18n/dateTime';
import styles from './EditDevice.module.css';

export function PlanState({ device }: { device: Device }) {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const paid = SUBSCRIPTION_TYPES.includes(device.consoletype);
  const plan = useSetting(devicePlanKey(device._id), null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new MAC links another plan: load again
  useEffect(() => {
    if (paid) dataWorker.loadDevicePlan(device._id).catch((e) => console.warn('[plan] not loaded', e));
  }, [paid, device._id, device.mac]);

  if (!paid) return null;
  const day = (ms: number) => formatDate(ms, i18n.locale, prefs);
  let text: string;
  if (!device.mac) text = t`Paid type: enter the console's MAC address to link its plan.`;
  else if (!plan) text = t`Paid type: plan not loaded yet.`;
  else if (plan.state === 'none') text = t`Paid type: no plan for this console.`;
  else {
    const name = plan.name ? planText(plan.name, (w) => i18n._(w)) : t`Plan`;
    if (plan.state === 'active')
      text = plan.end ? t`${name}: active until ${day(plan.end)}` : t`${name}: active, never expires`;
    else if (plan.state === 'upcoming') text = t`${name}: starts ${day(plan.start ?? 0)}`;
    else text = t`${name}: expired ${day(plan.end ?? 0)}`;
  }
  return (
    <p
      className={`${styles.plan} ${plan?.state === 'active' ? styles.planActive : ''}`}
      data-testid="plan-state"
    >
      {text}
      {device.mac && plan && plan.state !== 'active' && plan.state !== 'upcoming' && (
        <>
          {' '}
          <Link to={`/subscription/plans?device=${device._id}`}>{t`Choose a plan`}</Link>
        </>
      )}
    </p>
  );
}
