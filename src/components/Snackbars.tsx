// Error and success snackbars (spec §4): the error one stays until dismissed (100000 ms), the success one is
// short; both have a close button. Other prompts (the update prompt) use the same <Snackbar>.
import { useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useUi } from '../state/ui';
import styles from './Snackbars.module.css';

export const ERROR_TIMEOUT_MS = 100_000;
export const SUCCESS_TIMEOUT_MS = 4_000;

export function Snackbar({
  tone,
  onClose,
  timeoutMs,
  action,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  onClose?: () => void;
  timeoutMs?: number;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  useEffect(() => {
    if (!timeoutMs || !onClose) return;
    const id = setTimeout(onClose, timeoutMs);
    return () => clearTimeout(id);
  }, [timeoutMs, onClose]);
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div className={`${styles.snackbar} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {tone !== 'info' && <Icon size={20} aria-hidden="true" className={styles.icon} />}
      <div className={styles.message}>{children}</div>
      {action}
      {onClose && (
        <button type="button" className={styles.close} onClick={onClose} aria-label={t`Close`}>
          <X size={18} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

export function SnackbarStack({ children }: { children: ReactNode }) {
  return <div className={styles.stack}>{children}</div>;
}

export function MessageSnackbars() {
  const errorMessage = useUi((s) => s.errorMessage);
  const successMessage = useUi((s) => s.successMessage);
  const clearError = useUi((s) => s.clearError);
  const clearSuccess = useUi((s) => s.clearSuccess);
  return (
    <>
      {errorMessage && (
        <Snackbar tone="error" onClose={clearError} timeoutMs={ERROR_TIMEOUT_MS} key={`e:${errorMessage}`}>
          {errorMessage}
        </Snackbar>
      )}
      {successMessage && (
        <Snackbar
          tone="success"
          onClose={clearSuccess}
          timeoutMs={SUCCESS_TIMEOUT_MS}
          key={`s:${successMessage}`}
        >
          {successMessage}
        </Snackbar>
      )}
    </>
  );
}
