// "Kept on this device" (issue 32): what the browser holds for this account (stations, readings, cached graphs,
// unsent changes), how much space it takes, and whether the browser keeps it when space runs short.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { type StorageFacts, storageFacts } from '../../bridge/storage';
import { Panel } from '../../components/Page';
import { useLocalHoldings } from '../../db/hooks';
import styles from './Account.module.css';

/** Bytes in the largest unit that keeps the number small, in the reader's language ("12.3 MB", "12,3 Mo"). */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[i],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && i > 0 ? 1 : 0,
  }).format(value);
}

export function LocalData() {
  const { t, i18n } = useLingui();
  const held = useLocalHoldings();
  const headingId = useId();
  const [facts, setFacts] = useState<StorageFacts | null | undefined>(undefined);
  // The estimate moves as the worker writes: read it again whenever the counts change.
  useEffect(() => {
    if (!held) return;
    let alive = true;
    void storageFacts().then((f) => alive && setFacts(f));
    return () => {
      alive = false;
    };
  }, [held]);
  const n = (v: number | undefined) =>
    v === undefined ? '---' : new Intl.NumberFormat(i18n.locale).format(v);
  const used = facts ? formatBytes(facts.usage, i18n.locale) : null;
  const quota = facts ? formatBytes(facts.quota, i18n.locale) : null;
  return (
    <section aria-labelledby={headingId}>
      <Panel>
        <h2 id={headingId} className={styles.sectionTitle}>
          {t`Kept on this device`}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>{t`Space used`}</dt>
            <dd className="tabular">
              {facts === null ? t`Not reported by this browser` : used ? t`${used} of ${quota}` : '---'}
            </dd>
          </div>
          <div>
            <dt>{t`Stations`}</dt>
            <dd className="tabular">{n(held?.stations)}</dd>
          </div>
          <div>
            <dt>{t`Stored readings`}</dt>
            <dd className="tabular">{n(held?.readings)}</dd>
          </div>
          <div>
            <dt>{t`Cached graphs`}</dt>
            <dd className="tabular">{n(held?.graphs)}</dd>
          </div>
          <div>
            <dt>{t`Changes not yet sent`}</dt>
            <dd className="tabular">{n(held?.edits)}</dd>
          </div>
          <div>
            <dt>{t`Kept when space runs short`}</dt>
            <dd>
              {facts?.persisted
                ? t`Yes: the browser will not clear it`
                : facts
                  ? t`No: the browser may clear it when space runs short`
                  : '---'}
            </dd>
          </div>
        </dl>
      </Panel>
    </section>
  );
}
