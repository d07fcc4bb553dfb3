// Thin loading bar for route loads (lazy pages): appears only if loading lasts over 200 ms (throttle), creeps
// toward the end over 5 s, then completes and fades (spec §9).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styles from './ProgressBar.module.css';
import { usePageLoading } from './pageLoads';

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

export function ProgressBar({ active }: { active: boolean }) {
  const { t } = useLingui();
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');
  useEffect(() => {
    if (active) {
      const id = setTimeout(() => setPhase('running'), PROGRESS_THROTTLE_MS);
      return () => clearTimeout(id);
    }
    setPhase((p) => (p === 'running' ? 'done' : 'idle'));
    const id = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(id);
  }, [active]);
  if (phase === 'idle') return null;
  return (
    <div
      className={`${styles.bar} ${phase === 'done' ? styles.done : ''}`}
      role="progressbar"
      aria-label={t`Loading`}
      style={{ ['--progress-duration' as string]: `${PROGRESS_DURATION_MS}ms` }}
    >
      <div className={styles.fill} />
    </div>
  );
}

/** The bar shown while a page's code loads. */
export function RouteProgressBar() {
  return <ProgressBar active={usePageLoading()} />;
}
