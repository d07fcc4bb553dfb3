// A searchable list of questions and answers; 'No result' when nothing matches (spec §8).
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/Page';
import styles from './FaqList.module.css';

export interface Faq {
  q: MessageDescriptor;
  a: MessageDescriptor;
}

export function FaqList({ items }: { items: Faq[] }) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const words = query.toLocaleLowerCase(i18n.locale).split(/\s+/).filter(Boolean);
    return items
      .map((f) => ({ q: i18n._(f.q), a: i18n._(f.a) }))
      .filter(({ q, a }) => {
        const text = `${q} ${a}`.toLocaleLowerCase(i18n.locale);
        return words.every((w) => text.includes(w));
      });
  }, [items, query, i18n]);

  return (
    <div className={styles.wrap}>
      <label className={styles.search}>
        <Search size={18} aria-hidden="true" />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t`Search the FAQ`}
          aria-label={t`Search the FAQ`}
        />
      </label>
      {shown.length === 0 ? (
        <EmptyState title={t`No result`} />
      ) : (
        <div className={styles.list}>
          {shown.map(({ q, a }) => (
            <details key={q} className={styles.item} open={Boolean(query)}>
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}
