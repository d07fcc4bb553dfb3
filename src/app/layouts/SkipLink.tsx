// "Skip to main content": the first stop of the keyboard on every screen, shown only when focused (WCAG 2.4.1).
// A button that moves focus to <main>: a #main link would be a router navigation (and scroll to the top).
import { useLingui } from '@lingui/react/macro';
import styles from './SkipLink.module.css';

export function SkipLink() {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={styles.skip}
      onClick={() => {
        const main = document.getElementById('main');
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      {t`Skip to main content`}
    </button>
  );
}
