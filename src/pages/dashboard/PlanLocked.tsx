// In place of the cards of a paid device type without an active plan (issue #14): what is missing and how to
// subscribe. The server withholds the readings (402 planRequired); owners and shared users get the way to a plan,
// public viewers learn that the owner can add one.
import { useLingui } from '@lingui/react/macro';
import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/Page';
import { relationOf } from '../../db/devices';
import { useAuth } from '../../db/hooks';
import type { Device } from '../../domain/contract';
import { translateServerMessage as tr } from '../../i18n/messages';
import { typeName } from '../devices/typeNames';
import styles from './DashboardPage.module.css';

export function PlanLocked({ device }: { device: Device }) {
  const { t } = useLingui();
  const userId = useAuth()?.user?._id;
  const mine = relationOf(device, userId) !== 'public';
  const type = typeName(device.consoletype);
  return (
    <div data-testid="plan-locked">
      <EmptyState
        icon={<LockKeyhole size={40} aria-hidden="true" />}
        title={t`This station needs a subscription plan to show its data`}
      >
        <p>{t`${type} stations show their readings with an active plan. This console has none, or its plan has ended; its uploads are kept meanwhile.`}</p>
        {mine ? (
          <>
            {device.mac === null && relationOf(device, userId) === 'owned' && <p>{tr('orderMacMissing')}</p>}
            <Link to={`/subscription/plans?device=${device._id}`} className={styles.cta}>
              {t`Choose a plan`}
            </Link>
          </>
        ) : (
          <p>{t`Its owner can subscribe it to a plan.`}</p>
        )}
      </EmptyState>
    </div>
  );
}
