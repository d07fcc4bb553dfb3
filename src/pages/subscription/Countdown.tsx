// "Time left to pay: 29:41": the order's countdown (spec §2), red in its last minute.
import { useLingui } from '@lingui/react/macro';
import { Timer } from 'lucide-react';
import { countdownText } from '../../domain/orders';
import styles from './Subscription.module.css';

export function Countdown({ ms }: { ms: number }) {
  const { t } = useLingui();
  const left = countdownText(ms);
  return (
    <span
      className={`${styles.countdown} ${ms < 60_000 ? styles.countdownLow : ''}`}
      role="timer"
      aria-live="off"
      data-testid="countdown"
    >
      <Timer size={16} aria-hidden="true" />
      {t`Time left to pay: ${left}`}
    </span>
  );
}
