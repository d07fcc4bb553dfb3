// One reading: number large or small, unit smaller and lighter, change arrow, short highlight when it changes.
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
  const flash = useFlash(r.value);
  return (
    <span className={`${styles.reading} ${styles[size]}`} data-testid={testId} data-reading>
      <span key={flash} className={`${styles.value} ${flash ? styles.flash : ''}`}>
        {r.value}
      </span>
      {r.unit && <span className={styles.unit}>{r.unit}</span>}
      {change === 'up' && <ArrowUp className={styles.arrow} aria-label={t`Rising`} role="img" />}
      {change === 'down' && <ArrowDown className={styles.arrow} aria-label={t`Falling`} role="img" />}
    </span>
  );
}

/** A counter that increases whenever the text changes after the first render (restarts the CSS animation). */
function useFlash(text: string): number {
  const first = useRef(text);
  const [n, setN] = useState(0);
  useEffect(() => {
    if (text !== first.current) {
      first.current = text;
      setN((c) => c + 1);
    }
  }, [text]);
  return n;
}

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
