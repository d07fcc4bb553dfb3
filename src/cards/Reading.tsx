// One reading: number large or small, unit smaller and lighter, change arrow, short highlight when it changes.
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import type { Change, UnitPrefs } from '../domain';
import { readingText } from './format';
import styles from './Reading.module.css';

export function Reading({
  metric,
  value,
  prefs,
  size = 'md',
  change,
  testId,
}: {
  metric: string;
  value: number | null | undefined;
  prefs: UnitPrefs;
  size?: 'xl' | 'lg' | 'md';
  change?: Change;
  testId?: string;
}) {
  const { t, i18n } = useLingui();
  const r = readingText(metric, value, prefs, i18n.locale);
  const valueRef = useRef<HTMLSpanElement>(null);
  useFlash(r.value, valueRef);
  return (
    <span className={`${styles.reading} ${styles[size]}`} data-testid={testId} data-reading>
      <span ref={valueRef} className={styles.value}>
        {r.value}
      </span>
      {r.unit && <span className={styles.unit}>{r.unit}</span>}
      {change === 'up' && <ArrowUp className={styles.arrow} aria-label={t`Rising`} role="img" />}
      {change === 'down' && <ArrowDown className={styles.arrow} aria-label={t`Falling`} role="img" />}
    </span>
  );
}

/**
 * A short highlight whenever the text changes after the first render, animated on the same element: a new element
 * per change (a remount to restart a CSS animation) was a new largest-paint candidate each time, so a return
 * visit's dashboard, painted from kept values, had its LCP moved to the first fresh value (3.0-3.4 s instead of
 * 2.8 s in Lighthouse, issue 32).
 */
function useFlash(text: string, ref: RefObject<HTMLElement | null>): void {
  const first = useRef(text);
  useEffect(() => {
    if (text === first.current) return;
    first.current = text;
    const el = ref.current;
    // Reduced motion: none (global.css stops the CSS animations; this one is the page's own).
    if (!el?.animate || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const flash = getComputedStyle(el).getPropertyValue('--flash').trim();
    el.animate([{ background: flash || 'transparent' }, { background: 'transparent' }], {
      duration: FLASH_MS,
      easing: 'ease-out',
    });
  }, [text, ref]);
}

/** How long a changed reading's highlight fades. */
export const FLASH_MS = 1400;

/** A small labelled reading for the grid under the primary one. */
export function SecondaryReading({
  label,
  metric,
  value,
  prefs,
}: {
  label: string;
  metric: string;
  value: number | null | undefined;
  prefs: UnitPrefs;
}) {
  return (
    <div className={styles.secondary}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.dd}>
        <Reading metric={metric} value={value} prefs={prefs} size="md" />
      </dd>
    </div>
  );
}
