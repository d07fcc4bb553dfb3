// Language picker for the login layout and the account page; names are shown in their own language.
import { useLingui } from '@lingui/react/macro';
import { chooseLocale } from './activate';
import styles from './LanguageSelector.module.css';
import { LOCALES, type LocaleId } from './locales';

export function LanguageSelector({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  return (
    <label className={`${styles.wrap} ${className ?? ''}`}>
      <span className={styles.label}>{t`Language`}</span>
      <select
        className={styles.select}
        value={i18n.locale}
        onChange={(e) => void chooseLocale(e.target.value as LocaleId)}
      >
        {LOCALES.map((l) => (
          <option key={l.id} value={l.id} lang={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
